import type { Language } from '@patio/core';
import type { Database, DialectName } from '../../db/database';
import { nowIso } from '../../db/database';
import { compiledQuery } from '../../db/compiled-query';
import { scopedToOrg } from '../../db/scope';
import type { AccessFilter } from '../../policy/access';
import { currentMembership, isCurrentMembership } from './enrollment';

export type Role = 'teacher' | 'substitute_teacher' | 'student' | 'employee' | 'group_director';
export type LocalizedNames = Partial<Record<Language, string>>;

export async function insertNodeType(
  db: Database,
  orgId: number,
  type: { key: string; singular: LocalizedNames; plural: LocalizedNames },
): Promise<number> {
  const row = await db
    .insertInto('node_types')
    .values({ org_id: orgId, key: type.key, singular: JSON.stringify(type.singular), plural: JSON.stringify(type.plural) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertNode(
  db: Database,
  orgId: number,
  node: { parentId: number | null; typeId: number; name: string; position?: number },
): Promise<number> {
  const row = await db
    .insertInto('nodes')
    .values({
      org_id: orgId,
      parent_id: node.parentId,
      type_id: node.typeId,
      name: node.name,
      position: node.position ?? 0,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMembership(
  db: Database,
  orgId: number,
  membership: { nodeId: number; personId: number; role: Role; enrollmentStatus?: string | null; outcome?: string | null; schoolYear?: string | null },
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({
      org_id: orgId,
      node_id: membership.nodeId,
      person_id: membership.personId,
      role: membership.role,
      enrollment_status: membership.enrollmentStatus ?? (membership.role === 'student' ? 'active' : null),
      outcome: membership.outcome ?? null,
      school_year: membership.schoolYear ?? null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['org_id', 'node_id', 'person_id', 'role']).doNothing())
    .execute();
}

export async function findNodeByName(db: Database, orgId: number, name: string) {
  return await db
    .selectFrom('nodes')
    .select(['id', 'parent_id', 'type_id', 'name'])
    .where(scopedToOrg(orgId))
    .where('name', '=', name)
    .executeTakeFirst();
}

export interface NodeRow {
  id: number;
  parent_id: number | null;
  type_id: number;
  name: string;
  position: number;
}

// The reads of the tree run on most requests: each is compiled once (db/compiled-query.ts).
const nodeRows = compiledQuery((db, p: { orgId: number }) =>
  db.selectFrom('nodes').select(['id', 'parent_id', 'type_id', 'name', 'position']).where(scopedToOrg(p.orgId)).orderBy('position').orderBy('name').orderBy('id'),
);

/** The whole tree of a school (a school has hundreds of nodes at most), in display order. */
export async function findNodes(db: Database, orgId: number): Promise<NodeRow[]> {
  return await nodeRows.execute(db, { orgId });
}

const nodeRow = compiledQuery((db, p: { orgId: number; nodeId: number }) =>
  db.selectFrom('nodes').select(['id', 'parent_id', 'type_id', 'name', 'position']).where(scopedToOrg(p.orgId)).where('id', '=', p.nodeId),
);

export async function findNode(db: Database, orgId: number, nodeId: number): Promise<NodeRow | null> {
  return (await nodeRow.takeFirst(db, { orgId, nodeId })) ?? null;
}

/** A node and every node below it. */
export function subtreeIds(nodes: Pick<NodeRow, 'id' | 'parent_id'>[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const n of nodes) if (n.parent_id !== null) children.set(n.parent_id, [...(children.get(n.parent_id) ?? []), n.id]);
  const out: number[] = [];
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.includes(id)) continue; // a corrupt cycle never loops forever
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

const nodeTypeRows = compiledQuery((db, p: { orgId: number }) =>
  db.selectFrom('node_types').select(['id', 'key', 'singular', 'plural']).where(scopedToOrg(p.orgId)).orderBy('id'),
);

export async function findNodeTypes(db: Database, orgId: number) {
  return await nodeTypeRows.execute(db, { orgId });
}

// `listed` is a variant: listedFor answers one filter object per school (and one for administrators).
const memberCountRows = compiledQuery((db, p: { orgId: number }, listed: AccessFilter) =>
  db
    .selectFrom('memberships')
    .select(['memberships.node_id', (eb) => eb.fn.count<number | string>('memberships.person_id').distinct().as('n')])
    .where(scopedToOrg(p.orgId, 'memberships'))
    .where(currentMembership())
    .where(listed('memberships.person_id'))
    .groupBy('memberships.node_id'),
);

/**
 * People per node, counted as the roster lists them by default (findMembers): current members, once
 * each however many roles they hold there, among the people `listed` for the caller.
 */
export async function countMembers(db: Database, orgId: number, listed: AccessFilter): Promise<Map<number, number>> {
  const rows = await memberCountRows.execute(db, { orgId }, listed);
  return new Map(rows.map((r) => [r.node_id, Number(r.n)]));
}

/**
 * Holds the school's row until the transaction ends, so that two requests shaping the tree at once
 * (two "add a group" clicks) run one after the other and the second sees the first's sibling.
 * SQLite needs no lock: Kysely runs its transactions one at a time.
 */
export async function lockTree(trx: Database, orgId: number, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('orgs').select('id').where('id', '=', orgId).forUpdate().execute();
}

export async function updateNode(
  db: Database,
  orgId: number,
  nodeId: number,
  values: { parent_id?: number | null; type_id?: number; name?: string; position?: number },
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('nodes').set(values).where(scopedToOrg(orgId)).where('id', '=', nodeId).execute();
}

export async function deleteNode(db: Database, orgId: number, nodeId: number): Promise<void> {
  await db.deleteFrom('nodes').where(scopedToOrg(orgId)).where('id', '=', nodeId).execute();
}

export async function hasChildrenOrMembers(db: Database, orgId: number, nodeId: number): Promise<{ children: boolean; members: boolean }> {
  const child = await db.selectFrom('nodes').select('id').where(scopedToOrg(orgId)).where('parent_id', '=', nodeId).limit(1).executeTakeFirst();
  const member = await db.selectFrom('memberships').select('id').where(scopedToOrg(orgId)).where('node_id', '=', nodeId).limit(1).executeTakeFirst();
  const stops = await db.selectFrom('route_stops').select('id').where(scopedToOrg(orgId)).where('node_id', '=', nodeId).limit(1).executeTakeFirst();
  return { children: child !== undefined || stops !== undefined, members: member !== undefined };
}

// A node's roster: current members, or the students of one enrollment status. `listed` is a variant:
// listedFor answers one filter object per school (and one for administrators).
const memberRows = (db: Database, p: { orgId: number; nodeId: number }) =>
  db
    .selectFrom('memberships')
    .innerJoin('people', (join) => join.onRef('people.org_id', '=', 'memberships.org_id').onRef('people.id', '=', 'memberships.person_id'))
    .select([
      'people.id',
      'people.first_name',
      'people.last_name',
      'people.last_name2',
      'people.avatar',
      'memberships.role',
      'memberships.enrollment_status',
      'memberships.outcome',
      'memberships.school_year',
    ])
    .where(scopedToOrg(p.orgId, 'memberships'))
    .where('memberships.node_id', '=', p.nodeId)
    // One person's roles come together; the service groups them and orders the people (members.service.ts).
    .orderBy('people.sort_key')
    .orderBy('people.id')
    .orderBy('memberships.role');
const currentMemberRows = compiledQuery((db, p: { orgId: number; nodeId: number }, listed: AccessFilter) =>
  memberRows(db, p).where(currentMembership()).where(listed('people.id')),
);
const memberRowsWithStatus = compiledQuery((db, p: { orgId: number; nodeId: number; status: string }, listed: AccessFilter) =>
  memberRows(db, p).where('memberships.role', '=', 'student').where('memberships.enrollment_status', '=', p.status).where(listed('people.id')),
);

/**
 * Members of a node with their card data. By default the current ones (issue 6 item 14: ended
 * enrollments leave the roster); with `status`, the students with that enrollment status instead.
 * `listed` is the people filter of the caller (policy/registrants.sql.ts listedFor).
 */
export async function findMembers(db: Database, orgId: number, nodeId: number, listed: AccessFilter, options: { status?: string } = {}) {
  if (options.status) return await memberRowsWithStatus.execute(db, { orgId, nodeId, status: options.status }, listed);
  return await currentMemberRows.execute(db, { orgId, nodeId }, listed);
}

/** Adds or updates one membership (node, person, role). */
export async function upsertMembership(
  db: Database,
  orgId: number,
  m: { nodeId: number; personId: number; role: Role; enrollmentStatus: string | null; outcome: string | null; schoolYear: string | null },
): Promise<'created' | 'updated'> {
  const existing = await db
    .selectFrom('memberships')
    .select('id')
    .where(scopedToOrg(orgId))
    .where('node_id', '=', m.nodeId)
    .where('person_id', '=', m.personId)
    .where('role', '=', m.role)
    .executeTakeFirst();
  const values = { enrollment_status: m.enrollmentStatus, outcome: m.outcome, school_year: m.schoolYear };
  if (existing) {
    await db.updateTable('memberships').set(values).where(scopedToOrg(orgId)).where('id', '=', existing.id).execute();
    return 'updated';
  }
  await db
    .insertInto('memberships')
    .values({ org_id: orgId, node_id: m.nodeId, person_id: m.personId, role: m.role, ...values, created_at: nowIso() })
    .execute();
  return 'created';
}

/** Removes a person's memberships in a node (one role, or all); answers how many went. */
export async function deleteMemberships(db: Database, orgId: number, nodeId: number, personId: number, role?: string): Promise<number> {
  let q = db.deleteFrom('memberships').where(scopedToOrg(orgId)).where('node_id', '=', nodeId).where('person_id', '=', personId);
  if (role) q = q.where('role', '=', role);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

const membershipRowsIn = compiledQuery((db, p: { orgId: number; nodeIds: number[]; roles: string[] }) =>
  db
    .selectFrom('memberships')
    .select(['person_id', 'node_id', 'role', 'enrollment_status'])
    .where(scopedToOrg(p.orgId))
    .where('node_id', 'in', p.nodeIds)
    .where('role', 'in', p.roles),
);

/** Memberships in some nodes with some roles: [person, node, role] (contacts, visibility). */
export async function findMembershipsIn(db: Database, orgId: number, nodeIds: number[], roles: readonly string[]) {
  if (nodeIds.length === 0 || roles.length === 0) return [];
  return await membershipRowsIn.execute(db, { orgId, nodeIds, roles: [...roles] });
}

const membershipRowsOf = compiledQuery((db, p: { orgId: number; personIds: number[]; roles: string[] }) =>
  db
    .selectFrom('memberships')
    .select(['node_id', 'enrollment_status', 'role'])
    .where(scopedToOrg(p.orgId))
    .where('person_id', 'in', p.personIds)
    .where('role', 'in', p.roles),
);

/** Nodes where some people are members with some roles. */
export async function findNodeIdsOf(db: Database, orgId: number, personIds: number[], roles: readonly string[]): Promise<number[]> {
  if (personIds.length === 0 || roles.length === 0) return [];
  const rows = await membershipRowsOf.execute(db, { orgId, personIds, roles: [...roles] });
  return [...new Set(rows.filter(isCurrentMembership).map((r) => r.node_id))];
}

/** Node type of a past school year's archive: the classes under it are history, not open courses. */
export const ARCHIVE_NODE_TYPE = 'school_year';

/** Ids of every node that sits under a past school year's archive node (at any depth). */
export async function findArchivedNodeIds(db: Database, orgId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('nodes')
    .innerJoin('node_types', (j) => j.onRef('node_types.org_id', '=', 'nodes.org_id').onRef('node_types.id', '=', 'nodes.type_id'))
    .select(['nodes.id', 'nodes.parent_id', 'node_types.key'])
    .where(scopedToOrg(orgId, 'nodes'))
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const archived = new Set<number>();
  for (const row of rows) {
    // Walk up to the root; the tree is shallow and moves refuse cycles, the bound is only a guard.
    for (let parent = byId.get(row.parent_id ?? -1), steps = 0; parent && steps < rows.length; parent = byId.get(parent.parent_id ?? -1), steps++) {
      if (parent.key === ARCHIVE_NODE_TYPE) {
        archived.add(row.id);
        break;
      }
    }
  }
  return archived;
}
