import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

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
  membership: { nodeId: number; personId: number; role: Role; enrollmentStatus?: string | null; schoolYear?: string | null },
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({
      org_id: orgId,
      node_id: membership.nodeId,
      person_id: membership.personId,
      role: membership.role,
      enrollment_status: membership.enrollmentStatus ?? (membership.role === 'student' ? 'active' : null),
      outcome: null,
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
