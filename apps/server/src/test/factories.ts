import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../modules/auth/password';
import { findNodeByName, insertMembership, insertNode, insertNodeType, type Role } from '../modules/nodes/nodes.queries';
import { insertOrg } from '../modules/org/org.queries';
import { insertPerson, upsertRelationshipPair } from '../modules/people/people.queries';
import { inverseKind, type RelationshipKind } from '../modules/people/relationships';
import type { Org } from '../policy/policy';

export type TestRole = 'admin' | 'person' | 'relative' | Role;

export interface TestPerson {
  id: number;
  org: Org;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
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
}

export interface Factories {
  makeSchool(options?: { code?: string; title?: string; logo?: string | null; settings?: Record<string, unknown> }): Promise<Org>;
  makePerson(org: Org, options?: MakePersonOptions): Promise<TestPerson>;
  signIn(person: TestPerson, ttlSeconds?: number): Promise<string>;
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

  return {
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
        document: `D${unique()}`,
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
        await insertMembership(db, org.id, { nodeId: await classNode(org, options.className ?? 'Class A'), personId: row.id, role });
      }
      if (options.relativeOf) {
        const kind = options.kind ?? (gender === 'male' ? 'father' : 'mother');
        await upsertRelationshipPair(db, org.id, {
          personId: options.relativeOf.id,
          relativeId: row.id,
          kind,
          inverseKind: inverseKind(kind, 'female'),
        });
      }
      return { id: row.id, org, username, password, firstName: row.first_name, lastName: row.last_name };
    },

    async signIn(person, ttlSeconds) {
      return tokens.sign(person.org.code, person.id, ttlSeconds);
    },
  };
}

/** "Basic base64(user:password)". */
export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}
