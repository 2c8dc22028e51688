import { documentKeyOf, STAFF_ROLES, TEACHING_ROLES } from '@patio/core';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { compiledQuery } from '../../db/compiled-query';
import { scopedToOrg } from '../../db/scope';
import type { PersonTable } from '../../db/types';
import type { LoadedCaller } from '../../http/caller-loader';
import type { AccessFilter } from '../../policy/access';
import type { Caller } from '../../policy/policy';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';
import { currentMembership, isCurrentMembership, isRouteType } from '../nodes/index';
import { parentLikeKinds } from './relationships';
import { searchKeyOf, touchesSearchKey } from './search-key';
import { sortKeyOf, touchesSortKey } from './sort-key';

export type PersonRow = Selectable<PersonTable>;
type OptionalColumns = 'is_admin' | 'is_contact' | 'blood_type' | 'weight' | 'height' | 'medical_insurance';
export type NewPerson = Omit<PersonTable, 'id' | 'org_id' | 'created_at' | 'search_key' | 'sort_key' | 'document_key' | 'token_version' | OptionalColumns> &
  Partial<Pick<PersonTable, Exclude<OptionalColumns, 'is_contact'>>> & { is_contact?: number };

const isRoleIn = (roles: readonly string[], role: string) => roles.includes(role);

/**
 * The caller of a request with roles, taught nodes, family and registration status, in one indexed
 * round trip compiled once (it runs for every token the caller cache has not seen): rows (source,
 * number, text, scope) are ('person', is_admin), ('membership', node_id, role, "root:" or "node:" +
 * the node's type key), ('relative', the person they are a relative of, kind) and ('registration',
 * id, status). Roles are scoped to where they are held (decision 004): an employee of a route drives
 * it (even a route at the top of the tree), of another root node is school-wide, of any other node
 * reaches that node's subtree. Ended enrollments count for nothing.
 */
const callerRows = compiledQuery((db, p: { orgId: number; personId: number }) => {
  const none = sql<string | null>`null`;
  return db
    .selectFrom('people')
    .select([sql.lit('person').as('source'), 'is_admin as number', none.as('text'), none.as('scope')])
    .where(scopedToOrg(p.orgId))
    .where('id', '=', p.personId)
    .unionAll(
      db
        .selectFrom('memberships')
        .innerJoin('nodes', (j) => j.onRef('nodes.org_id', '=', 'memberships.org_id').onRef('nodes.id', '=', 'memberships.node_id'))
        .innerJoin('node_types', (j) => j.onRef('node_types.org_id', '=', 'nodes.org_id').onRef('node_types.id', '=', 'nodes.type_id'))
        .select([
          sql.lit('membership').as('source'),
          'memberships.node_id as number',
          'memberships.role as text',
          sql<string | null>`(case when nodes.parent_id is null then 'root:' else 'node:' end) || node_types.key`.as('scope'),
        ])
        .where(scopedToOrg(p.orgId, 'memberships'))
        .where('memberships.person_id', '=', p.personId)
        .where(currentMembership()),
    )
    .unionAll(
      db
        .selectFrom('relationships')
        .select([sql.lit('relative').as('source'), 'person_id as number', 'kind as text', none.as('scope')])
        .where(scopedToOrg(p.orgId))
        .where('relative_id', '=', p.personId),
    )
    .unionAll(
      db
        .selectFrom('registrations')
        .select([sql.lit('registration').as('source'), 'id as number', 'status as text', none.as('scope')])
        .where(scopedToOrg(p.orgId))
        .where('person_id', '=', p.personId),
    );
});

