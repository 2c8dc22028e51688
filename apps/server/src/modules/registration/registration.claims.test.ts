import { afterAll, expect, it } from 'vitest';
import { defaultRegistrationLimits } from '../../config';
import type { Org } from '../../policy/policy';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { multipartFile } from '../import/multipart-file';
import { familyForm, registerVerifiedFamily, registeringSchool, signInAs } from './registration.fixtures';
import { startSmtpCatcher } from './smtp-catcher';

// Issue 6 item 1: a stranger could claim a real child by registering its document before the school
// imported the class. A registration now creates nothing but the parent's account until approval.

const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());

const header = 'Nombre;Apellidos;Documento;Fecha de nacimiento;Género;Nombre acudiente;Apellido acudiente;Documento acudiente;Correo acudiente;Celular acudiente;Parentesco';

/** Uploads and commits a class list as the administrator; answers the finished import. */
async function importClass(t: TestApp, school: Org, nodeId: number, token: string, lines: string[]) {
  const { payload, headers } = multipartFile('class.csv', [header, ...lines].join('\n'));
  const base = `/api/${school.code}/nodes/${nodeId}/imports`;
  const draft = await t.app.inject({ method: 'POST', url: base, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  expect(draft.statusCode, draft.body).toBe(201);
  const committed = await t.request({ method: 'POST', url: `${base}/${draft.json().id}/commit`, token, body: {} });
  expect(committed.statusCode, committed.body).toBeLessThan(300);
  let result = committed.json();
  for (let i = 0; result.status !== 'done' && i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    result = (await t.request({ method: 'GET', url: `${base}/${draft.json().id}`, token })).json();
  }
  expect(result.status).toBe('done');
  return result;
}

const peopleWithDocuments = (t: TestApp, school: Org, documents: string[]) =>
  t.db.selectFrom('people').select(['id', 'document']).where('org_id', '=', school.id).where('document', 'in', documents).execute();

const relationshipsOf = (t: TestApp, school: Org, personId: number) =>
  t.db
    .selectFrom('relationships')
    .select(['person_id', 'relative_id', 'kind'])
    .where('org_id', '=', school.id)
    .where((eb) => eb.or([eb('person_id', '=', personId), eb('relative_id', '=', personId)]))
    .orderBy('person_id')
    .execute();

describeOnDatabases(
  'registrations that cannot claim',
  (t) => {
    it('item 1: an import never attaches to a child named by a pending registration', async () => {
      const { school, tree, adminToken } = await registeringSchool(t);
      const childDocument = `TI-CLAIM-${Date.now()}`;
      const form = familyForm(tree.classA, { children: [{ firstName: 'Lucía', lastName: 'Vargas', document: childDocument, gender: 'female', birthday: '2016-02-03' }] });
      const stranger = await registerVerifiedFamily(t, school, smtp.mails, form);
      expect(await peopleWithDocuments(t, school, [childDocument])).toEqual([]);

      // The school imports its class: the child and her real mother.
      const motherDocument = `CC-REAL-${Date.now()}`;
      const done = await importClass(t, school, tree.classA, adminToken, [
        `Lucía;Vargas;${childDocument};03/02/2016;F;Elena;Vargas;${motherDocument};elena@example.com;3001234567;Madre`,
      ]);
      expect(done.result).toMatchObject({ created: 1, updated: 0 });
      const [child] = await peopleWithDocuments(t, school, [childDocument]);
      const [mother] = await peopleWithDocuments(t, school, [motherDocument]);
      expect((await relationshipsOf(t, school, child.id)).map((r) => [r.person_id, r.relative_id])).toEqual(
        [[child.id, mother.id], [mother.id, child.id]].sort((a, b) => a[0] - b[0]),
      );
      // The stranger gained nothing: no relationship, and the child's profile stays closed.
      expect(await relationshipsOf(t, school, stranger.personId)).toEqual([]);
      const profile = await t.request({ method: 'GET', url: `/api/${school.code}/people/${child.id}`, token: stranger.token });
      expect(profile.statusCode).toBe(403);

      // Rejected, the stranger keeps nothing and cannot sign in; the imported family is untouched.
      const rejected = await t.request({ method: 'POST', url: `/api/${school.code}/registrations/${stranger.personId}/reject`, token: adminToken });
      expect(rejected.statusCode).toBe(200);
      expect((await signInAs(t, school, form)).statusCode).toBe(401);
      expect(await peopleWithDocuments(t, school, [childDocument])).toEqual([child]);
      expect(await relationshipsOf(t, school, child.id)).toHaveLength(2);
      expect(await relationshipsOf(t, school, stranger.personId)).toEqual([]);
    });

    it('item 1: rejecting a registration leaves nothing of what it named in the school', async () => {
      const { school, tree, adminToken, url } = await registeringSchool(t);
      const stamp = Date.now();
      const form = familyForm(tree.classA, {
        children: [{ firstName: 'Pedro', lastName: 'Mora', document: `TI-R-${stamp}`, gender: 'male', birthday: '2015-05-05', course: tree.classB }],
        relatives: [{ firstName: 'Rosa', lastName: 'Mora', document: `CC-R-${stamp}`, gender: 'female', kind: 'grandmother', email: 'rosa@example.com' }],
      });
      expect((await t.request({ method: 'POST', url, body: form })).statusCode).toBe(202);
      const parent = await t.db.selectFrom('people').selectAll().where('org_id', '=', school.id).where('username', '=', form.email).executeTakeFirstOrThrow();
      // Before any decision the parent has no document, no relationship and no membership.
      expect(parent.document).toBeNull();
      expect(await peopleWithDocuments(t, school, [`TI-R-${stamp}`, `CC-R-${stamp}`, form.document])).toEqual([]);

      const rejected = await t.request({ method: 'POST', url: `/api/${school.code}/registrations/${parent.id}/reject`, token: adminToken });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json()).toMatchObject({
        status: 'rejected', document: form.document,
        children: [{ id: null, firstName: 'Pedro', course: { id: tree.classB, name: '3B' }, enrollmentStatus: null }],
        relatives: [{ firstName: 'Rosa', kind: 'grandmother', document: `CC-R-${stamp}`, match: null }],
      });
      expect(await peopleWithDocuments(t, school, [`TI-R-${stamp}`, `CC-R-${stamp}`, form.document])).toEqual([]);
      expect(await relationshipsOf(t, school, parent.id)).toEqual([]);
      const memberships = await t.db.selectFrom('memberships').select('id').where('org_id', '=', school.id).where('node_id', 'in', [tree.classA, tree.classB]).execute();
      expect(memberships).toEqual([]);
      const after = await t.db.selectFrom('people').select('password_hash').where('org_id', '=', school.id).where('id', '=', parent.id).executeTakeFirstOrThrow();
      expect(after.password_hash).toBeNull();
      // The form stays on record.
      const listed = await t.request({ method: 'GET', url: `/api/${school.code}/registrations?status=rejected`, token: adminToken });
      expect(listed.json()).toEqual([expect.objectContaining({ personId: parent.id, children: [expect.objectContaining({ firstName: 'Pedro' })] })]);
    });

    it('item 1: the relationships exist only after approval, both ways, with the child enrolled', async () => {
      const { school, tree, adminToken } = await registeringSchool(t);
      const stamp = Date.now();
      const form = familyForm(tree.classA, {
        gender: 'male',
        children: [{ firstName: 'Sofía', lastName: 'Mora', document: `TI-A-${stamp}`, gender: 'female', birthday: '2015-05-05' }],
        relatives: [{ firstName: 'Inés', lastName: 'Mora', document: `CC-A-${stamp}`, gender: 'female', kind: 'grandmother' }],
      });
      const family = await registerVerifiedFamily(t, school, smtp.mails, form);
      expect(await relationshipsOf(t, school, family.personId)).toEqual([]);

      const approved = await t.request({ method: 'POST', url: `/api/${school.code}/registrations/${family.personId}/approve`, token: adminToken });
      expect(approved.statusCode, approved.body).toBe(200);
      const [child] = await peopleWithDocuments(t, school, [`TI-A-${stamp}`]);
      const [grandmother] = await peopleWithDocuments(t, school, [`CC-A-${stamp}`]);
      const kinds = (await relationshipsOf(t, school, child.id)).map((r) => `${r.person_id === child.id ? 'child→' : '→child'} ${r.kind}`).sort();
      expect(kinds).toEqual(['child→ father', 'child→ grandmother', '→child daughter', '→child granddaughter']);
      expect((await relationshipsOf(t, school, grandmother.id)).every((r) => r.person_id === child.id || r.relative_id === child.id)).toBe(true);
      const membership = await t.db.selectFrom('memberships').select(['node_id', 'role', 'enrollment_status']).where('org_id', '=', school.id).where('person_id', '=', child.id).execute();
      expect(membership).toEqual([{ node_id: tree.classA, role: 'student', enrollment_status: 'active' }]);
      const parent = await t.db.selectFrom('people').select('document').where('org_id', '=', school.id).where('id', '=', family.personId).executeTakeFirstOrThrow();
      expect(parent.document).toBe(form.document);
      // Now the parent reads the child as a relative does.
      expect((await t.request({ method: 'GET', url: `/api/${school.code}/people/${child.id}`, token: family.token })).statusCode).toBe(200);
    });

    it("item 1: approval links the school's record of the parent only by an audited decision, and never hands over an account", async () => {
      const { school, tree, adminToken, url } = await registeringSchool(t);
      const stamp = Date.now();
      // The school imported the child and the parent (no account, no email) before.
      await importClass(t, school, tree.classA, adminToken, [
        `Mateo;Díaz;TI-M-${stamp};01/01/2016;M;Carla;Díaz;CC-M-${stamp};;3001234567;Madre`,
      ]);
      const [child] = await peopleWithDocuments(t, school, [`TI-M-${stamp}`]);
      const [record] = await peopleWithDocuments(t, school, [`CC-M-${stamp}`]);
      const form = familyForm(tree.classA, {
        firstName: 'Carla', document: `cc.m-${stamp}`,
        children: [{ firstName: 'Mateo', lastName: 'Díaz', document: `TI M ${stamp}`, gender: 'male', birthday: '2016-01-01' }],
      });
      const family = await registerVerifiedFamily(t, school, smtp.mails, form);
      const listed = await t.request({ method: 'GET', url: `/api/${school.code}/registrations`, token: adminToken });
      expect(listed.json()[0]).toMatchObject({
        match: { id: record.id, firstName: 'Carla', lastName: 'Díaz', email: null, hasAccount: false },
        linking: { choices: ['decide'] },
        children: [{ id: null, match: { id: child.id, firstName: 'Mateo', lastName: 'Díaz' } }],
      });

      // Issue 29 item 3: with no contact on file, an administrator links by a decision with a reason.
      const approved = await t.request({
        method: 'POST', url: `/api/${school.code}/registrations/${family.personId}/approve`, token: adminToken,
        body: { link: 'decide', reason: 'Carla showed her ID at the office' },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ personId: record.id, status: 'approved' });
      expect(await peopleWithDocuments(t, school, [`TI-M-${stamp}`, `TI M ${stamp}`])).toEqual([child]);
      const account = await t.db.selectFrom('people').select(['id', 'username', 'email']).where('org_id', '=', school.id).where('username', '=', form.email).execute();
      expect(account).toEqual([{ id: record.id, username: form.email, email: form.email }]);
      expect((await signInAs(t, school, form)).statusCode).toBe(200);

      // A second family naming the document of that account: a decision is refused (the person on file
      // has an email and must confirm); nothing is written and the registration waits.
      const other = familyForm(tree.classA, { document: `CC-M-${stamp}`, children: [{ firstName: 'X', lastName: 'Y', document: `TI-X-${stamp}`, birthday: '2016-01-01' }] });
      expect((await t.request({ method: 'POST', url, body: other })).statusCode).toBe(202);
      const otherId = (await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('username', '=', other.email).executeTakeFirstOrThrow()).id;
      const refused = await t.request({
        method: 'POST', url: `/api/${school.code}/registrations/${otherId}/approve`, token: adminToken, body: { link: 'decide', reason: 'same document' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('link_needs_confirmation');
      expect(await peopleWithDocuments(t, school, [`TI-X-${stamp}`])).toEqual([]);
      const still = await t.db.selectFrom('registrations').select('status').where('org_id', '=', school.id).where('person_id', '=', otherId).executeTakeFirstOrThrow();
      expect(still.status).toBe('pending');
    });
  },
  { smtpUrl: smtp.url, registrationLimits: { ...defaultRegistrationLimits, registrationsPerIp: 1000 } },
);
