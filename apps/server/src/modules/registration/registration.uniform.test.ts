import { afterAll, expect, it } from 'vitest';
import { defaultRegistrationLimits } from '../../config';
import { describeOnDatabases } from '../../test/harness';
import { familyForm, registeringSchool, registrantId, signInAs, verificationTokenOf } from './registration.fixtures';
import { startSmtpCatcher } from './smtp-catcher';

// Issue 6 items 4 and 5: the form must not tell who is registered, and unverified registrations
// must neither hold an email forever nor carry names with hidden characters.

const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());

describeOnDatabases(
  'registration answers that leak nothing',
  (t) => {
    it('item 4: a new email, a used email and a used document get the same answer', async () => {
      const { school, tree, url } = await registeringSchool(t);
      const known = await t.makePerson(school, { role: 'relative', firstName: 'Marta' });
      const knownEmail = `${known.username}@example.com`;
      const knownDocument = (await t.db.selectFrom('people').select('document').where('org_id', '=', school.id).where('id', '=', known.id).executeTakeFirstOrThrow()).document!;

      const fresh = familyForm(tree.classA);
      const usedEmail = familyForm(tree.classA, { email: knownEmail.toUpperCase() });
      const usedDocument = familyForm(tree.classA, { document: knownDocument });
      const usedChildDocument = familyForm(tree.classA, { children: [{ firstName: 'Eva', lastName: 'Ruiz', document: knownDocument.toLowerCase(), birthday: '2016-01-01' }] });
      const answers = [];
      for (const body of [fresh, usedEmail, usedDocument, usedChildDocument]) {
        const res = await t.request({ method: 'POST', url, body });
        answers.push({ status: res.statusCode, keys: Object.keys(res.json()).sort(), state: res.json().status, echoed: res.json().email === body.email.toLowerCase() });
      }
      expect(answers).toEqual(Array(4).fill({ status: 202, keys: ['email', 'status'], state: 'email_verification_pending', echoed: true }));
      // The used email created nothing: the school still has one person with it.
      const holders = await t.db.selectFrom('people').select('id').where('org_id', '=', school.id)
        .where((eb) => eb.or([eb('email', '=', knownEmail), eb('username', '=', knownEmail)])).execute();
      expect(holders).toEqual([{ id: known.id }]);
    });

    it('item 4: the owner of a used email gets the already-registered mail over SMTP, in their language', async () => {
      const { school, tree, url } = await registeringSchool(t);
      const known = await t.makePerson(school, { firstName: 'Marta' });
      const knownEmail = `${known.username}@example.com`;
      const before = smtp.mails.length;
      expect((await t.request({ method: 'POST', url, body: familyForm(tree.classA, { email: knownEmail }) })).statusCode).toBe(202);
      await t.drainJobs();
      const mails = smtp.mails.slice(before).filter((m) => m.to.includes(knownEmail));
      expect(mails.map((m) => m.subject)).toEqual([`Este correo ya está en uso en ${school.title}`]);
      expect(mails[0].text).toContain('Hola Marta:');
      expect(mails[0].text).toContain(`/code?school=${school.code}`);
      expect(mails[0].text).not.toContain('/registration/verify');

      // A pending registration holds its email the same way: the second one creates nothing.
      const first = familyForm(tree.classA);
      await t.request({ method: 'POST', url, body: first });
      const second = await t.request({ method: 'POST', url, body: { ...familyForm(tree.classA), email: first.email } });
      expect(second.statusCode).toBe(202);
      const accounts = await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('username', '=', first.email).execute();
      expect(accounts).toHaveLength(1);
      await t.drainJobs();
      expect(smtp.mails.filter((m) => m.to.includes(first.email)).map((m) => m.subject)).toEqual([
        `Confirm your email for ${school.title}`, `This eMail is already being used at ${school.title}`,
      ]);
    });

    it('item 5: names with NUL, bidi-override or zero-width characters are refused and nothing is written', async () => {
      const { school, tree, url } = await registeringSchool(t);
      const body = familyForm(tree.classA, {
        firstName: 'Ana\u0007',
        lastName: 'G\u202Eómez',
        children: [{ firstName: 'To\u200Bmás', lastName: 'Gómez', document: `TI${Date.now()}`, birthday: '2016-01-01' }],
        relatives: [{ firstName: 'Rosa', lastName: 'Ruiz', lastName2: '\u2066x', document: `CC${Date.now()}`, kind: 'grandmother' }],
      });
      const res = await t.request({ method: 'POST', url, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { path: string; code: string }) => [d.path, d.code])).toEqual([
        ['firstName', 'invalid_characters'],
        ['lastName', 'invalid_characters'],
        ['children.0.firstName', 'invalid_characters'],
        ['relatives.0.lastName2', 'invalid_characters'],
      ]);
      // NUL is refused before any handler (PostgreSQL cannot store it), with the same code.
      const nul = await t.request({ method: 'POST', url, body: { ...body, firstName: 'Ana\u0000', lastName: 'Gómez', children: familyForm(tree.classA).children, relatives: [] } });
      expect(nul.statusCode).toBe(400);
      expect(JSON.stringify(nul.json())).toContain('invalid_characters');
      expect(await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('username', '=', body.email).execute()).toEqual([]);
    });

    it('item 5: an unverified registration older than 48 hours frees its email', async () => {
      const { school, tree, url } = await registeringSchool(t);
      const body = familyForm(tree.classA);
      await t.request({ method: 'POST', url, body });
      const oldId = await registrantId(t, school, body.email);
      const registration = await t.db.selectFrom('registrations').select(['created_at', 'token_expires_at']).where('org_id', '=', school.id).where('person_id', '=', oldId).executeTakeFirstOrThrow();
      const hours = (Date.parse(registration.token_expires_at) - Date.parse(registration.created_at)) / 3600_000;
      expect(Math.round(hours)).toBe(48);

      // 49 hours later the link has lapsed: signing in finds no account, and the email registers anew.
      await t.db.updateTable('registrations').set({ token_expires_at: new Date(Date.now() - 3600_000).toISOString() }).where('org_id', '=', school.id).where('person_id', '=', oldId).execute();
      const signIn = await signInAs(t, school, body);
      expect(signIn.json().error).toBe('invalid_credentials');
      expect(await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('id', '=', oldId).execute()).toEqual([]);

      const again = await t.request({ method: 'POST', url, body: { ...familyForm(tree.classA), email: body.email } });
      expect(again.statusCode).toBe(202);
      const newId = await registrantId(t, school, body.email);
      expect(newId).not.toBe(oldId);
      await t.drainJobs();
      const token = verificationTokenOf(smtp.mails, body.email);
      expect((await t.request({ method: 'POST', url: `${url}/verify`, body: { token } })).statusCode).toBe(200);
    });

    it('item 5: any registration sweeps the expired ones of its school', async () => {
      const { school, tree, url } = await registeringSchool(t);
      const stale = familyForm(tree.classA);
      await t.request({ method: 'POST', url, body: stale });
      const staleId = await registrantId(t, school, stale.email);
      await t.db.updateTable('registrations').set({ token_expires_at: new Date(Date.now() - 60_000).toISOString() }).where('org_id', '=', school.id).where('person_id', '=', staleId).execute();
      await t.request({ method: 'POST', url, body: familyForm(tree.classA) });
      expect(await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('id', '=', staleId).execute()).toEqual([]);
      expect(await t.db.selectFrom('registrations').select('id').where('org_id', '=', school.id).where('person_id', '=', staleId).execute()).toEqual([]);
    });

    it('item 5: nothing a pending registration names appears in the roster of its class', async () => {
      const { school, tree, url, adminToken } = await registeringSchool(t);
      const body = familyForm(tree.classA);
      await t.request({ method: 'POST', url, body });
      const members = await t.request({ method: 'GET', url: `/api/${school.code}/nodes/${tree.classA}/members`, token: adminToken });
      expect(JSON.stringify(members.json())).not.toContain('Tomás');
      const childRows = await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('document', '=', body.children[0].document).execute();
      expect(childRows).toEqual([]);
    });
  },
  { smtpUrl: smtp.url, registrationLimits: { ...defaultRegistrationLimits, registrationsPerIp: 1000 } },
);