/** The caller `personId` of a school with their registration status, or null when there is no such person. */
export async function findSignedInCaller(db: Database, orgId: number, personId: number): Promise<LoadedCaller | null> {
  const rows = await callerRows.execute(db, { orgId, personId });
  const person = rows.find((r) => r.source === 'person');
  if (!person) return null;
  const registration = (rows.find((r) => r.source === 'registration')?.text ?? null) as LoadedCaller['registration'];
  const memberships = rows
    .filter((r) => r.source === 'membership')
    .map((r) => ({ node_id: r.number, role: r.text as string, isRoot: r.scope?.startsWith('root:') === true, typeKey: r.scope?.slice(5) ?? '' }));
  const relatives = rows.filter((r) => r.source === 'relative').map((r) => ({ person_id: r.number, kind: r.text as string }));
  const roles = [...new Set(memberships.map((m) => m.role))].sort();
  const isAdmin = person.number === 1;
  const employments = memberships.filter((m) => m.role === 'employee');
  const teachingNodeIds = [...new Set(memberships.filter((m) => isRoleIn(TEACHING_ROLES, m.role)).map((m) => m.node_id))];
  const drives = (m: (typeof employments)[number]) => isRouteType(m.typeKey);
  const employeeNodeIds = [...new Set(employments.filter((m) => !m.isRoot && !drives(m)).map((m) => m.node_id))];
  const isSchoolWide = isAdmin || employments.some((m) => m.isRoot && !drives(m));
  const caller: Caller = {
    id: personId,
    orgId,
    isAdmin,
    roles,
    isStaff: isSchoolWide || teachingNodeIds.length > 0 || employeeNodeIds.length > 0,
    isSchoolWide,
    teachingNodeIds,
    employeeNodeIds,
    routeIds: [...new Set(employments.filter(drives).map((m) => m.node_id))],
    childIds: relatives.filter((r) => (parentLikeKinds as readonly string[]).includes(r.kind)).map((r) => r.person_id),
    relativeIds: relatives.map((r) => r.person_id),
  };
  return { caller, registration };
}

/** The person `personId` of a school as a Caller (roles, taught nodes, family), or null. */
export async function findCaller(db: Database, orgId: number, personId: number): Promise<Caller | null> {
  return (await findSignedInCaller(db, orgId, personId))?.caller ?? null;
}

// The reads below run on most requests: each is compiled once (db/compiled-query.ts).
const personRow = compiledQuery((db, p: { orgId: number; personId: number }) =>
  db.selectFrom('people').selectAll().where(scopedToOrg(p.orgId)).where('id', '=', p.personId),
);

export async function findPerson(db: Database, orgId: number, personId: number): Promise<PersonRow | null> {
  return (await personRow.takeFirst(db, { orgId, personId })) ?? null;
}

const personIdRow = compiledQuery((db, p: { orgId: number; personId: number }) =>
  db.selectFrom('people').select('id').where(scopedToOrg(p.orgId)).where('id', '=', p.personId),
);

export async function personExists(db: Database, orgId: number, personId: number): Promise<boolean> {
  return (await personIdRow.takeFirst(db, { orgId, personId })) !== undefined;
}

/** Sign-in lookup: usernames are unique per school, compared case-insensitively (stored lowercase). */
export async function findCredentials(
  db: Database,
  orgId: number,
  username: string,
): Promise<{ id: number; password_hash: string | null } | null> {
  const row = await db
    .selectFrom('people')
    .select(['id', 'password_hash'])
    .where(scopedToOrg(orgId))
    .where('username', '=', username.toLowerCase())
    .executeTakeFirst();
  return row ?? null;
}

