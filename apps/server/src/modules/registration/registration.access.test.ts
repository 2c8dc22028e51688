import { REGISTRATION_MESSAGES } from '@patio/core';
import { afterAll, expect, it } from 'vitest';
import { defaultRegistrationLimits } from '../../config';
import { describeOnDatabases } from '../../test/harness';
import { familyForm, registerVerifiedFamily, registeringSchool, signInAs } from './registration.fixtures';
import { startSmtpCatcher } from './smtp-catcher';

// Issue 6 item 2: a verified but unapproved family could read the roster of the class it picked, and
// rejection revoked nothing. Until approval the account sees its registration status only.

const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());

describeOnDatabases(
  'what a registered account reaches before approval',
  (t) => {
    async function pendingFamily() {
      const setup = await registeringSchool(t);
      const { school, tree } = setup;
      const student = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Alba' });
      await t.makePerson(school, { relativeOf: student, firstName: 'Pablo', gender: 'male' });
      const form = familyForm(tree.classA);
      const family = await registerVerifiedFamily(t, school, smtp.mails, form);
      return { ...setup, student, form, family, api: `/api/${school.code}` };
    }

    it('item 2: a pending registrant reads no profile, roster or directory, only its registration status', async () => {
      const { school, tree, student, form, family, api } = await pendingFamily();
      for (const url of [`${api}/people/${student.id}`, `${api}/nodes/${tree.classA}/members`, `${api}/people`, `${api}/people/${family.personId}`]) {
        const res = await t.request({ method: 'GET', url, token: family.token });
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({
          url, status: 403, body: { error: 'registration_pending', message: expect.any(String) },
        });
      }
      const mine = await t.request({ method: 'GET', url: `${api}/registration/mine`, token: family.token });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({
        status: 'pending', emailVerified: true, firstName: 'Laura', lastName: 'Gómez', email: form.email,
        createdAt: expect.any(String), decidedAt: null,
        children: [{ firstName: 'Tomás', lastName: 'Gómez', course: { id: tree.classA, name: '3A' } }],
      });
      // POST allowed says the same as the routes: only its own screen and sign-out.
      const paths = [`people/${student.id}`, `nodes/${tree.classA}/members`, 'people', 'registration/mine', `DELETE people/${family.personId}/devices/x`];
      const allowed = await t.request({ method: 'POST', url: `${api}/allowed`, token: family.token, body: paths });
      expect(allowed.json()).toEqual({
        [`people/${student.id}`]: false, [`nodes/${tree.classA}/members`]: false, people: false,
        'registration/mine': true, [`DELETE people/${family.personId}/devices/x`]: true,
      });
      const now = new Date().toISOString();
      await t.db.insertInto('devices').values({
        org_id: school.id, person_id: family.personId, uuid: `x-${family.personId}`, token: 'push', platform: 'web', model: 'x', created_at: now, updated_at: now,
      }).execute();
      const signOut = await t.request({ method: 'DELETE', url: `${api}/people/${family.personId}/devices/x-${family.personId}`, token: family.token });
      expect(signOut.statusCode, signOut.body).toBeLessThan(300);
    });

    it('item 2: after rejection the old token answers 401 token_revoked and sign-in fails', async () => {
      const { school, adminToken, form, family, api } = await pendingFamily();
      const link = await t.request({ method: 'POST', url: `${api}/people/${family.personId}/login-tokens`, token: adminToken, body: {} });
      expect(link.statusCode).toBe(201);
      const now = new Date().toISOString();
      await t.db.insertInto('devices').values({
        org_id: school.id, person_id: family.personId, uuid: `dev-${family.personId}`, token: 'push', platform: 'web', model: 'x', created_at: now, updated_at: now,
      }).execute();
      const rejected = await t.request({ method: 'POST', url: `${api}/registrations/${family.personId}/reject`, token: adminToken });
      expect(rejected.statusCode).toBe(200);

      for (const url of [`${api}/registration/mine`, `${api}/people`]) {
        const res = await t.request({ method: 'GET', url, token: family.token });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'token_revoked', message: expect.any(String) });
      }
      // Public routes treat the revoked token as none.
      expect((await t.request({ method: 'GET', url: `${api}/registration`, token: family.token })).statusCode).toBe(200);
      const signIn = await signInAs(t, school, form);
      expect(signIn.statusCode).toBe(401);
      expect(signIn.json().error).toBe('invalid_credentials');
      const viaLink = await t.request({ method: 'POST', url: `${api}/oauth/login-token`, body: { token: link.json().token } });
      expect(viaLink.statusCode).toBe(401);
      const devices = await t.db.selectFrom('devices').select('id').where('org_id', '=', school.id).where('person_id', '=', family.personId).execute();
      expect(devices).toEqual([]);
      const mine = await t.request({ method: 'GET', url: `${api}/registration/mine`, token: adminToken });
      expect(mine.statusCode).toBe(404);
    });

    it('item 2: approval opens the school to the account', async () => {
      const { adminToken, family, api, tree } = await pendingFamily();
      await t.request({ method: 'POST', url: `${api}/registrations/${family.personId}/approve`, token: adminToken });
      const mine = await t.request({ method: 'GET', url: `${api}/registration/mine`, token: family.token });
      expect(mine.json()).toMatchObject({ status: 'approved', decidedAt: expect.any(String) });
      expect((await t.request({ method: 'GET', url: `${api}/people/${family.personId}`, token: family.token })).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: `${api}/nodes/${tree.classA}/members`, token: family.token })).statusCode).not.toBe(403);
    });

    it('item 2: weak passwords are refused with each password-policy code, and nothing is written', async () => {
      const { school, tree, url } = await registeringSchool(t);
      const cases = [
        ['short', 'password_too_short'],
        ['x1'.repeat(600), 'password_too_long'],
        ['password123', 'password_common'],
        ['aaaaaaaaaaaa', 'password_weak'],
      ] as const;
      for (const [password, code] of cases) {
        const res = await t.request({ method: 'POST', url, body: familyForm(tree.classA, { password, passwordConfirmation: password }) });
        expect(res.statusCode).toBe(400);
        expect(res.json().details).toEqual([{ path: 'password', code, message: REGISTRATION_MESSAGES[code] }]);
      }
      // The person's own names and email make a weak password too.
      const own = familyForm(tree.classA, { firstName: 'Gertrudis', lastName: 'Valderrama' });
      const mine = `${own.firstName}${own.lastName}`.toLowerCase();
      const res = await t.request({ method: 'POST', url, body: { ...own, password: mine, passwordConfirmation: mine } });
      expect(res.json().details?.[0]).toMatchObject({ path: 'password', code: 'password_weak' });
      const people = await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('username', 'is not', null).execute();
      expect(people).toHaveLength(1); // the administrator
    });
  },
  { smtpUrl: smtp.url, registrationLimits: { ...defaultRegistrationLimits, registrationsPerIp: 1000 } },
);
