import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { basic } from '../../test/factories';
import { hashLoginToken } from './tokens';
import { insertLoginToken } from './auth.queries';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describeOnDatabases('sign-in with username and password', (t) => {
  const signIn = (code: string, authorization: string | undefined, body: unknown = 'grant_type=client_credentials', headers = form) =>
    t.request({ method: 'POST', url: `/api/${code}/oauth/token`, body, headers: { ...headers, ...(authorization ? { authorization } : {}) } });

  it('answers a bearer token whose claims name the person and the school', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const res = await signIn(school.code, basic(ana.username, ana.password));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: String(ana.id), uid: ana.id, org: school.code });
    expect(claims.exp - claims.iat).toBe(3600);
    const me = await t.request({ method: 'GET', url: `/api/${school.code}/people/${ana.id}`, token: body.access_token });
    expect(me.statusCode).toBe(200);
  });

  it('accepts a JSON body and a username in any case', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const res = await signIn(school.code, basic(ana.username.toUpperCase(), ana.password), { grant_type: 'client_credentials' }, {} as typeof form);
    expect(res.statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password and an unknown username', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const wrongPassword = await signIn(school.code, basic(ana.username, 'nope'));
    const wrongUser = await signIn(school.code, basic('nobody', ana.password));
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongUser.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: 'invalid_credentials', message: 'Wrong username or password' });
    expect(wrongUser.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.headers['www-authenticate']).toBeUndefined();
  });

  it('keeps usernames per school', async () => {
    const a = await t.makeSchool();
    const b = await t.makeSchool();
    const inA = await t.makePerson(a, { username: 'same-name', password: 'password-a' });
    const inB = await t.makePerson(b, { username: 'same-name', password: 'password-b' });
    expect((await signIn(a.code, basic('same-name', 'password-a'))).statusCode).toBe(200);
    expect((await signIn(b.code, basic('same-name', 'password-b'))).statusCode).toBe(200);
    expect((await signIn(a.code, basic('same-name', 'password-b'))).statusCode).toBe(401);
    const tokenB = (await signIn(b.code, basic('same-name', 'password-b'))).json().access_token;
    const claims = JSON.parse(Buffer.from(tokenB.split('.')[1], 'base64url').toString());
    expect(claims.uid).toBe(inB.id);
    expect(inA.id).not.toBe(inB.id);
  });

  it('explains missing or garbled credentials and a missing grant type', async () => {
    const school = await t.makeSchool();
    const missing = await signIn(school.code, undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe('credentials_required');
    const garbled = await signIn(school.code, 'Basic !!!not-base64!!!');
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().error).toBe('invalid_basic_auth');
    const noColon = await signIn(school.code, `Basic ${Buffer.from('justname').toString('base64')}`);
    expect(noColon.statusCode).toBe(400);
    const noGrant = await signIn(school.code, basic('a', 'b'), 'grant_type=password');
    expect(noGrant.statusCode).toBe(400);
    expect(noGrant.json().details[0].path).toBe('grant_type');
  });

  it('answers 404 for an unknown school and 400 for an invalid code', async () => {
    expect((await signIn('no-such-school', basic('a', 'b'))).statusCode).toBe(404);
    expect((await signIn('BAD_CODE!', basic('a', 'b'))).statusCode).toBe(400);
  });
});