export async function insertPerson(db: Database, orgId: number, person: NewPerson): Promise<PersonRow> {
  return await db
    .insertInto('people')
    .values({
      ...person,
      username: person.username?.toLowerCase() ?? null,
      is_admin: person.is_admin ?? 0,
      search_key: searchKeyOf(person),
      sort_key: sortKeyOf(person),
      document_key: documentKeyOf(person.document),
      org_id: orgId,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** True when `relativeId` is recorded as a relative of `personId` (either direction is stored). */
export async function isRelativeOf(db: Database, orgId: number, personId: number, relativeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('relationships')
    .select('id')
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('relative_id', '=', relativeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores both directions of a relationship in one transaction-safe upsert pair. */
export async function upsertRelationshipPair(
  db: Database,
  orgId: number,
  pair: { personId: number; relativeId: number; kind: string; inverseKind: string },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('relationships')
    .values([
      { org_id: orgId, person_id: pair.personId, relative_id: pair.relativeId, kind: pair.kind, created_at: now },
      { org_id: orgId, person_id: pair.relativeId, relative_id: pair.personId, kind: pair.inverseKind, created_at: now },
    ])
    .onConflict((oc) => oc.columns(['org_id', 'person_id', 'relative_id']).doUpdateSet((eb) => ({ kind: eb.ref('excluded.kind') })))
    .execute();
}

/** Role keys of a person: their membership roles plus 'relative' when they are someone's parent-like relative. */
export async function findRoles(db: Database, orgId: number, personId: number): Promise<string[]> {
  const memberships = await db
    .selectFrom('memberships')
    .select('role')
    .distinct()
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .execute();
  const asRelative = await db
    .selectFrom('relationships')
    .innerJoin('memberships', (join) =>
      join.onRef('memberships.org_id', '=', 'relationships.org_id').onRef('memberships.person_id', '=', 'relationships.person_id'),
    )
    .select('relationships.id')
    .where(scopedToOrg(orgId, 'relationships'))
    .where('relationships.relative_id', '=', personId)
    .where('memberships.role', '=', 'student')
    .limit(1)
    .executeTakeFirst();
  const roles = memberships.map((m) => m.role);
  if (asRelative) roles.push('relative');
  return roles.sort();
}

/** document → id for the given documents (seed steps and imports look people up by document). */
export async function findPersonIdsByDocument(db: Database, orgId: number, documents: string[]): Promise<Map<string, number>> {
  if (documents.length === 0) return new Map();
  const rows = await db
    .selectFrom('people')
    .select(['id', 'document'])
    .where(scopedToOrg(orgId))
    .where('document', 'in', documents)
    .execute();
  return new Map(rows.map((r) => [r.document as string, r.id]));
}

export async function findPersonIdByUsername(db: Database, orgId: number, username: string): Promise<number | null> {
  const row = await db
    .selectFrom('people')
    .select('id')
    .where(scopedToOrg(orgId))
    .where('username', '=', username.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}

const membershipRowsOf = compiledQuery((db, p: { orgId: number; personId: number }) =>
  db.selectFrom('memberships').select(['node_id', 'role', 'enrollment_status']).where(scopedToOrg(p.orgId)).where('person_id', '=', p.personId),
);

/** One current student membership in `nodeIds` of a person `personId` is a parent-like relative of. */
const childStudentIn = compiledQuery((db, p: { orgId: number; personId: number; nodeIds: number[] }) =>
  db
    .selectFrom('relationships')
    .innerJoin('memberships', (join) =>
      join.onRef('memberships.org_id', '=', 'relationships.org_id').onRef('memberships.person_id', '=', 'relationships.person_id'),
    )
    .select('relationships.id')
    .where(scopedToOrg(p.orgId, 'relationships'))
    .where('relationships.relative_id', '=', p.personId)
    .where('relationships.kind', 'in', [...parentLikeKinds])
    .where('memberships.role', '=', 'student')
    .where('memberships.node_id', 'in', p.nodeIds)
    .where(currentMembership())
    .limit(1),
);

const adminFlagOf = compiledQuery((db, p: { orgId: number; personId: number }) =>
  db.selectFrom('people').select('is_admin').where(scopedToOrg(p.orgId)).where('id', '=', p.personId),
);

/**
 * How a person relates to the nodes in a staff member's reach (for profileAccess): `nodeIds` where
 * they see school data, `clinicNodeIds` where they also see students' clinic data. Ended
 * enrollments (withdrawn, graduated, inactive) link nobody (issue 6 item 14).
 */
export async function findTeachingLinks(db: Database, orgId: number, nodeIds: number[], clinicNodeIds: number[], personId: number) {
  const memberships = (await membershipRowsOf.execute(db, { orgId, personId })).filter(isCurrentMembership);
  const inNodes = memberships.filter((m) => nodeIds.includes(m.node_id));
  const studentOfTheirs = nodeIds.length === 0 ? undefined : await childStudentIn.takeFirst(db, { orgId, personId, nodeIds });
  const admin = await adminFlagOf.takeFirst(db, { orgId, personId });
  return {
    isMember: inNodes.length > 0,
    isStudent: inNodes.some((m) => m.role === 'student' && clinicNodeIds.includes(m.node_id)),
    isRelativeOfStudent: studentOfTheirs !== undefined,
    isStaff: admin?.is_admin === 1 || memberships.some((m) => isRoleIn(STAFF_ROLES, m.role)),
  };
}

const roleRows = compiledQuery((db, p: { orgId: number; ids: number[] }) =>
  db
    .selectFrom('memberships')
    .select(['person_id', 'role'])
    .where(scopedToOrg(p.orgId))
    .where('person_id', 'in', p.ids)
    .union(
      db
        .selectFrom('relationships')
        .innerJoin('memberships', (join) =>
          join.onRef('memberships.org_id', '=', 'relationships.org_id').onRef('memberships.person_id', '=', 'relationships.person_id'),
        )
        .select(['relationships.relative_id as person_id', sql.lit('relative').as('role')])
        .where(scopedToOrg(p.orgId, 'relationships'))
        .where('relationships.relative_id', 'in', p.ids)
        .where('memberships.role', '=', 'student'),
    )
    .union(
      db
        .selectFrom('people')
        .select(['id as person_id', sql.lit('administrator').as('role')])
        .where(scopedToOrg(p.orgId))
        .where('is_admin', '=', 1)
        .where('id', 'in', p.ids),
    ),
);

/**
 * Role keys of many people at once: 'administrator' first, then membership roles and 'relative'
 * (relative of a student). One round trip per 500 people.
 */
export async function findRolesOf(db: Database, orgId: number, personIds: number[]): Promise<Map<number, string[]>> {
  if (personIds.length === 0) return new Map();
  const roles = new Map<number, Set<string>>(personIds.map((id) => [id, new Set()]));
  for (const chunk of chunks([...new Set(personIds)], 500)) {
    for (const r of await roleRows.execute(db, { orgId, ids: chunk })) roles.get(r.person_id)?.add(r.role);
  }
  return new Map(
    [...roles].map(([id, set]) => {
      const isAdmin = set.delete('administrator');
      return [id, [...(isAdmin ? ['administrator'] : []), ...[...set].sort()]];
    }),
  );
}

export type CardRow = Pick<PersonRow, 'id' | 'first_name' | 'last_name' | 'last_name2' | 'avatar'>;

/**
 * Rows in "last name, first name" order, as ORDER BY sort_key, id would give them, without the key.
 * Sorted here rather than in SQL: for a few ids, SQLite (which keeps no statistics) would rather walk
 * the school's whole sort_key index in order than look the ids up and sort them.
 */
function inNameOrder<T extends { id: number; sort_key: string }>(rows: T[]): Omit<T, 'sort_key'>[] {
  rows.sort((a, b) => (a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : a.id - b.id));
  return rows.map(({ sort_key: _key, ...row }) => row);
}

// `only` is a variant: the access filters given here are one object per school (policy/registrants.sql.ts).
const cardRowsIn = compiledQuery((db, p: { orgId: number; ids: number[] }, only: AccessFilter | null) => {
  const query = db
    .selectFrom('people')
    .select(['id', 'first_name', 'last_name', 'last_name2', 'avatar', 'sort_key'])
    .where(scopedToOrg(p.orgId))
    .where('id', 'in', p.ids);
  return only ? query.where(only('people.id')) : query;
});

/** Name and avatar of many people, ordered "last name, first name"; `only` (an access filter) keeps some. */
export async function findCardRows(db: Database, orgId: number, personIds: number[], only?: AccessFilter): Promise<CardRow[]> {
  if (personIds.length === 0) return [];
  const rows: (CardRow & { sort_key: string })[] = [];
  for (const chunk of chunks([...new Set(personIds)], 500)) rows.push(...(await cardRowsIn.execute(db, { orgId, ids: chunk }, only ?? null)));
  return inNameOrder(rows);
}

const relativeCardRows = compiledQuery((db, p: { orgId: number; personId: number }) =>
  db
    .selectFrom('relationships')
    .innerJoin('people', (join) => join.onRef('people.org_id', '=', 'relationships.org_id').onRef('people.id', '=', 'relationships.relative_id'))
    .select(['people.id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.avatar', 'people.sort_key', 'relationships.kind'])
    .where(scopedToOrg(p.orgId, 'relationships'))
    .where('relationships.person_id', '=', p.personId),
);

/** The relatives of a person as cards with what each is to them, "last name, first name" order. */
export async function findRelativeCardRows(db: Database, orgId: number, personId: number): Promise<(CardRow & { kind: string })[]> {
  return inNameOrder(await relativeCardRows.execute(db, { orgId, personId }));
}

const genderRows = compiledQuery((db, p: { orgId: number; ids: number[] }) =>
  db.selectFrom('people').select(['id', 'gender']).where(scopedToOrg(p.orgId)).where('id', 'in', p.ids),
);

/** The recorded gender of some people, by id (school data: callers ask only for whom they may see it of). */
export async function findGendersOf(db: Database, orgId: number, personIds: number[]): Promise<Map<number, 'female' | 'male' | null>> {
  const genders = new Map<number, 'female' | 'male' | null>();
  for (const chunk of chunks([...new Set(personIds)], 500)) {
    for (const row of await genderRows.execute(db, { orgId, ids: chunk })) genders.set(row.id, row.gender);
  }
  return genders;
}

const childIdRows = compiledQuery((db, p: { orgId: number; personId: number }) =>
  db
    .selectFrom('relationships')
    .select('person_id')
    .where(scopedToOrg(p.orgId))
    .where('relative_id', '=', p.personId)
    .where('kind', 'in', [...parentLikeKinds]),
);

/** The people `personId` is a parent-like relative of (their children, wards, grandchildren…). */
export async function findChildIds(db: Database, orgId: number, personId: number): Promise<number[]> {
  return (await childIdRows.execute(db, { orgId, personId })).map((r) => r.person_id);
}

const groupRows = compiledQuery((db, p: { orgId: number; personId: number }) =>
  db
    .selectFrom('memberships')
    .innerJoin('nodes', (join) => join.onRef('nodes.org_id', '=', 'memberships.org_id').onRef('nodes.id', '=', 'memberships.node_id'))
    .innerJoin('node_types', (join) => join.onRef('node_types.org_id', '=', 'nodes.org_id').onRef('node_types.id', '=', 'nodes.type_id'))
    .select([
      'memberships.node_id',
      'nodes.name',
      'node_types.key',
      'memberships.role',
      'memberships.enrollment_status',
      'memberships.outcome',
      'memberships.school_year',
    ])
    .where(scopedToOrg(p.orgId, 'memberships'))
    .where('memberships.person_id', '=', p.personId)
    .orderBy('nodes.name')
    .orderBy('memberships.role'),
);

/** Memberships of a person with their node's name and type. */
export async function findGroupsOf(db: Database, orgId: number, personId: number) {
  return await groupRows.execute(db, { orgId, personId });
}

/** Changes some columns of a person; a change of names or document rewrites the search_key (and sort_key) too. */
export async function updatePersonRow(db: Database, orgId: number, personId: number, values: Updateable<PersonTable>) {
  if (Object.keys(values).length === 0) return;
  const { search_key: _ignored, sort_key: _sorted, document_key: _derived, ...changes } = values;
  // Read and write together (a caller's transaction, or one of its own).
  const run = <T>(work: (trx: Database) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  await run(async (trx) => {
    let searchKey: string | undefined;
    let sortKey: string | undefined;
    if (touchesSearchKey(changes)) {
      const stored = await trx
        .selectFrom('people')
        .select(['first_name', 'last_name', 'last_name2', 'document'])
        .where(scopedToOrg(orgId))
        .where('id', '=', personId)
        .executeTakeFirst();
      if (stored) searchKey = searchKeyOf({ ...stored, ...(changes as Partial<typeof stored>) });
      if (stored && touchesSortKey(changes)) sortKey = sortKeyOf({ ...stored, ...(changes as Partial<typeof stored>) });
    }
    await trx
      .updateTable('people')
      .set({
        ...changes,
        ...(searchKey !== undefined ? { search_key: searchKey } : {}),
        ...(sortKey !== undefined ? { sort_key: sortKey } : {}),
        ...('document' in changes ? { document_key: documentKeyOf(changes.document ?? null) } : {}),
      })
      .where(scopedToOrg(orgId))
      .where('id', '=', personId)
      .execute();
  });
}

export async function findPersonIdByDocument(db: Database, orgId: number, document: string): Promise<number | null> {
  const row = await db.selectFrom('people').select('id').where(scopedToOrg(orgId)).where('document', '=', document).executeTakeFirst();
  return row?.id ?? null;
}

const contactStaffRows = compiledQuery((db, p: { orgId: number }) =>
  db.selectFrom('people').select('id').where(scopedToOrg(p.orgId)).where('is_contact', '=', 1),
);

/** Staff flagged as contacts for families (people.is_contact). */
export async function findContactStaffIds(db: Database, orgId: number): Promise<number[]> {
  return (await contactStaffRows.execute(db, { orgId })).map((r) => r.id);
}

const adminRows = compiledQuery((db, p: { orgId: number }) =>
  db.selectFrom('people').select('id').where(scopedToOrg(p.orgId)).where('is_admin', '=', 1),
);
const staffMemberRows = compiledQuery((db, p: { orgId: number }) =>
  db.selectFrom('memberships').select('person_id').distinct().where(scopedToOrg(p.orgId)).where('role', 'in', [...STAFF_ROLES]),
);

/** Administrators and everyone with a staff role. */
export async function findStaffIds(db: Database, orgId: number): Promise<number[]> {
  const admins = await adminRows.execute(db, { orgId });
  const members = await staffMemberRows.execute(db, { orgId });
  return [...new Set([...admins.map((a) => a.id), ...members.map((m) => m.person_id)])];
}

/** Whose parent-like relatives a query reads: everyone's (who is family to whom), or the approved only (who is told). */
type RelativesWho = 'all' | 'approved';

const parentLikeRelativeRows = compiledQuery((db, p: { orgId: number; ids: number[] }, who: RelativesWho) => {
  const rows = db
    .selectFrom('relationships')
    .select('relationships.relative_id')
    .where(scopedToOrg(p.orgId, 'relationships'))
    .where('relationships.person_id', 'in', p.ids)
    .where('relationships.kind', 'in', [...parentLikeKinds]);
  return who === 'approved' ? rows.where(notAnUnapprovedRegistrant(p.orgId, 'relationships.relative_id')) : rows;
});

async function parentLikeRelativesOf(db: Database, orgId: number, personIds: readonly number[], who: RelativesWho): Promise<number[]> {
  const out = new Set<number>();
  for (const chunk of chunks([...new Set(personIds)], 500)) {
    for (const r of await parentLikeRelativeRows.execute(db, { orgId, ids: chunk }, who)) out.add(r.relative_id);
  }
  return [...out];
}

/** Parent-like relatives (father, mother, guardian…) of some people: who is family to whom (contacts, a driver's riders). */
export function findParentLikeRelativeIds(db: Database, orgId: number, personIds: readonly number[]): Promise<number[]> {
  return parentLikeRelativesOf(db, orgId, personIds, 'all');
}

/**
 * The parent-like relatives of some people whose registration (if any) is approved: whom a post's
 * "include relatives", an absence alert or a bus notice reaches.
 */
export function findApprovedParentLikeRelativeIds(db: Database, orgId: number, personIds: readonly number[]): Promise<number[]> {
  return parentLikeRelativesOf(db, orgId, personIds, 'approved');
}

const relativeIdRows = compiledQuery((db, p: { orgId: number; ids: number[] }) =>
  db.selectFrom('relationships').select('relative_id').where(scopedToOrg(p.orgId)).where('person_id', 'in', p.ids),
);

/** Every relative (any kind) of some people: for a parent's children, the co-parents and the rest of the family. */
export async function findRelativeIdsOf(db: Database, orgId: number, personIds: number[]): Promise<number[]> {
  const out = new Set<number>();
  for (const chunk of chunks(personIds, 500)) {
    for (const r of await relativeIdRows.execute(db, { orgId, ids: chunk })) out.add(r.relative_id);
  }
  return [...out];
}

const studentClassRows = compiledQuery((db, p: { orgId: number; ids: number[] }) =>
  db
    .selectFrom('memberships')
    .innerJoin('nodes', (join) => join.onRef('nodes.org_id', '=', 'memberships.org_id').onRef('nodes.id', '=', 'memberships.node_id'))
    .innerJoin('node_types', (join) => join.onRef('node_types.org_id', '=', 'nodes.org_id').onRef('node_types.id', '=', 'nodes.type_id'))
    .select(['memberships.person_id', 'memberships.node_id', 'nodes.name', 'memberships.enrollment_status'])
    .where(scopedToOrg(p.orgId, 'memberships'))
    .where('memberships.person_id', 'in', p.ids)
    .where('memberships.role', '=', 'student')
    .where('memberships.enrollment_status', 'in', ['active', 'pending'])
    .where((eb) => eb.or([eb('node_types.key', 'like', 'class%'), eb('node_types.key', 'like', 'grade%')]))
    .orderBy('nodes.position')
    .orderBy('nodes.name')
    .orderBy('nodes.id'),
);

/**
 * The classes and grades where some people are students with an active or pending enrollment
 * (the children list shows each child's class), in tree order.
 */
export async function findStudentClassesOf(db: Database, orgId: number, personIds: number[]) {
  if (personIds.length === 0) return [];
  return await studentClassRows.execute(db, { orgId, ids: personIds });
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
