import type { TestApp } from '../../test/harness';
import { makeImportedRelative } from '../auth/auth.fixtures';

export { goodPassword, linkTokenOf, makeImportedRelative } from '../auth/auth.fixtures';

// The school the invitation suites work in: a class whose families an import left without accounts.

/** A school with a class of two students: one family imported without accounts, one that already signs in. */
export async function invitingSchool(t: TestApp) {
  const school = await t.makeSchool({ title: 'Colegio Las Palmas' });
  const tree = await t.makeTree(school);
  const admin = await t.makePerson(school, { role: 'admin' });
  const studentA = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Lucía' });
  const studentB = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Mateo', gender: 'male' });
  const mother = await makeImportedRelative(t, school, studentA, { firstName: 'Marta', language: 'en' });
  const father = await makeImportedRelative(t, school, studentA, { firstName: 'Jorge', kind: 'father', language: null });
  const noEmail = await makeImportedRelative(t, school, studentB, { firstName: 'Nora', email: null });
  // Already signs in: username and password, as t.makePerson gives them.
  const active = await t.makePerson(school, { relativeOf: studentB, firstName: 'Ana' });
  const teacher = await t.makePerson(school, { role: 'teacher', node: tree.classA, firstName: 'Teo' });
  return { school, tree, admin, adminToken: await t.signIn(admin), studentA, studentB, mother, father, noEmail, active, teacher };
}
