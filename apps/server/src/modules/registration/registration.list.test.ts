import { afterAll, expect, it } from 'vitest';
import { defaultRegistrationLimits } from '../../config';
import { describeOnDatabases } from '../../test/harness';
import { familyForm, registerVerifiedFamily, registeringSchool } from './registration.fixtures';
import { startSmtpCatcher } from './smtp-catcher';

// What an administrator needs to decide a registration: each child's document, birthday and gender,
// and the other relatives with what they are to the children. Only those who decide registrations see it.

const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());

describeOnDatabases(
  'the registrations list',
  (t) => {
    async function familyWithTwoChildren() {
      const setup = await registeringSchool(t);
      const { school, tree } = setup;
      const base = familyForm(tree.classA);
      const form = {
        ...base,
        children: [
          { ...base.children[0], gender: 'male', birthday: '2016-09-01' },
          { firstName: 'Eva', lastName: 'Gómez', document: `${base.children[0].document}E`, birthday: '2019-02-28', course: tree.classB },
        ],
        relatives: [{ firstName: 'Ana', lastName: 'Ruiz', document: `${base.document}A`, kind: 'grandmother', email: '', mobile: '' }],
      };
      const family = await registerVerifiedFamily(t, school, smtp.mails, form as typeof base);
      return { ...setup, form, family, api: `/api/${school.code}` };
    }

    it("shows each child's document, birthday and gender and the other relatives, before and after approval", async () => {
      const { api, adminToken, form, family, tree } = await familyWithTwoChildren();
      const pending = await t.request({ method: 'GET', url: `${api}/registrations?status=pending`, token: adminToken });
      expect(pending.statusCode, pending.body).toBe(200);
      const [entry] = pending.json();
      expect(entry.children).toEqual([
        expect.objectContaining({ firstName: 'Tomás', document: form.children[0].document, birthday: '2016-09-01', gender: 'male', course: { id: tree.classA, name: '3A' } }),
        expect.objectContaining({ firstName: 'Eva', document: form.children[1].document, birthday: '2019-02-28', gender: null, course: { id: tree.classB, name: '3B' } }),
      ]);
      expect(entry.relatives).toEqual([{ firstName: 'Ana', lastName: 'Ruiz', kind: 'grandmother', document: form.relatives[0].document, match: null }]);

      const approved = await t.request({ method: 'POST', url: `${api}/registrations/${family.personId}/approve`, token: adminToken });
      expect(approved.statusCode, approved.body).toBe(200);
      // Once approved the children are read from the school's records: the same facts.
      expect(approved.json().children).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ firstName: 'Tomás', birthday: '2016-09-01', gender: 'male' }),
          expect.objectContaining({ firstName: 'Eva', birthday: '2019-02-28', gender: null }),
        ]),
      );
      const listed = await t.request({ method: 'GET', url: `${api}/registrations?status=approved`, token: adminToken });
      expect(listed.json()[0].children.map((c: { birthday: string }) => c.birthday).sort()).toEqual(['2016-09-01', '2019-02-28']);
    });

    it('shows none of it to anyone who may not decide registrations, here or in another school', async () => {
      const { school, tree, api, family } = await familyWithTwoChildren();
      const teacher = await t.makePerson(school, { role: 'teacher', node: tree.classA });
      const student = await t.makePerson(school, { role: 'student', node: tree.classA });
      const parent = await t.makePerson(school, { relativeOf: student });
      const other = await registeringSchool(t);
      const refusals: [string, string, number][] = [
        ['the registering parent', family.token, 403],
        ['a teacher of the chosen class', await t.signIn(teacher), 403],
        ['a parent of the school', await t.signIn(parent), 403],
        ["another school's administrator", other.adminToken, 403],
      ];
      for (const [who, token, status] of refusals) {
        const res = await t.request({ method: 'GET', url: `${api}/registrations?status=pending`, token });
        expect({ who, status: res.statusCode, leaks: res.body.includes('2019-02-28') }).toEqual({ who, status, leaks: false });
      }
      expect((await t.request({ method: 'GET', url: `${api}/registrations` })).statusCode).toBe(401);
      // The other school's administrator, in their own school, sees their own (empty) list only.
      const own = await t.request({ method: 'GET', url: `/api/${other.school.code}/registrations?status=pending`, token: other.adminToken });
      expect(own.json()).toEqual([]);
    });
  },
  { smtpUrl: smtp.url, registrationLimits: { ...defaultRegistrationLimits, registrationsPerIp: 1000 } },
);
