import { expect, it } from 'vitest';
import { defaultSignInLimits } from '../../config';
import { basic } from '../../test/factories';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { goodPassword, linkTokenOf, makeImportedRelative, readDevMailbox } from './auth.fixtures';
import { passwordResetMail, passwordResetMailLanguages } from './password-reset.mail';
import { PASSWORD_RESET_LIMITS } from './password-reset.limiter';

let ipCounter = 0;
/** A client address of its own, so the per-IP limit of one test never reaches another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function post(t: TestApp, code: string, path: string, body: unknown, ip = freshIp()) {
  return t.app.inject({ method: 'POST', url: `/api/${code}/${path}`, payload: body as object, remoteAddress: ip });
}

describeOnDatabases(
  'password reset',
  (t) => {
    // The development mailer's .eml files: the mailer the server uses without SMTP_URL.
    const mailsTo = async (email: string) => (await readDevMailbox(t)).filter((m) => m.to.includes(email) && m.text.includes('/reset-password?'));
    const tokenTo = async (email: string) => linkTokenOf(await readDevMailbox(t), email, '/reset-password');
    /** A class with a mother (English) and a father (no language) imported without accounts. */
    async function importedFamily() {
      const school = await t.makeSchool({ title: 'Colegio Las Palmas' });
      const child = await t.makePerson(school, { role: 'student' });
      const mother = await makeImportedRelative(t, school, child, { firstName: 'Marta', language: 'en' });
      const father = await makeImportedRelative(t, school, child, { firstName: 'Jorge', kind: 'father', language: null });
      return { school, child, mother, father };
    }
    const signIn = (code: string, username: string, password: string) =>
      t.request({ method: 'POST', url: `/api/${code}/oauth/token`, body: { grant_type: 'client_credentials' }, headers: { authorization: basic(username, password) } });

    it('answers the same 202 and does the same work whether or not the account exists', async () => {
      const school = await t.makeSchool();
      const parent = await t.makePerson(school, { username: `clara${Date.now()}` });
      const jobsBefore = (await t.db.selectFrom('jobs').select('id').where('org_id', '=', school.id).execute()).length;
      const answers = await Promise.all(
        [parent.username, `${parent.username}@example.com`, 'nadie', 'nadie@example.com'].map((login) => post(t, school.code, 'password-resets', { login })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(answers[0].json()).toEqual({ status: 'accepted' });
      // One job per request, known or not: the lookup happens after the answer.
      const jobs = await t.db.selectFrom('jobs').select(['kind', 'summary']).where('org_id', '=', school.id).execute();
      expect(jobs.length - jobsBefore).toBe(4);
      expect(jobs.every((j) => j.kind === 'password.reset' && j.summary === '{"topic":"password_reset"}')).toBe(true);
      await t.drainJobs();
      expect(await mailsTo(`${parent.username}@example.com`)).toHaveLength(2);
      expect((await readDevMailbox(t)).some((m) => m.to.includes('nadie@example.com'))).toBe(false);
    });

    it('goes from the mailed link to a new password, signed in, with the old password and the other links dead', async () => {
      const school = await t.makeSchool({ title: 'Colegio Mirador' });
      const parent = await t.makePerson(school, { username: `ines${Date.now()}`, firstName: 'Inés' });
      const email = `${parent.username}@example.com`;
      await post(t, school.code, 'password-resets', { login: parent.username.toUpperCase() });
      await t.drainJobs();
      const older = await tokenTo(email);
      await post(t, school.code, 'password-resets', { login: email });
      await t.drainJobs();
      const token = await tokenTo(email);
      expect(token).not.toBe(older);
      const mail = (await mailsTo(email)).at(-1)!;
      expect(mail.subject).toBe('Crea una contraseña nueva para Colegio Mirador');
      expect(mail.text).toContain(`usuario: ${parent.username}`);
      expect(mail.text).toContain(`/reset-password?school=${school.code}&token=`);

      const check = await post(t, school.code, 'password-resets/check', { token });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ firstName: 'Inés', lastName: parent.lastName, username: parent.username, email, expiresAt: expect.any(String) });
      const minutes = (Date.parse(check.json().expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(55);
      expect(minutes).toBeLessThanOrEqual(60);

      const weak = await post(t, school.code, 'password-resets/complete', { token, password: 'ines12345' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ error: 'invalid_password', details: [{ path: 'password', code: expect.stringMatching(/^password_/) }] });
      const done = await post(t, school.code, 'password-resets/complete', { token, password: goodPassword });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ token_type: 'bearer', username: parent.username });
      expect((await t.request({ method: 'GET', url: `/api/${school.code}/people/${parent.id}`, token: done.json().access_token })).statusCode).toBe(200);

      expect((await signIn(school.code, parent.username, parent.password)).statusCode).toBe(401);
      expect((await signIn(school.code, parent.username, goodPassword)).statusCode).toBe(200);
      for (const used of [token, older]) {
        const res = await post(t, school.code, 'password-resets/complete', { token: used, password: 'otra frase larga distinta 7' });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('invalid_reset_token');
      }
    });

    it('lets an imported parent without an account choose a password through their email, with a username given', async () => {
      const s = await importedFamily();
      await post(t, s.school.code, 'password-resets', { login: s.mother.email!.toUpperCase(), language: 'de' });
      await t.drainJobs();
      // Her own language (en) wins over the screen's.
      const mail = (await mailsTo(s.mother.email!)).at(-1)!;
      expect(mail.subject).toBe('Choose a new password for Colegio Las Palmas');
      expect(mail.text).toContain(`username: ${s.mother.email}`);
      // The father has no language: the screen's.
      await post(t, s.school.code, 'password-resets', { login: s.father.email!, language: 'de' });
      await t.drainJobs();
      expect((await mailsTo(s.father.email!)).at(-1)!.subject).toBe('Neues Passwort für Colegio Las Palmas festlegen');

      const done = await post(t, s.school.code, 'password-resets/complete', { token: await tokenTo(s.mother.email!), password: goodPassword });
      expect(done.json().username).toBe(s.mother.email);
      expect((await signIn(s.school.code, s.mother.email!, goodPassword)).statusCode).toBe(200);
    });

    it('mails every account of a shared family address, none of another school, no unapproved registration', async () => {
      const s = await importedFamily();
      const shared = `hogar.${Date.now()}@example.com`;
      await makeImportedRelative(t, s.school, s.child, { firstName: 'Uno', email: shared });
      await makeImportedRelative(t, s.school, s.child, { firstName: 'Dos', email: shared, kind: 'father' });
      const other = await t.makeSchool();
      await makeImportedRelative(t, other, await t.makePerson(other, { role: 'student' }), { firstName: 'Lejos', email: shared });
      await post(t, s.school.code, 'password-resets', { login: shared });
      await t.drainJobs();
      const mails = await mailsTo(shared);
      expect(mails.map((m) => m.text.match(/Hola (\w+)/)![1]).sort()).toEqual(['Dos', 'Uno']);
      expect(mails.every((m) => m.text.includes(`school=${s.school.code}&`))).toBe(true);
      // Each got a username of their own.
      const names = await t.db.selectFrom('people').select('username').where('org_id', '=', s.school.id).where('email', '=', shared).execute();
      expect(new Set(names.map((n) => n.username)).size).toBe(2);

      const registrant = await makeRegistrant(t, s.school, { firstName: 'Pendiente' });
      await post(t, s.school.code, 'password-resets', { login: registrant.username });
      await t.drainJobs();
      expect(await mailsTo(`${registrant.username}@example.com`)).toEqual([]);
    });

    it('refuses expired and unknown links with one error, and another school never accepts them', async () => {
      const school = await t.makeSchool();
      const other = await t.makeSchool();
      const parent = await t.makePerson(school, { username: `rosa${Date.now()}` });
      await post(t, school.code, 'password-resets', { login: parent.username });
      await t.drainJobs();
      const token = await tokenTo(`${parent.username}@example.com`);
      expect((await post(t, other.code, 'password-resets/check', { token })).statusCode).toBe(400);
      expect((await post(t, other.code, 'password-resets/complete', { token, password: goodPassword })).statusCode).toBe(400);
      await t.db.updateTable('login_tokens').set({ expires_at: new Date(Date.now() - 1).toISOString() }).where('org_id', '=', school.id).where('person_id', '=', parent.id).execute();
      for (const body of [{ token }, { token: 'x'.repeat(43) }]) {
        const res = await post(t, school.code, 'password-resets/check', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('invalid_reset_token');
      }
      expect((await signIn(school.code, parent.username, parent.password)).statusCode).toBe(200);
    });

    it('limits requests per login and per client IP with 429 and Retry-After', async () => {
      const school = await t.makeSchool();
      await t.makePerson(school, { username: 'tomas' });
      const ip = freshIp();
      for (let i = 0; i < PASSWORD_RESET_LIMITS.perAccount; i++) expect((await post(t, school.code, 'password-resets', { login: 'tomas' }, ip)).statusCode).toBe(202);
      const limited = await post(t, school.code, 'password-resets', { login: 'TOMAS' });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // An unknown login is limited the same way.
      for (let i = 0; i < PASSWORD_RESET_LIMITS.perAccount; i++) await post(t, school.code, 'password-resets', { login: 'ghost' });
      expect((await post(t, school.code, 'password-resets', { login: 'ghost' })).statusCode).toBe(429);

      const busy = freshIp();
      const codes: number[] = [];
      for (let i = 0; i <= PASSWORD_RESET_LIMITS.perIp; i++) codes.push((await post(t, school.code, 'password-resets', { login: `someone${i}` }, busy)).statusCode);
      expect(codes.slice(0, PASSWORD_RESET_LIMITS.perIp).every((c) => c === 202)).toBe(true);
      expect(codes.at(-1)).toBe(429);
      await t.drainJobs();
    });

    it('refuses NUL bytes and oversized input with 400', async () => {
      const school = await t.makeSchool();
      for (const [path, body] of [
        ['password-resets', { login: 'ana\u0000' }],
        ['password-resets', { login: 'a'.repeat(400) }],
        ['password-resets', { login: '   ' }],
        ['password-resets/check', { token: `${'a'.repeat(40)}\u0000` }],
        ['password-resets/complete', { token: 'a'.repeat(43), password: 'x'.repeat(5000) }],
      ] as const) {
        const res = await post(t, school.code, path, body);
        expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
      }
    });

    it('writes the mail in six languages, each naming the link, the username and the hour', () => {
      const values = { name: 'Ana', school: 'Colegio', username: 'ana.r', link: 'https://patio.example/reset-password?school=x&token=y' };
      const subjects = new Set<string>();
      for (const language of passwordResetMailLanguages) {
        const mail = passwordResetMail(language, values);
        subjects.add(mail.subject);
        expect(mail.text).toContain(values.link);
        expect(mail.text).toContain('ana.r');
        expect(mail.text).toMatch(/\b1\b/);
        expect(mail.text).not.toMatch(/\{\w+\}/);
      }
      expect(subjects.size).toBe(6);
      expect(passwordResetMail('es-CO', values).subject).toBe(passwordResetMail('es', values).subject);
    });
  },
  { signInLimits: { ...defaultSignInLimits, perIp: 1000 } },
);