describeOnDatabases(
  'sign-in rate limit',
  (t) => {
    const signIn = (code: string, user: string, password: string, ip = '10.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: `/api/${code}/oauth/token`,
        headers: { ...form, authorization: basic(user, password) },
        payload: 'grant_type=client_credentials',
        remoteAddress: ip,
      });
    const timed = async <T>(work: Promise<T>): Promise<[T, number]> => {
      const started = performance.now();
      const result = await work;
      return [result, performance.now() - started];
    };

    it('item 13: wrong passwords lock the account only from that IP; the right password from a new IP signs in', async () => {
      const school = await t.makeSchool();
      const ana = await t.makePerson(school);
      for (let i = 0; i < 3; i++) expect((await signIn(school.code, ana.username, 'wrong', '10.1.0.1')).statusCode).toBe(401);
      const locked = await signIn(school.code, ana.username, ana.password, '10.1.0.1');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toBe('too_many_attempts');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await signIn(school.code, ana.username, ana.password, '10.1.0.2')).statusCode).toBe(200);
    });

    it('item 13: failures from many IPs slow the account down for everyone, within a cap, but never lock it', async () => {
      const school = await t.makeSchool();
      const ana = await t.makePerson(school);
      // Four failures are free; each further one adds 100 ms, capped at 300 ms.
      for (let i = 0; i < 8; i++) expect((await signIn(school.code, ana.username, 'wrong', `10.2.0.${i}`)).statusCode).toBe(401);
      const [owner, waited] = await timed(signIn(school.code, ana.username, ana.password, '10.2.1.1'));
      expect(owner.statusCode).toBe(200);
      expect(waited).toBeGreaterThanOrEqual(290);

      // The wait is a timer: another request is answered before the waiting sign-in (how fast: bench/busy-server.mjs).
      let signInDone = false;
      const slow = timed(signIn(school.code, ana.username, 'wrong', '10.2.1.2').finally(() => (signInDone = true)));
      const settings = await t.request({ method: 'GET', url: `/api/${school.code}/vue/settings` });
      expect(settings.statusCode).toBe(200);
      expect(signInDone).toBe(false);
      expect((await slow)[1]).toBeGreaterThanOrEqual(290);
    });

    it('item 13: an unknown username is slowed down exactly like a known one', async () => {
      const school = await t.makeSchool();
      const ana = await t.makePerson(school);
      for (const user of [ana.username, 'nobody-here']) {
        for (let i = 0; i < 6; i++) await signIn(school.code, user, 'wrong', `10.3.${user.length}.${i}`);
      }
      const [known, knownWait] = await timed(signIn(school.code, ana.username, 'wrong', '10.3.9.1'));
      const [unknown, unknownWait] = await timed(signIn(school.code, 'nobody-here', 'wrong', '10.3.9.2'));
      expect(unknown.json()).toEqual(known.json());
      expect(unknown.statusCode).toBe(401);
      expect(knownWait).toBeGreaterThanOrEqual(290);
      expect(unknownWait).toBeGreaterThanOrEqual(290);
    });

    it('does not count successful sign-ins', async () => {
      const school = await t.makeSchool();
      const ana = await t.makePerson(school);
      for (let i = 0; i < 8; i++) expect((await signIn(school.code, ana.username, ana.password, '10.0.0.3')).statusCode).toBe(200);
    });

    it('limits one IP trying many accounts', async () => {
      const school = await t.makeSchool();
      for (let i = 0; i < 5; i++) expect((await signIn(school.code, `ghost${i}`, 'x', '10.0.0.4')).statusCode).toBe(401);
      expect((await signIn(school.code, 'ghost-next', 'x', '10.0.0.4')).statusCode).toBe(429);
      expect((await signIn(school.code, 'ghost-next', 'x', '10.0.0.5')).statusCode).toBe(401);
    });
  },
  { signInLimits: { perAccountAndIp: 3, perIp: 5, windowSeconds: 900, backoffAfter: 4, backoffStepMs: 100, maxBackoffMs: 300 } },
);

describeOnDatabases('access tokens', (t) => {
  it('refuses expired, tampered, unsigned and garbage tokens with 401', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const url = `/api/${school.code}/people/${ana.id}`;

    const expired = await t.request({ method: 'GET', url, token: await t.signIn(ana, -10) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe('token_expired');

    const good = await t.signIn(ana);
    const [h, p, s] = good.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, uid: claims.uid + 1, sub: String(claims.uid + 1) })).toString('base64url');
    const tampered = await t.request({ method: 'GET', url, token: `${h}.${forged}.${s}` });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().error).toBe('invalid_token');

    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    expect((await t.request({ method: 'GET', url, token: none })).statusCode).toBe(401);

    const otherKey = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('another secret'));
    expect((await t.request({ method: 'GET', url, token: otherKey })).statusCode).toBe(401);

    expect((await t.request({ method: 'GET', url, token: 'garbage' })).json().error).toBe('invalid_token');
    expect((await t.request({ method: 'GET', url })).json().error).toBe('unauthorized');
    expect((await t.request({ method: 'GET', url, token: good })).statusCode).toBe(200);
  });

  it("refuses a token of school A on school B's paths with 403 wrong_school", async () => {
    const a = await t.makeSchool();
    const b = await t.makeSchool();
    const inA = await t.makePerson(a, { role: 'admin' });
    const inB = await t.makePerson(b);
    const res = await t.request({ method: 'GET', url: `/api/${b.code}/people/${inB.id}`, token: await t.signIn(inA) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('wrong_school');
  });

  it('refuses a token of a person who no longer exists', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const token = await t.app.patio.tokens.sign(school.code, 999_999);
    const res = await t.request({ method: 'GET', url: `/api/${school.code}/people/${ana.id}`, token });
    expect(res.statusCode).toBe(401);
  });
});

