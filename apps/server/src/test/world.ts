import type { SchoolTree, TestPerson } from './factories';
import type { Org, TestApp } from './harness';

/**
 * One school with a class tree (school → section → grade → classes A and B): student A in class A with
 * parent A, student B in class B with parent B, a teacher of each class, a school admin, and an admin
 * of another school. Unless a row says otherwise, `:id` is student A (the person the path is about).
 */
export interface World {
  school: Org;
  tree: SchoolTree;
  studentA: TestPerson;
  studentB: TestPerson;
  parentA: TestPerson;
  parentB: TestPerson;
  teacherA: TestPerson;
  teacherB: TestPerson;
  admin: TestPerson;
  otherSchool: Org;
  otherAdmin: TestPerson;
}

/** Builds the World (the authorization table and the people/nodes suites share it). */
export async function makeWorld(t: TestApp): Promise<World> {
  const school = await t.makeSchool();
  const otherSchool = await t.makeSchool();
  const tree = await t.makeTree(school);
  const studentA = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Alba' });
  const studentB = await t.makePerson(school, { role: 'student', node: tree.classB, firstName: 'Bruno', gender: 'male' });
  return {
    school,
    tree,
    studentA,
    studentB,
    parentA: await t.makePerson(school, { relativeOf: studentA, gender: 'male', firstName: 'Pablo' }),
    parentB: await t.makePerson(school, { relativeOf: studentB, gender: 'female', firstName: 'Berta' }),
    teacherA: await t.makePerson(school, { role: 'teacher', node: tree.classA, firstName: 'Teresa' }),
    teacherB: await t.makePerson(school, { role: 'teacher', node: tree.classB, firstName: 'Tomás', gender: 'male' }),
    admin: await t.makePerson(school, { role: 'admin', firstName: 'Adela' }),
    otherSchool,
    otherAdmin: await t.makePerson(otherSchool, { role: 'admin' }),
  };
}
