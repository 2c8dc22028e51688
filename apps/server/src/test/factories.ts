import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../modules/auth/password';
import { findNodeByName, insertMembership, insertNode, insertNodeType, type Role } from '../modules/nodes/nodes.queries';
import { insertOrg } from '../modules/org/org.queries';
import { insertPerson, upsertRelationshipPair } from '../modules/people/people.queries';
import { inverseKind, type RelationshipKind } from '../modules/people/relationships';
import { insertSession } from '../modules/sessions/sessions.queries';
import type { Org } from '../policy/policy';

export type TestRole = 'admin' | 'person' | 'relative' | Role;

export interface TestPerson {
  id: number;
  org: Org;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  gender: 'female' | 'male';
}

export interface MakePersonOptions {
  role?: TestRole;
  username?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  gender?: 'female' | 'male';
  /** Makes the new person a relative (`kind`, default father/mother by gender) of this person. */
  relativeOf?: TestPerson;
  kind?: RelationshipKind;
  /** Class node name for teacher/student roles (default "Class A"). */
  className?: string;
  /** Node for the role's membership (wins over className). */
  node?: number;
}

/** A school's tree as built by makeTree: school → section → grade → classes A and B. */
export interface SchoolTree {
  root: number;
  section: number;
  grade: number;
  classA: number;
  classB: number;
  types: { school: number; section: number; grade: number; class: number; team: number };
}

export interface Factories {
  makeSchool(options?: { code?: string; title?: string; logo?: string | null; settings?: Record<string, unknown> }): Promise<Org>;
  makePerson(org: Org, options?: MakePersonOptions): Promise<TestPerson>;
  signIn(person: TestPerson, ttlSeconds?: number): Promise<string>;
  /** school → section → grade → classes A and B, with node types named in all six languages. */
  makeTree(org: Org): Promise<SchoolTree>;
  /** Records `relative` as the `kind` (default father/mother by gender) of `person`, both ways. */
  relate(relative: TestPerson, person: TestPerson, kind?: RelationshipKind): Promise<void>;
  /** Enrolls a student in a class (default status active). */
  enroll(student: TestPerson, nodeId: number, options?: { status?: string; schoolYear?: string }): Promise<void>;
  /** Gives a person a role in a node (teacher, group_director, employee…). */
  assign(person: TestPerson, nodeId: number, role: Role): Promise<void>;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(++counter).toString(36)}`;

/** Builders for integration tests (STYLE: factories, never copies of the seed). */
export function makeFactories(app: FastifyInstance): Factories {
  const { db, tokens } = app.patio;

  async function classNode(org: Org, name: string): Promise<number> {
    const existing = await findNodeByName(db, org.id, name);
    if (existing) return existing.id;
    const typeId = await insertNodeType(db, org.id, { key: `class-${unique()}`, singular: { en: 'Class' }, plural: { en: 'Classes' } });
    return insertNode(db, org.id, { parentId: null, typeId, name });
  }

  async function relate(relative: TestPerson, person: TestPerson, kind?: RelationshipKind): Promise<void> {
    const k = kind ?? (relative.gender === 'male' ? 'father' : 'mother');
    await upsertRelationshipPair(db, person.org.id, {
      personId: person.id,
      relativeId: relative.id,
      kind: k,
      inverseKind: inverseKind(k, person.gender),
    });
  }

  async function makeTree(org: Org): Promise<SchoolTree> {
    const n = (en: string, es: string) => ({ es, en, de: en, fr: en, it: en, pt: es });
    const type = (key: string, singular: [string, string], plural: [string, string]) =>
      insertNodeType(db, org.id, { key: `${key}-${unique()}`, singular: n(...singular), plural: n(...plural) });
    const types = {
      school: await type('school', ['School', 'Colegio'], ['Schools', 'Colegios']),
      section: await type('section', ['Section', 'Sección'], ['Sections', 'Secciones']),
      grade: await type('grade', ['Grade', 'Grado'], ['Grades', 'Grados']),
      class: await type('class', ['Class', 'Curso'], ['Classes', 'Cursos']),
      team: await type('team', ['Team', 'Equipo'], ['Teams', 'Equipos']),
    };
    const root = await insertNode(db, org.id, { parentId: null, typeId: types.school, name: org.title });
    const section = await insertNode(db, org.id, { parentId: root, typeId: types.section, name: 'Primary' });
    const grade = await insertNode(db, org.id, { parentId: section, typeId: types.grade, name: 'Third' });
    const classA = await insertNode(db, org.id, { parentId: grade, typeId: types.class, name: '3A', position: 1 });
    const classB = await insertNode(db, org.id, { parentId: grade, typeId: types.class, name: '3B', position: 2 });
    return { root, section, grade, classA, classB, types };
  }

  return {
    makeTree,
    relate,
    async enroll(student, nodeId, options = {}) {
      await insertMembership(db, student.org.id, {
        nodeId,
        personId: student.id,
        role: 'student',
        enrollmentStatus: options.status ?? 'active',
        schoolYear: options.schoolYear ?? null,
      });
    },
    async assign(person, nodeId, role) {
      await insertMembership(db, person.org.id, { nodeId, personId: person.id, role });
    },

    async makeSchool(options = {}) {
      const code = options.code ?? `s-${unique()}`;
      return insertOrg(db, { code, title: options.title ?? `School ${code}`, logo: options.logo ?? null, settings: options.settings });
    },

    async makePerson(org, options = {}) {
      const role = options.role ?? 'person';
      const username = options.username ?? `user-${unique()}`;
      const password = options.password ?? 'correct horse battery';
      const gender = options.gender ?? 'female';
      const row = await insertPerson(db, org.id, {
        username,
        password_hash: await hashPassword(password),
        first_name: options.firstName ?? 'Ana',
        last_name: options.lastName ?? `Test${counter}`,
        last_name2: null,
        // Digits only: letters of a base-36 stamp would match name searches by chance (a search also reads the document).
        document: `D${Date.now()}${++counter}`,
        gender,
        birthday: '1990-01-01',
        email: `${username}@example.com`,
        mobile: '+57 300 000 0000',
        student_code: role === 'student' ? `S${counter}` : null,
        avatar: null,
        language: 'es',
        is_admin: role === 'admin' ? 1 : 0,
      });
      if (role !== 'admin' && role !== 'person' && role !== 'relative') {
        const nodeId = options.node ?? (await classNode(org, options.className ?? 'Class A'));
        await insertMembership(db, org.id, { nodeId, personId: row.id, role });
      }
      const person: TestPerson = { id: row.id, org, username, password, firstName: row.first_name, lastName: row.last_name, gender };
      if (options.relativeOf) await relate(person, options.relativeOf, options.kind);
      return person;
    },

    async signIn(person, ttlSeconds) {
      // A session of its own, as a real sign-in makes (decision 024): revoking one person's sessions ends only theirs.
      const now = new Date().toISOString();
      const expiresAt = new Date(Date.now() + (ttlSeconds ?? tokens.ttlSeconds) * 1000).toISOString();
      const sessionId = await insertSession(db, person.org.id, { personId: person.id, platform: 'test', model: '', now, expiresAt });
      return tokens.sign(person.org.code, person.id, ttlSeconds, sessionId);
    },
  };
}

/** "Basic base64(user:password)". */
export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}