describeOnDatabases('sign-in links', (t) => {
  it('lets an admin issue a one-time link that signs the person in once', async () => {
    const school = await t.makeSchool();
    const admin = await t.makePerson(school, { role: 'admin' });
    const parent = await t.makePerson(school, { role: 'relative' });
    const issued = await t.request({
      method: 'POST',
      url: `/api/${school.code}/people/${parent.id}/login-tokens`,
      token: await t.signIn(admin),
      body: { expiresInMinutes: 30 },
    });
    expect(issued.statusCode).toBe(201);
    const { token, url, expiresAt } = issued.json();
    // No PUBLIC_URL in tests: the link names this server on localhost, never the request's Host (issue 29 item 1).
    expect(url).toBe(`http://localhost:8080/login?school=${school.code}&token=${token}`);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);

    const exchange = () => t.request({ method: 'POST', url: `/api/${school.code}/oauth/login-token`, body: { token } });
    const first = await exchange();
    expect(first.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(first.json().access_token.split('.')[1], 'base64url').toString());
    expect(claims.uid).toBe(parent.id);
    const second = await exchange();
    expect(second.statusCode).toBe(401);
    expect(second.json().error).toBe('invalid_login_token');
  });

  it('issues with the default lifetime when no body is sent, and 404 for an unknown person', async () => {
    const school = await t.makeSchool();
    const admin = await t.makePerson(school, { role: 'admin' });
    const token = await t.signIn(admin);
    const ok = await t.request({ method: 'POST', url: `/api/${school.code}/people/${admin.id}/login-tokens`, token });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(Date.parse(ok.json().expiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);
    const missing = await t.request({ method: 'POST', url: `/api/${school.code}/people/999999/login-tokens`, token, body: {} });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses non-admins, expired tokens, unknown tokens and tokens of another school', async () => {
    const school = await t.makeSchool();
    const other = await t.makeSchool();
    const teacher = await t.makePerson(school, { role: 'teacher' });
    const denied = await t.request({
      method: 'POST',
      url: `/api/${school.code}/people/${teacher.id}/login-tokens`,
      token: await t.signIn(teacher),
      body: {},
    });
    expect(denied.statusCode).toBe(403);

    const expiredToken = 'x'.repeat(20) + 'expired-token-value';
    await insertLoginToken(t.db, school.id, {
      personId: teacher.id,
      tokenHash: hashLoginToken(expiredToken),
      expiresAt: new Date(Date.now() - 1000).toISOString(),
      createdBy: teacher.id,
    });
    const exchange = (code: string, token: string) =>
      t.request({ method: 'POST', url: `/api/${code}/oauth/login-token`, body: { token } });
    expect((await exchange(school.code, expiredToken)).json().error).toBe('invalid_login_token');
    expect((await exchange(school.code, 'y'.repeat(43))).statusCode).toBe(401);

    const validToken = 'z'.repeat(20) + 'valid-token-value';
    await insertLoginToken(t.db, school.id, {
      personId: teacher.id,
      tokenHash: hashLoginToken(validToken),
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      createdBy: teacher.id,
    });
    expect((await exchange(other.code, validToken)).statusCode).toBe(401);
    expect((await exchange(school.code, validToken)).statusCode).toBe(200);
    expect((await exchange(school.code, 'short')).statusCode).toBe(400);
  });
});

describeOnDatabases('what the log never holds', (t) => {
  it('keeps passwords, Authorization headers and tokens out of the log', async () => {
    const lines: string[] = [];
    const { Writable } = await import('node:stream');
    const pino = (await import('pino')).default;
    const { loggerOptions } = await import('../../http/logging');
    const options = loggerOptions('trace') as Record<string, unknown>;
    const logger = pino(options, new Writable({ write: (chunk, _enc, done) => { lines.push(String(chunk)); done(); } }));
    // Same serializers and redaction as the app, fed with what Fastify logs for a sign-in.
    logger.info({ req: { method: 'POST', url: '/login?school=demo&token=SECRET-LINK', headers: { authorization: 'Basic c2VjcmV0' } } }, 'incoming request');
    logger.info({ body: { password: 'demo1234', token: 'SECRET-PUSH' } }, 'x');
    const text = lines.join('');
    for (const secret of ['SECRET-LINK', 'c2VjcmV0', 'demo1234', 'SECRET-PUSH']) expect(text).not.toContain(secret);
    expect(t.app.log.level).toBe('silent');
  });
});
