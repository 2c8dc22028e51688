// The second demo school, Colegio del Norte (Barranquilla): small on purpose. Its admin, teacher and
// parent have the same usernames and password as the demo's, so the same username in two schools is
// part of every demo and every isolation test.
import { insertMembership, insertNode, insertNodeType } from '../../modules/nodes/nodes.queries';
import { findPersonIdsByDocument, upsertRelationshipPair } from '../../modules/people/people.queries';
import { inverseKind } from '../../modules/people/relationships';
import { addPerson, schoolYear, type SeedStep } from './demo-school';
import { type StandardNodeType, standardNodeTypes } from './node-types';
import { postTypesStep } from './demo-posts';
import { nortePosts } from './norte-posts';
import { norteCalendar } from './demo-calendar';

export const norteOrg = {
  code: 'norte',
  title: 'Colegio del Norte',
  logo: null,
  settings: { color: '#2E7D32', public: { currencyPostfix: 'COP', city: 'Barranquilla' } },
};

interface NortePerson {
  document: string;
  firstName: string;
  lastName: string;
  lastName2: string;
  gender: 'female' | 'male';
  birthday: string;
  username?: string;
  isAdmin?: boolean;
  email?: string;
  studentCode?: string;
}

export const norteAdmin: NortePerson = {
  document: '32654987', firstName: 'Rosa Elena', lastName: 'Barrios', lastName2: 'Pacheco', gender: 'female', birthday: '1971-08-14',
  username: 'admin', isAdmin: true, email: 'rosa.barrios@norte.example.co',
};
export const norteTeacher: NortePerson = {
  document: '1045678912', firstName: 'Julián', lastName: 'Ávila', lastName2: 'Charris', gender: 'male', birthday: '1987-03-02',
  username: 'teacher', email: 'julian.avila@norte.example.co',
};
export const norteParent: NortePerson = {
  document: '72345678', firstName: 'Marcela', lastName: 'Orozco', lastName2: 'De la Hoz', gender: 'female', birthday: '1984-11-21',
  username: 'parent', email: 'marcela.orozco@example.com',
};
/** Marcela's daughter in 4A (the teacher's class) and a boy in 4B. */
const students: (NortePerson & { className: '4A' | '4B' })[] = [
  { document: '1043112233', firstName: 'Luciana', lastName: 'Orozco', lastName2: 'Mendoza', gender: 'female', birthday: '2016-06-09', studentCode: 'CDN-0001', className: '4A' },
  { document: '1043223344', firstName: 'Emiliano', lastName: 'Ébano', lastName2: 'Rada', gender: 'male', birthday: '2016-02-17', studentCode: 'CDN-0002', className: '4B' },
];

const people: SeedStep = {
  name: 'people',
  async run(db, org) {
    const ids = new Map<string, number>();
    for (const p of [norteAdmin, norteTeacher, norteParent, ...students]) ids.set(p.document, await addPerson(db, org, p));
    await upsertRelationshipPair(db, org.id, {
      personId: ids.get(students[0].document)!,
      relativeId: ids.get(norteParent.document)!,
      kind: 'mother',
      inverseKind: inverseKind('mother', students[0].gender),
    });
  },
};

/** Colegio del Norte → Primaria → 4A and 4B; the teacher teaches and directs 4A. */
const tree: SeedStep = {
  name: 'tree',
  async run(db, org) {
    const type = (key: StandardNodeType) => insertNodeType(db, org.id, { key, ...standardNodeTypes[key] });
    const schoolType = await type('school');
    const sectionType = await type('section');
    await type('grade');
    const classType = await type('class');
    const school = await insertNode(db, org.id, { parentId: null, typeId: schoolType, name: org.title });
    const section = await insertNode(db, org.id, { parentId: school, typeId: sectionType, name: 'Primaria', position: 1 });
    const classes = {
      '4A': await insertNode(db, org.id, { parentId: section, typeId: classType, name: '4A', position: 1 }),
      '4B': await insertNode(db, org.id, { parentId: section, typeId: classType, name: '4B', position: 2 }),
    };
    const ids = await findPersonIdsByDocument(db, org.id, [norteAdmin.document, norteTeacher.document, ...students.map((s) => s.document)]);
    await insertMembership(db, org.id, { nodeId: school, personId: ids.get(norteAdmin.document)!, role: 'employee' });
    for (const role of ['teacher', 'group_director'] as const) {
      await insertMembership(db, org.id, { nodeId: classes['4A'], personId: ids.get(norteTeacher.document)!, role, schoolYear });
    }
    for (const s of students) {
      await insertMembership(db, org.id, { nodeId: classes[s.className], personId: ids.get(s.document)!, role: 'student', enrollmentStatus: 'active', schoolYear });
    }
  },
};

/** Every step of Colegio del Norte in order; like the demo's, a step's name never changes. */
export const norteSteps: SeedStep[] = [people, tree, postTypesStep, nortePosts, norteCalendar];
