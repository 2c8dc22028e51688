import { documentKeyOf } from '@patio/core';
import { afterAll, expect, it } from 'vitest';
import { defaultRegistrationLimits } from '../../config';
import { describeOnDatabases } from '../../test/harness';
import { familyForm, registeringSchool, registrantId } from './registration.fixtures';
import { startSmtpCatcher } from './smtp-catcher';

// Issue 6 items 10 and 11: uniqueness is the database's (the unique username and document-key
// indexes), so parallel requests can neither make duplicates nor turn a lost race into a 500.

const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());

describeOnDatabases(
  'parallel registrations and approvals',
  (t) => {
    it('item 10: 20 parallel identical registrations make one account and no 5xx', async () => {
      const { school, tree, url } = await registeringSchool(t);
      const body = familyForm(tree.classA);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => t.app.inject({ method: 'POST', url, payload: body, remoteAddress: `10.9.0.${i + 1}` })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(202));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      const accounts = await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('username', '=', body.email).execute();
      expect(accounts).toHaveLength(1);
      const registrations = await t.db.selectFrom('registrations').select('id').where('org_id', '=', school.id).where('person_id', '=', accounts[0].id).execute();
      expect(registrations).toHaveLength(1);
    });

    it('item 11: parallel approvals of registrations naming the same child create one child', async () => {
      const { school, tree, url, adminToken } = await registeringSchool(t);
      const stamp = String(Date.now()).slice(-7);
      // One document typed many ways: "1.234.567-8", "12345678", "1234 5678"…
      const spellings = [`${stamp}-8`, `${stamp}8`, `${stamp.slice(0, 3)}.${stamp.slice(3)}-8`, ` ${stamp} 8 `];
      const forms = Array.from({ length: 20 }, (_, i) =>
        familyForm(tree.classA, { children: [{ firstName: 'Nico', lastName: 'Paz', document: spellings[i % spellings.length], gender: 'male', birthday: '2016-01-01' }] }),
      );
      for (const form of forms) expect((await t.request({ method: 'POST', url, body: form })).statusCode).toBe(202);
      const parentIds = await Promise.all(forms.map((form) => registrantId(t, school, form.email)));

      const answers = await Promise.all(
        parentIds.map((id) => t.request({ method: 'POST', url: `/api/${school.code}/registrations/${id}/approve`, token: adminToken })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const children = await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('document_key', '=', documentKeyOf(`${stamp}8`)).execute();
      expect(children).toHaveLength(1);
      // Only the approval that created the child relates its parent: for the others the child is a
      // match the school already holds, which links nobody without a confirmation (issue 29 item 3).
      const parents = await t.db.selectFrom('relationships').select('relative_id').where('org_id', '=', school.id).where('person_id', '=', children[0].id).execute();
      expect(parents).toHaveLength(1);
      expect(parentIds).toContain(parents[0].relative_id);
      const memberships = await t.db.selectFrom('memberships').select('id').where('org_id', '=', school.id).where('person_id', '=', children[0].id).execute();
      expect(memberships).toHaveLength(1);
    });
  },
  { smtpUrl: smtp.url, registrationLimits: { ...defaultRegistrationLimits, registrationsPerIp: 1000 } },
);
