import { expect, it } from 'vitest';
import { defaultSignInLimits } from '../../config';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeImportedRelative, readDevMailbox } from './auth.fixtures';
import { SIGN_IN_LINK_LIMITS } from './sign-in-link.service';
import { signInLinkMail, signInLinkMailLanguages } from './sign-in-link.mail';

let ipCounter = 0;
/** A client address of its own, so the per-IP limit of one test never reaches another. */
const freshIp = () => `10.33.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function post(t: TestApp, code: string, path: string, body: unknown, ip = freshIp()) {
  return t.app.inject({ method: 'POST', url: `/api/${code}/${path}`, payload: body as object, remoteAddress: ip });
}

const LINK = /https?:\/\/\S+\/login\?school=([\w-]+)&token=([\w-]+)/;

describeOnDatabases(
  'sign-in by a mailed link',
  (t) => {
    const mailsTo = async (email: string) => (await readDevMailbox(t)).filter((m) => m.to.includes(email) && LINK.test(m.text));
    async function tokenTo(email: string): Promise<string> {
      const mail = (await mailsTo(email)).at(-1);
      if (!mail) throw new Error(`No sign-in link reached ${email}`);
      return mail.text.match(LINK)![2];
    }
    const exchange = (code: string, token: string) => post(t, code, 'oauth/login-token', { token });

    it('item 5: answers the same 202 and queues the same work whether or not the account exists', async () => {
      const school = await t.makeSchool();
      const parent = await t.makePerson(school, { username: `clara${Date.now()}` });
      const answers = await Promise.all(
        [parent.username, `${parent.username}@example.com`, 'nadie', 'nadie@example.com'].map((login) => post(t, school.code, 'sign-in-links', { login })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(answers[0].json()).toEqual({ status: 'accepted' });
      // One job per request, known or not: the lookup happens after the answer.
      const jobs = await t.db.selectFrom('jobs').select(['kind', 'summary']).where('org_id', '=', school.id).where('kind', '=', 'auth.sign-in-link').execute();
      expect(jobs).toHaveLength(4);
      expect(jobs.every((j) => j.summary === '{"topic":"sign_in_link"}')).toBe(true);
      await t.drainJobs();
      expect(await mailsTo(`${parent.username}@example.com`)).toHaveLength(2);
      expect((await readDevMailbox(t)).some((m) => m.to.includes('nadie@example.com'))).toBe(false);
    });

    it('item 5: the mailed link signs in once, for 15 minutes, through the existing one-time sign-in links', async () => {
      const school = await t.makeSchool({ title: 'Colegio Mirador' });
      const parent = await t.makePerson(school, { username: `ines${Date.now()}`, firstName: 'Inés' });
      const email = `${parent.username}@example.com`;
      expect((await post(t, school.code, 'sign-in-links', { login: parent.username.toUpperCase() })).statusCode).toBe(202);
      await t.drainJobs();
      const mail = (await mailsTo(email)).at(-1)!;
      expect(mail.subject).toBe('Tu enlace para entrar a Colegio Mirador');
      expect(mail.text).toContain(`Inés ${parent.lastName}`);
      expect(mail.text).toContain(`/login?school=${school.code}&token=`);
      const token = await tokenTo(email);
      const row = await t.db.selectFrom('login_tokens').select(['purpose', 'expires_at', 'person_id']).where('org_id', '=', school.id).where('person_id', '=', parent.id).executeTakeFirstOrThrow();
      expect(row.purpose).toBe('sign_in');
      const minutes = (Date.parse(row.expires_at) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(13);
      expect(minutes).toBeLessThanOrEqual(15);

      // Another school never accepts it, and that refusal does not use it up.
      const other = await t.makeSchool();
      expect((await exchange(other.code, token)).statusCode).toBe(401);
      const first = await exchange(school.code, token);
      expect(first.statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: `/api/${school.code}/people/${parent.id}`, token: first.json().access_token })).statusCode).toBe(200);
      const again = await exchange(school.code, token);
      expect(again.statusCode).toBe(401);
      expect(again.json().error).toBe('invalid_login_token');
    });

    it('item 5: a mailed link past its 15 minutes no longer signs in', async () => {
      const school = await t.makeSchool();
      const parent = await t.makePerson(school, { username: `rosa${Date.now()}` });
      await post(t, school.code, 'sign-in-links', { login: parent.username });
      await t.drainJobs();
      const token = await tokenTo(`${parent.username}@example.com`);
      await t.db.updateTable('login_tokens').set({ expires_at: new Date(Date.now() - 1).toISOString() }).where('org_id', '=', school.id).where('person_id', '=', parent.id).execute();
      expect((await exchange(school.code, token)).statusCode).toBe(401);
    });

    it('item 5: 20 parallel exchanges of one link sign in exactly once', async () => {
      const school = await t.makeSchool();
      const parent = await t.makePerson(school, { username: `luz${Date.now()}` });
      await post(t, school.code, 'sign-in-links', { login: parent.username });
      await t.drainJobs();
      const token = await tokenTo(`${parent.username}@example.com`);
      const codes = (await Promise.all(Array.from({ length: 20 }, () => exchange(school.code, token)))).map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 401)).toHaveLength(19);
    });

    it('item 5: mails each account of a family address in its language, none of another school, no unapproved registration, none without email', async () => {
      const school = await t.makeSchool({ title: 'Colegio Las Palmas' });
      const child = await t.makePerson(school, { role: 'student' });
      const shared = `hogar.${Date.now()}@example.com`;
      await makeImportedRelative(t, school, child, { firstName: 'Uno', email: shared, language: 'en' });
      await makeImportedRelative(t, school, child, { firstName: 'Dos', email: shared, kind: 'father', language: null });
      const other = await t.makeSchool();
      await makeImportedRelative(t, other, await t.makePerson(other, { role: 'student' }), { firstName: 'Lejos', email: shared });
      expect((await post(t, school.code, 'sign-in-links', { login: shared.toUpperCase(), language: 'de' })).statusCode).toBe(202);
      await t.drainJobs();
      const mails = await mailsTo(shared);
      expect(mails.map((m) => m.subject).sort()).toEqual(['Ihr Anmeldelink für Colegio Las Palmas', 'Your link to sign in to Colegio Las Palmas']);
      expect(mails.every((m) => m.text.includes(`school=${school.code}&`))).toBe(true);
      // Each link opens its own account.
      const signedIn = await Promise.all(mails.map(async (m) => (await exchange(school.code, m.text.match(LINK)![2])).json().access_token as string));
      expect(new Set(signedIn).size).toBe(2);

      const registrant = await makeRegistrant(t, school, { firstName: 'Pendiente' });
      const noEmail = await makeImportedRelative(t, school, child, { firstName: 'Sin', email: null });
      const before = (await readDevMailbox(t)).length;
      const answers = [
        await post(t, school.code, 'sign-in-links', { login: registrant.username }),
        await post(t, other.code, 'sign-in-links', { login: child.username }),
      ];
      await t.db.updateTable('people').set({ username: `sin${noEmail.id}` }).where('org_id', '=', school.id).where('id', '=', noEmail.id).execute();
      answers.push(await post(t, school.code, 'sign-in-links', { login: `sin${noEmail.id}` }));
      expect(answers.map((a) => [a.statusCode, a.body])).toEqual(answers.map(() => [202, '{"status":"accepted"}']));
      await t.drainJobs();
      expect((await readDevMailbox(t)).length).toBe(before);
    });

    it('item 5: limits requests per login and per client IP with 429 and Retry-After, apart from password resets', async () => {
      const school = await t.makeSchool();
      await t.makePerson(school, { username: 'tomas' });
      for (let i = 0; i < SIGN_IN_LINK_LIMITS.perAccount; i++) expect((await post(t, school.code, 'sign-in-links', { login: 'tomas' })).statusCode).toBe(202);
      const limited = await post(t, school.code, 'sign-in-links', { login: 'TOMAS ' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toBe('too_many_attempts');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // An unknown login is limited the same way; a password reset for the same login still has its own room.
      for (let i = 0; i < SIGN_IN_LINK_LIMITS.perAccount; i++) await post(t, school.code, 'sign-in-links', { login: 'ghost' });
      expect((await post(t, school.code, 'sign-in-links', { login: 'ghost' })).statusCode).toBe(429);
      expect((await post(t, school.code, 'password-resets', { login: 'tomas' })).statusCode).toBe(202);

      // 20 parallel identical requests: only the login's allowance gets through.
      const burst = await Promise.all(Array.from({ length: 20 }, () => post(t, school.code, 'sign-in-links', { login: 'paralela' })));
      expect(burst.filter((r) => r.statusCode === 202)).toHaveLength(SIGN_IN_LINK_LIMITS.perAccount);
      expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(20 - SIGN_IN_LINK_LIMITS.perAccount);

      const busy = freshIp();
      const codes: number[] = [];
      for (let i = 0; i <= SIGN_IN_LINK_LIMITS.perIp; i++) codes.push((await post(t, school.code, 'sign-in-links', { login: `someone${i}` }, busy)).statusCode);
      expect(codes.slice(0, SIGN_IN_LINK_LIMITS.perIp).every((c) => c === 202)).toBe(true);
      expect(codes.at(-1)).toBe(429);
      await t.drainJobs();
    });

    it('item 5: refuses NUL bytes, blank and oversized input with 400', async () => {
      const school = await t.makeSchool();
      for (const body of [{ login: 'ana\u0000' }, { login: 'a'.repeat(400) }, { login: '   ' }, {}, { login: 'ana', language: 'x'.repeat(50) }]) {
        const res = await post(t, school.code, 'sign-in-links', body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
        expect(res.json().error).toEqual(expect.any(String));
      }
    });

    it('item 5: writes the mail in six languages, each with the link and the 15 minutes', () => {
      const values = { name: 'Ana Ruiz', school: 'Colegio', link: 'https://patio.example/login?school=x&token=y' };
      const subjects = new Set<string>();
      for (const language of signInLinkMailLanguages) {
        const mail = signInLinkMail(language, values);
        subjects.add(mail.subject);
        expect(mail.text).toContain(values.link);
        expect(mail.text).toContain('Ana Ruiz');
        expect(mail.text).toMatch(/\b15\b/);
        expect(mail.text).not.toMatch(/\{\w+\}/);
      }
      expect(subjects.size).toBe(6);
    });
  },
  { signInLimits: { ...defaultSignInLimits, perIp: 1000 } },
);
