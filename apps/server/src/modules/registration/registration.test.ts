import { REGISTRATION_MESSAGES } from '@patio/core';
import { afterAll, expect, it } from 'vitest';
import { defaultRegistrationLimits } from '../../config';
import { basic } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { familyForm as form, registrantId } from './registration.fixtures';
import { registrationMail, registrationMailLanguages, verificationMail } from './registration.mail';
import { startSmtpCatcher } from './smtp-catcher';

const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());

describeOnDatabases(
  'family self-registration',
  (t) => {
    async function setup(enabled = true) {
      const school = await t.makeSchool({ settings: { registration: { enabled } } });
      const tree = await t.makeTree(school);
      const admin = await t.makePerson(school, { role: 'admin' });
      return { school, tree, admin, url: `/api/${school.code}/registration` };
    }

    it('lists the courses when the school takes registrations, nothing when it does not', async () => {
      const { school, tree } = await setup();
      const info = await t.request({ method: 'GET', url: `/api/${school.code}/registration` });
      expect(info.json()).toEqual({ enabled: true, courses: [{ id: tree.classA, name: '3A' }, { id: tree.classB, name: '3B' }] });
      const closed = await setup(false);
      expect((await t.request({ method: 'GET', url: closed.url })).json()).toEqual({ enabled: false, courses: [] });
      const refused = await t.request({ method: 'POST', url: closed.url, body: form(closed.tree.classA) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('registration_disabled');
    });

    it('answers every §5 message with its code and writes nothing', async () => {
      const { school, url } = await setup();
      const before = await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).execute();
      const empty = await t.request({ method: 'POST', url, body: { passwordConfirmation: 'x' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe('invalid_registration');
      expect(empty.json().details).toEqual([
        { path: 'firstName', code: 'first_name_required', message: 'You must type a name' },
        { path: 'lastName', code: 'last_name_required', message: 'You must type a last name' },
        { path: 'document', code: 'document_required', message: 'You must type a document' },
        { path: 'birthday', code: 'birthday_required', message: 'You must pick a date' },
        { path: 'email', code: 'email_required', message: 'You must type an eMail' },
        { path: 'password', code: 'password_required', message: 'You must type a password' },
        { path: 'children', code: 'children_required', message: 'You must choose at least one son' },
      ]);
      const wrong = await t.request({
        method: 'POST', url,
        body: { ...form(0), course: null, email: 'not-an-address', passwordConfirmation: 'other', children: [{ firstName: 'Ana', lastName: 'G', document: 'Z1', birthday: '' }] },
      });
      expect(wrong.json().details).toEqual([
        { path: 'email', code: 'email_invalid', message: 'Invalid address' },
        { path: 'passwordConfirmation', code: 'passwords_mismatch', message: 'Passwords do not match' },
        { path: 'children.0.birthday', code: 'birthday_required', message: 'You must pick a date' },
        { path: 'children.0.course', code: 'course_required', message: 'You must select a course' },
      ]);
      const after = await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).execute();
      expect(after).toEqual(before);
      // Every §5 message is one of the shared constants the web translates by code.
      for (const message of ['You must type an eMail', 'Invalid address', 'This eMail is already being used', 'You must select a course']) {
        expect(Object.values(REGISTRATION_MESSAGES)).toContain(message);
      }
    });

    it('registers a family, mails the verification link over SMTP, refuses sign-in until verified, creates the children on approval and mails it', async () => {
      const { school, tree, admin, url } = await setup();
      const body = form(tree.classA);
      const created = await t.request({ method: 'POST', url, body, headers: { host: 'patio.example' } });
      expect(created.statusCode, created.body).toBe(202);
      expect(created.json()).toEqual({ email: body.email, status: 'email_verification_pending' });
      const personId = await registrantId(t, school, body.email);
      await t.drainJobs();

      const mail = smtp.mails.find((m) => m.to.includes(body.email));
      expect(mail, 'the verification mail reached the SMTP server').toBeDefined();
      expect(mail!.subject).toBe(`Confirm your email for ${school.title}`);
      expect(mail!.text).toContain('The link expires in 48 hours. Once it is confirmed you can sign in with your email and password to follow your registration');
      const link = mail!.text.match(/https?:\/\/\S+\/registration\/verify\?school=[\w-]+&token=[\w-]+/)?.[0];
      // Mail links come from the configuration, never from the request's Host (no PUBLIC_URL here: localhost).
      expect(link).toMatch(new RegExp(`^http://localhost:8080/registration/verify\\?school=${school.code}&token=`));
      const token = new URL(link!).searchParams.get('token')!;

      const signIn = () =>
        t.request({ method: 'POST', url: `/api/${school.code}/oauth/token`, body: { grant_type: 'client_credentials' }, headers: { authorization: basic(body.email, body.password) } });
      const early = await signIn();
      expect(early.statusCode).toBe(401);
      expect(early.json().error).toBe('email_not_verified');

      const verified = await t.request({ method: 'POST', url: `${url}/verify`, body: { token } });
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({ verified: true, status: 'pending' });
      expect((await t.request({ method: 'POST', url: `${url}/verify`, body: { token } })).statusCode).toBe(400);
      expect((await signIn()).statusCode).toBe(200);

      const adminToken = await t.signIn(admin);
      const pending = await t.request({ method: 'GET', url: `/api/${school.code}/registrations?status=pending`, token: adminToken });
      expect(pending.statusCode).toBe(200);
      expect(pending.json()).toEqual([
        {
          personId, firstName: 'Laura', lastName: 'Gómez', email: body.email, mobile: null, document: body.document, match: null, linking: null,
          emailVerified: true, status: 'pending', createdAt: expect.any(String),
          children: [{
            id: null, firstName: 'Tomás', lastName: 'Gómez', document: body.children[0].document, birthday: '2016-09-01', gender: 'male',
            course: { id: tree.classA, name: '3A' }, enrollmentStatus: 'pending', match: null,
          }],
          relatives: [],
        },
      ]);
      const approved = await t.request({
        method: 'POST', url: `/api/${school.code}/registrations/${personId}/approve`, token: adminToken, headers: { host: 'patio.example' },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'approved', document: body.document, children: [{ id: expect.any(Number), course: { id: tree.classA }, enrollmentStatus: 'active' }] });
      // The decision reaches the family by mail, in the language it registered in (en).
      await t.drainJobs();
      const decision = smtp.mails.filter((m) => m.to.includes(body.email)).at(-1)!;
      expect(decision.subject).toBe(`${school.title} approved your children’s enrollment`);
      expect(decision.text).toContain('approved the enrollment of: Tomás.');
      expect(decision.text).toContain(`http://localhost:8080/code?school=${school.code}`);
      expect((await t.request({ method: 'POST', url: `/api/${school.code}/registrations/${personId}/reject`, token: adminToken })).statusCode).toBe(409);
      expect((await t.request({ method: 'GET', url: `/api/${school.code}/registrations`, token: adminToken })).json()).toEqual([]);

      // The parent sees their child as a relative does.
      const parentToken = (await signIn()).json().access_token;
      const childId = approved.json().children[0].id;
      const child = await t.request({ method: 'GET', url: `/api/${school.code}/people/${childId}`, token: parentToken });
      expect(child.json()).toMatchObject({ firstName: 'Tomás', document: body.children[0].document });
    });

    it('rejects a registration: nothing is enrolled and the family is told in Spanish by default', async () => {
      const { school, tree, admin, url } = await setup();
      const body = form(tree.classB, { language: undefined, children: [
        { firstName: 'A', lastName: 'B', document: `K${Date.now()}`, birthday: '2015-01-01', course: tree.classA },
        { firstName: 'C', lastName: 'B', document: `L${Date.now()}`, birthday: '2017-01-01' },
      ] });
      await t.request({ method: 'POST', url, body });
      await t.drainJobs();
      const personId = await registrantId(t, school, body.email as string);
      const mailsBefore = smtp.mails.length;
      const rejected = await t.request({ method: 'POST', url: `/api/${school.code}/registrations/${personId}/reject`, token: await t.signIn(admin) });
      expect(rejected.json().children.map((c: { id: number | null; course: { id: number }; enrollmentStatus: string | null }) => [c.id, c.course.id, c.enrollmentStatus])).toEqual([
        [null, tree.classA, null], [null, tree.classB, null],
      ]);
      await t.drainJobs();
      const mails = smtp.mails.slice(mailsBefore).filter((m) => m.to.includes(body.email as string));
      expect(mails.map((m) => m.subject)).toEqual([`${school.title} no aprobó la matrícula de tus hijos`]);
      expect(mails[0].text).toContain('Hola Laura:');
      expect(mails[0].text).toContain('no aprobó la matrícula de: A, C.');
      // A decision is mailed once: deciding again is a 409 and sends nothing.
      const again = await t.request({ method: 'POST', url: `/api/${school.code}/registrations/${personId}/approve`, token: await t.signIn(admin) });
      expect(again.statusCode).toBe(409);
      await t.drainJobs();
      expect(smtp.mails.slice(mailsBefore).filter((m) => m.to.includes(body.email as string))).toHaveLength(1);
    });

    it('refuses an unknown verification token', async () => {
      const { url } = await setup();
      const res = await t.request({ method: 'POST', url: `${url}/verify`, body: { token: 'nope' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_verification_token');
    });
  },
  { smtpUrl: smtp.url, registrationLimits: { ...defaultRegistrationLimits, registrationsPerIp: 1000 } },
);

describeOnDatabases(
  'registration limits',
  (t) => {
    const post = (url: string, body: unknown, ip: string) => t.app.inject({ method: 'POST', url, payload: body as object, remoteAddress: ip });

    it('item 4: every registration counts toward the per-IP limit, refused forms too', async () => {
      const school = await t.makeSchool({ settings: { registration: { enabled: true } } });
      const tree = await t.makeTree(school);
      const url = `/api/${school.code}/registration`;
      expect((await post(url, { firstName: '' }, '10.1.0.1')).statusCode).toBe(400);
      expect((await post(url, form(tree.classA), '10.1.0.1')).statusCode).toBe(202);
      const limited = await post(url, form(tree.classA), '10.1.0.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ error: 'too_many_attempts', message: expect.stringContaining('Try again in 60 minute(s)') });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
      // Refused forms alone use the limit up as well.
      for (let i = 0; i < 2; i++) expect((await post(url, { firstName: '' }, '10.1.0.5')).statusCode).toBe(400);
      expect((await post(url, { firstName: '' }, '10.1.0.5')).statusCode).toBe(429);
      expect((await post(url, form(tree.classA), '10.1.0.2')).statusCode).toBe(202);
    });

    it('limits invalid verification tokens per IP', async () => {
      const school = await t.makeSchool({ settings: { registration: { enabled: true } } });
      const url = `/api/${school.code}/registration/verify`;
      for (let i = 0; i < 3; i++) expect((await post(url, { token: `nope-${i}` }, '10.1.0.3')).statusCode).toBe(400);
      const limited = await post(url, { token: 'nope-again' }, '10.1.0.3');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toBe('too_many_attempts');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
      expect((await post(url, { token: 'nope' }, '10.1.0.4')).statusCode).toBe(400);
    });
  },
  {
    smtpUrl: smtp.url,
    registrationLimits: { registrationsPerIp: 2, registrationWindowSeconds: 3600, verifyFailuresPerIp: 3, verifyWindowSeconds: 900 },
  },
);

it('has the decision mails in all six languages, Spanish by default', () => {
  const values = { name: 'Ana', school: 'Los Andes', link: 'http://x/code?school=andes', children: 'Tomás, Lucía' };
  for (const kind of ['approved', 'rejected'] as const) {
    const mails = registrationMailLanguages.map((l) => registrationMail(kind, l, values));
    expect(new Set(mails.map((m) => m.subject)).size).toBe(6);
    expect(new Set(mails.map((m) => m.text)).size).toBe(6);
    for (const mail of mails) {
      expect(mail.text).toContain('Tomás, Lucía');
      expect(mail.subject).toContain('Los Andes');
      expect(mail.text).not.toMatch(/\{\w+\}/);
    }
    expect(registrationMail(kind, null, values)).toEqual(registrationMail(kind, 'es', values));
  }
  expect(registrationMail('approved', 'de', values).text).toContain(values.link);
});

it('has the verification mail in all six languages, Spanish by default', () => {
  expect(registrationMailLanguages.sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'pt']);
  const values = { name: 'Ana', school: 'Los Andes', link: 'http://x/registration/verify?token=1' };
  const subjects = new Set(registrationMailLanguages.map((l) => verificationMail(l, values).subject));
  expect(subjects.size).toBe(6);
  expect(verificationMail('xx', values).subject).toBe('Confirma tu correo para Los Andes');
  for (const l of registrationMailLanguages) expect(verificationMail(l, values).text).toContain(values.link);
});

it('item 4: has the already-registered mail in all six languages, with the sign-in link and what to do', () => {
  const values = { name: 'Ana', school: 'Los Andes', link: 'http://x/code?school=andes' };
  const mails = registrationMailLanguages.map((l) => registrationMail('already_registered', l, values));
  expect(new Set(mails.map((m) => m.subject)).size).toBe(6);
  expect(new Set(mails.map((m) => m.text)).size).toBe(6);
  for (const mail of mails) {
    expect(mail.text).toContain(values.link);
    expect(mail.subject).toContain('Los Andes');
    expect(mail.text).not.toMatch(/\{\w+\}/);
  }
  // spec §5 "This eMail is already being used" heads the English mail.
  expect(registrationMail('already_registered', 'en', values).subject).toBe('This eMail is already being used at Los Andes');
  expect(registrationMail('already_registered', 'en', values).text).toContain('ask the school for a sign-in link');
});
