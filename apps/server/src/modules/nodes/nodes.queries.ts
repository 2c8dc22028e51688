import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { AccessFilter } from '../../policy/access';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';
import { currentMembership, isCurrentMembership } from './enrollment';

export type Role = 'teacher' | 'substitute_teacher' | 'student' | 'employee' | 'group_director';
export type LocalizedNames = Partial<Record<'es' | 'en' | 'de' | 'fr' | 'it' | 'pt', string>>;

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

/** The whole tree of a school (a school has hundreds of nodes at most), in display order. */
export async function findNodes(db: Database, orgId: number): Promise<NodeRow[]> {
  return await db
    .selectFrom('nodes')
    .select(['id', 'parent_id', 'type_id', 'name', 'position'])
    .where(scopedToOrg(orgId))
    .orderBy('position')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function findNode(db: Database, orgId: number, nodeId: number): Promise<NodeRow | null> {
  const row = await db
    .selectFrom('nodes')
    .select(['id', 'parent_id', 'type_id', 'name', 'position'])
    .where(scopedToOrg(orgId))
    .where('id', '=', nodeId)
    .executeTakeFirst();
  return row ?? null;
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

export async function findNodeTypes(db: Database, orgId: number) {
  return await db.selectFrom('node_types').select(['id', 'key', 'singular', 'plural']).where(scopedToOrg(orgId)).orderBy('id').execute();
}

/** Members per node (one row per membership), as the roster lists them by default (findMembers). */
export async function countMembers(db: Database, orgId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('memberships')
    .select(['memberships.node_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(scopedToOrg(orgId, 'memberships'))
    .where(currentMembership())
    .where(notAnUnapprovedRegistrant(orgId, 'memberships.person_id'))
    .groupBy('memberships.node_id')
    .execute();
  return new Map(rows.map((r) => [r.node_id, Number(r.n)]));
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

/**
 * Members of a node with their card data. By default the current ones (issue 6 item 14: ended
 * enrollments leave the roster); with `status`, the students with that enrollment status instead.
 * `listed` is the people filter of the caller (policy/registrants.sql.ts listedFor).
 */
export async function findMembers(db: Database, orgId: number, nodeId: number, listed: AccessFilter, options: { status?: string } = {}) {
  let query = db
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
    .where(scopedToOrg(orgId, 'memberships'))
    .where('memberships.node_id', '=', nodeId);
  query = options.status
    ? query.where('memberships.role', '=', 'student').where('memberships.enrollment_status', '=', options.status)
    : query.where(currentMembership());
  return await query
    .where(listed('people.id')).orderBy('memberships.role').orderBy('people.sort_key').orderBy('people.id').execute();
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

/** Memberships in some nodes with some roles: [person, node, role] (contacts, visibility). */
export async function findMembershipsIn(db: Database, orgId: number, nodeIds: number[], roles: readonly string[]) {
  if (nodeIds.length === 0) return [];
  return await db
    .selectFrom('memberships')
    .select(['person_id', 'node_id', 'role', 'enrollment_status'])
    .where(scopedToOrg(orgId))
    .where('node_id', 'in', nodeIds)
    .where('role', 'in', [...roles])
    .execute();
}

/** Nodes where some people are members with some roles. */
export async function findNodeIdsOf(db: Database, orgId: number, personIds: number[], roles: readonly string[]): Promise<number[]> {
  if (personIds.length === 0) return [];
  const rows = await db
    .selectFrom('memberships')
    .select(['node_id', 'enrollment_status', 'role'])
    .where(scopedToOrg(orgId))
    .where('person_id', 'in', personIds)
    .where('role', 'in', [...roles])
    .execute();
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
