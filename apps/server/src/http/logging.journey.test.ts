import { Writable } from 'node:stream';
import { beforeAll, expect, it, vi } from 'vitest';
import { goodPassword, linkTokenOf, readDevMailbox } from '../modules/auth/auth.fixtures';
import { uploadTo } from '../modules/files/files.fixtures';
import { postTo, publishAs } from '../modules/posts/posts.fixtures';
import { basic } from '../test/factories';
import { describeOnDatabases } from '../test/harness';
import { makeWorld, type World } from '../test/world';

// issue 31 item 4: a whole journey through the API with the log at debug (every request line), written
// into memory, then searched for every secret the journey handled: passwords, access and link tokens,
// a message's body, an identity document, clinic data, an uploaded document and its signed address.

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

describeOnDatabases(
  'what the logs of a journey hold',
  (t) => {
    let w: World;
    beforeAll(async () => {
      w = await makeWorld(t);
    });

    it('item 4: no password, token, message, document or clinic data of a full journey reaches the log', async () => {
      const from = lines.length;
      const secrets: Record<string, string> = {};
      const api = (path: string) => `/api/${w.school.code}/${path}`;

      // Sign in with a password, and fail to with another.
      const signedIn = await t.request({ method: 'POST', url: api('oauth/token'), body: { grant_type: 'client_credentials' }, headers: { authorization: basic(w.parentA.username, w.parentA.password) } });
      expect(signedIn.statusCode).toBe(200);
      secrets.password = w.parentA.password;
      secrets.accessToken = signedIn.json().access_token;
      secrets.wrongPassword = 'Contraseña-Equivocada-Z91';
      expect((await t.request({ method: 'POST', url: api('oauth/token'), body: { grant_type: 'client_credentials' }, headers: { authorization: basic(w.parentA.username, secrets.wrongPassword) } })).statusCode).toBe(401);
      const token = secrets.accessToken;

      // A password reset, from the mailed link to a new password.
      expect((await t.request({ method: 'POST', url: api('password-resets'), body: { login: w.parentB.username } })).statusCode).toBe(202);
      await t.drainJobs();
      secrets.resetToken = linkTokenOf(await readDevMailbox(t), `${w.parentB.username}@example.com`, '/reset-password');
      expect((await t.request({ method: 'POST', url: api('password-resets/check'), body: { token: secrets.resetToken } })).statusCode).toBe(200);
      // The link as the web app opens it, token in the address.
      await t.request({ method: 'GET', url: `/reset-password?school=${w.school.code}&token=${secrets.resetToken}` });
      secrets.newPassword = `${goodPassword} nueva`;
      expect((await t.request({ method: 'POST', url: api('password-resets/complete'), body: { token: secrets.resetToken, password: secrets.newPassword } })).statusCode).toBe(200);

      // A message and its answer, each with a body of its own.
      secrets.message = 'Mensaje-privado-ZK42 sobre la salud de Ana';
      const post = await publishAs(t, w.teacherA, postTo([w.parentA], { title: 'Aviso', description: `<p>${secrets.message}</p>` }));
      expect(post.statusCode).toBe(201);
      secrets.reply = 'Respuesta-privada-QX77';
      const reply = await t.request({ method: 'POST', url: api(`people/${w.parentA.id}/threads/feed/${post.json().thread}`), token, body: { description: `<p>${secrets.reply}</p>` } });
      expect(reply.statusCode).toBe(201);
      await t.drainJobs();

      // An identity document and clinic data, saved by an administrator; then refused bad input carrying them.
      secrets.document = 'CC-55443322';
      secrets.insurer = 'Aseguradora-Privada-MM9';
      const admin = await t.signIn(w.admin);
      const saved = await t.request({ method: 'PATCH', url: api(`people/${w.studentA.id}`), token: admin, body: { document: secrets.document, clinic: { bloodType: 'AB-', weight: 41.5, medicalInsurance: secrets.insurer } } });
      expect(saved.statusCode, saved.body).toBe(200);
      const refused = await t.request({ method: 'PATCH', url: api(`people/${w.studentA.id}`), token: admin, body: { document: secrets.document, clinic: { bloodType: 'Z+', medicalInsurance: secrets.insurer } } });
      expect(refused.statusCode).toBe(400);
      expect((await t.request({ method: 'GET', url: api(`people/${w.studentA.id}`), token: admin })).json().clinic.medicalInsurance).toBe(secrets.insurer);

      // An uploaded document, fetched back through its signed address.
      secrets.fileContent = 'Contenido-del-informe-medico-PP3';
      const uploaded = await uploadTo(t, w.school.code, w.parentA, `people/${w.parentA.id}/uploads`, [{ filename: 'informe.txt', data: secrets.fileContent, contentType: 'text/plain' }]);
      expect(uploaded.statusCode).toBe(201);
      const signedUrl: string = uploaded.json()[0].url;
      secrets.signature = new URL(signedUrl, 'http://x').searchParams.get('sig')!;
      const downloaded = await t.request({ method: 'GET', url: signedUrl });
      expect(downloaded.body).toBe(secrets.fileContent);

      // A bus share link, whose token is a segment of its address.
      const share = await t.request({ method: 'POST', url: api(`transport/routes/${w.route}/shares`), token: admin, body: { minutes: 30 } });
      secrets.shareToken = String(share.json().url).split('/').pop()!;
      expect((await t.request({ method: 'GET', url: api(`transport/shares/${secrets.shareToken}`) })).statusCode).toBe(200);

      // Error paths: a forged token, a token in the query, a body that is not JSON, a NUL byte, no such address.
      secrets.forged = 'Forged.Token-Secret-456';
      expect((await t.request({ method: 'GET', url: api(`people/${w.parentA.id}`), token: secrets.forged })).statusCode).toBe(401);
      secrets.queryToken = 'Query-Token-Secret-123';
      expect((await t.request({ method: 'GET', url: api(`people/${w.parentA.id}?access_token=${secrets.queryToken}`) })).statusCode).toBe(401);
      secrets.brokenJson = 'Broken-Json-Password-77';
      const broken = await t.app.inject({ method: 'POST', url: api('oauth/token'), headers: { 'content-type': 'application/json' }, payload: `{"password": "${secrets.brokenJson}"` });
      expect(broken.statusCode).toBe(400);
      secrets.nulMessage = 'Mensaje-con-NUL-88';
      expect((await t.request({ method: 'POST', url: api(`people/${w.parentA.id}/threads/feed/${post.json().thread}`), token, body: { description: `<p>${secrets.nulMessage}\u0000</p>` } })).statusCode).toBe(400);
      expect((await t.request({ method: 'GET', url: api(`no/such/place?token=${secrets.queryToken}`) })).statusCode).toBe(404);

      // The dev mailbox's line comes once its burst of mails is over.
      await vi.waitFor(() => expect(lines.slice(from).some((line) => line.includes('written to the dev mailbox'))).toBe(true), { timeout: 5000, interval: 50 });

      const logged = lines.slice(from);
      // The log saw the journey: one line per request, each with its request id.
      const requestLines = logged.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.level === 20 && typeof entry.statusCode === 'number');
      expect(requestLines.length).toBeGreaterThanOrEqual(20);
      expect(requestLines.every((entry) => typeof entry.reqId === 'string' && (entry.reqId as string).length > 0)).toBe(true);
      expect(logged.join('\n')).toContain(`"url":"/api/${w.school.code}/transport/shares/[redacted]"`);
      expect(logged.join('\n')).toContain('sig=[redacted]');

      const text = logged.join('\n');
      const found = Object.entries(secrets).filter(([, secret]) => text.includes(secret));
      expect(found.map(([name]) => name), 'secrets in the log').toEqual([]);
      // Nor a recognisable part of one (a JWT's payload or signature alone).
      const [, claims, signature] = secrets.accessToken.split('.');
      expect(text).not.toContain(claims);
      expect(text).not.toContain(signature);
      // Nor whom the mails went to.
      expect(text).not.toContain(`${w.parentA.username}@example.com`);
    });

    it('item 4: every answer carries its request id as X-Request-Id; a safe incoming id is kept, anything else replaced', async () => {
      const from = lines.length;
      const own = await t.request({ method: 'GET', url: '/api/health' });
      expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const kept = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.parentA.id}`, headers: { 'x-request-id': 'proxy-7f3a.42:1' } });
      expect(kept.statusCode).toBe(401);
      expect(kept.headers['x-request-id']).toBe('proxy-7f3a.42:1');
      for (const unsafe of ['', ' leading-space', 'a'.repeat(65), 'has space', 'quote"', 'line\u2028break', '../../etc']) {
        const res = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': unsafe } });
        expect(res.headers['x-request-id'], JSON.stringify(unsafe)).toMatch(/^[0-9a-f-]{36}$/);
      }
      // Two requests never share a generated id.
      const ids = await Promise.all(Array.from({ length: 20 }, () => t.request({ method: 'GET', url: '/api/health' })));
      expect(new Set(ids.map((res) => res.headers['x-request-id'])).size).toBe(20);
      const entries = lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries.find((entry) => entry.reqId === 'proxy-7f3a.42:1')).toMatchObject({ statusCode: 401, url: `/api/${w.school.code}/people/${w.parentA.id}` });
      expect(entries.find((entry) => entry.reqId === own.headers['x-request-id'])).toMatchObject({ url: '/api/health', statusCode: 200 });
    });
  },
  { logLevel: 'debug', logDestination: sink },
);
