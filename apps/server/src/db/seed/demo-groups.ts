// Issue 3 demo data: extracurricular groups and a team, enrollments in every state, last year's
// outcomes, clinic data and the staff families may message. Appended as its own seed step.
import type { Database } from '../database';
import type { Org } from '../../policy/policy';
import { findNodeByName, insertMembership, insertNode, insertNodeType } from '../../modules/nodes/nodes.queries';
import { findPersonIdsByDocument, insertPerson, updatePersonRow, upsertRelationshipPair } from '../../modules/people/people.queries';
import { inverseKind } from '../../modules/people/relationships';
import { families, otherTeachers, staff, studentAccount } from './demo-people';

const names = (es: string, en: string, de: string, fr: string, it: string, pt: string) => ({ es, en, de, fr, it, pt });
const lastYear = '2025';
const thisYear = '2026';

const students = families.flatMap((f) => f.students);
const studentDoc = (first: string) => students.find((s) => s.firstName === first)!.document;

/** spec §3 clinic data for a few students (the rest have none yet). */
const clinic: [string, { blood_type: string; weight: number; height: number; medical_insurance: string }][] = [
  [studentAccount.document, { blood_type: 'O+', weight: 38.5, height: 143, medical_insurance: 'Sura EPS' }],
  [studentDoc('Samuel'), { blood_type: 'O+', weight: 24, height: 121, medical_insurance: 'Sura EPS' }],
  [studentDoc('Mateo'), { blood_type: 'A+', weight: 30.2, height: 134, medical_insurance: 'Compensar' }],
  [studentDoc('Isabella'), { blood_type: 'B-', weight: 47, height: 156, medical_insurance: 'Colsanitas' }],
];

/** Two families in the middle of the year: one waiting for approval, one who left. */
const newcomers = [
  {
    student: { document: '1013445566', first_name: 'Emma', last_name: 'Gutiérrez', last_name2: 'Salcedo', gender: 'female' as const, birthday: '2018-09-12', student_code: 'CLA-0021' },
    relative: { document: '52313131', first_name: 'Carolina', last_name: 'Salcedo', last_name2: 'Mora', gender: 'female' as const, birthday: '1989-04-02', email: 'carolina.salcedo@example.com', mobile: '+57 310 555 0199' },
    kind: 'mother' as const,
    className: '3A',
    status: 'pending',
  },
  {
    student: { document: '1013556677', first_name: 'Daniel', last_name: 'Acosta', last_name2: 'Vera', gender: 'male' as const, birthday: '2016-05-30', student_code: 'CLA-0022' },
    relative: { document: '79424242', first_name: 'Hugo', last_name: 'Acosta', last_name2: 'Ruiz', gender: 'male' as const, birthday: '1979-08-17', email: 'hugo.acosta@example.com', mobile: '+57 310 555 0198' },
    kind: 'father' as const,
    className: '5A',
    status: 'withdrawn',
  },
];

/** Last year's classes (one grade below) and how each student finished; the rest were promoted. */
const previousClass: Record<string, string> = { '3A': '2A', '5A': '4A', '7A': '6A', '9A': '8A' };
const lastYearOutcome: Record<string, string> = { [studentDoc('Jerónimo')]: 'must_repeat', [studentDoc('Sebastián')]: 'to_define' };

export const peopleAndGroups = {
  name: 'people-and-groups',
  async run(db: Database, org: Org): Promise<void> {
    const school = (await findNodeByName(db, org.id, org.title))!;
    const nodeId = async (name: string) => (await findNodeByName(db, org.id, name))!.id;
    const ids = await findPersonIdsByDocument(db, org.id, [
      ...students.map((s) => s.document),
      ...otherTeachers.map((p) => p.document),
      ...staff.map((p) => p.document),
    ]);

    for (const [document, data] of clinic) await updatePersonRow(db, org.id, ids.get(document)!, data);
    // Reception and coordination answer families (they appear in everyone's Contacts).
    for (const p of staff.slice(0, 2)) await updatePersonRow(db, org.id, ids.get(p.document)!, { is_contact: 1 });

    for (const n of newcomers) {
      const studentId = (await insertPerson(db, org.id, { ...n.student, username: null, password_hash: null, email: null, mobile: null, avatar: null, language: 'es' })).id;
      const relativeId = (await insertPerson(db, org.id, { ...n.relative, username: null, password_hash: null, student_code: null, avatar: null, language: 'es' })).id;
      await upsertRelationshipPair(db, org.id, { personId: studentId, relativeId, kind: n.kind, inverseKind: inverseKind(n.kind, n.student.gender) });
      await insertMembership(db, org.id, { nodeId: await nodeId(n.className), personId: studentId, role: 'student', enrollmentStatus: n.status, schoolYear: thisYear });
    }

    const extracurricularType = await insertNodeType(db, org.id, {
      key: 'extracurricular',
      singular: names('Extracurricular', 'Extracurricular group', 'AG', 'Activité périscolaire', 'Attività extracurricolare', 'Atividade extracurricular'),
      plural: names('Extracurriculares', 'Extracurricular groups', 'AGs', 'Activités périscolaires', 'Attività extracurricolari', 'Atividades extracurriculares'),
    });
    const teamType = await insertNodeType(db, org.id, {
      key: 'team',
      singular: names('Equipo', 'Team', 'Mannschaft', 'Équipe', 'Squadra', 'Equipe'),
      plural: names('Equipos', 'Teams', 'Mannschaften', 'Équipes', 'Squadre', 'Equipes'),
    });
    const archiveType = await insertNodeType(db, org.id, {
      key: 'school_year',
      singular: names('Año lectivo', 'School year', 'Schuljahr', 'Année scolaire', 'Anno scolastico', 'Ano letivo'),
      plural: names('Años lectivos', 'School years', 'Schuljahre', 'Années scolaires', 'Anni scolastici', 'Anos letivos'),
    });

    const futbol = await insertNode(db, org.id, { parentId: school.id, typeId: extracurricularType, name: 'Fútbol', position: 20 });
    const basket = await insertNode(db, org.id, { parentId: school.id, typeId: teamType, name: 'Selección de baloncesto', position: 21 });
    const coach = ids.get(otherTeachers[0].document)!;
    await insertMembership(db, org.id, { nodeId: futbol, personId: coach, role: 'teacher', schoolYear: thisYear });
    await insertMembership(db, org.id, { nodeId: futbol, personId: coach, role: 'group_director', schoolYear: thisYear });
    for (const first of ['Valentina', 'Mateo', 'Nicolás', 'Tomás', 'Juan José']) {
      await insertMembership(db, org.id, { nodeId: futbol, personId: ids.get(studentDoc(first))!, role: 'student', enrollmentStatus: 'active', schoolYear: thisYear });
    }
    await insertMembership(db, org.id, { nodeId: basket, personId: ids.get(otherTeachers[2].document)!, role: 'teacher', schoolYear: thisYear });
    for (const [first, status] of [['Isabella', 'active'], ['Martín', 'active'], ['Gabriela', 'inscribed'], ['Salomé', 'suspended']] as const) {
      await insertMembership(db, org.id, { nodeId: basket, personId: ids.get(studentDoc(first))!, role: 'student', enrollmentStatus: status, schoolYear: thisYear });
    }

    const archive = await insertNode(db, org.id, { parentId: school.id, typeId: archiveType, name: `Año lectivo ${lastYear}`, position: 90 });
    const classType = (await findNodeByName(db, org.id, '3A'))!.type_id;
    const oldClasses = new Map<string, number>();
    for (const [i, [current, previous]] of Object.entries(previousClass).entries()) {
      oldClasses.set(current, await insertNode(db, org.id, { parentId: archive, typeId: classType, name: `${previous} (${lastYear})`, position: i + 1 }));
    }
    for (const s of students) {
      await insertMembership(db, org.id, {
        nodeId: oldClasses.get(s.className)!,
        personId: ids.get(s.document)!,
        role: 'student',
        enrollmentStatus: 'inactive',
        outcome: lastYearOutcome[s.document] ?? 'promoted',
        schoolYear: lastYear,
      });
    }
  },
};
