import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';
import { parentLikeKinds } from '../people/index';

export interface TreeNode {
  id: number;
  parentId: number | null;
  position: number;
  typeKey: string;
}

/** Every node of the school with its type key: rules resolve descendants and grade order from it. */
export async function findNodeTree(db: Database, orgId: number): Promise<TreeNode[]> {
  const rows = await db
    .selectFrom('nodes')
    .innerJoin('node_types', (j) => j.onRef('node_types.org_id', '=', 'nodes.org_id').onRef('node_types.id', '=', 'nodes.type_id'))
    .select(['nodes.id', 'nodes.parent_id', 'nodes.position', 'node_types.key'])
    .where(scopedToOrg(orgId, 'nodes'))
    .orderBy('nodes.position')
    .orderBy('nodes.id')
    .execute();
  return rows.map((r) => ({ id: r.id, parentId: r.parent_id, position: r.position, typeKey: r.key }));
}

/**
 * The SELECT of the people a rule's condition matches (and, when asked, their parent-like relatives).
 * Nobody whose registration is not approved is ever part of an audience (issue 6 item 5).
 */
export function selectAudience(
  db: Database,
  orgId: number,
  condition: (eb: ExpressionBuilder<DB, 'people'>) => Expression<SqlBool>,
  options: { includeRelatives?: boolean },
) {
  const matched = db
    .selectFrom('people')
    .select('people.id')
    .where(scopedToOrg(orgId, 'people'))
    .where(notAnUnapprovedRegistrant(orgId))
    .where(condition);
  if (!options.includeRelatives) return matched;
  const relatives = db
    .selectFrom('relationships')
    .select('relationships.relative_id as id')
    .where('relationships.org_id', '=', orgId)
    .where('relationships.kind', 'in', [...parentLikeKinds])
    .where('relationships.person_id', 'in', matched)
    .where(notAnUnapprovedRegistrant(orgId, 'relationships.relative_id'));
  return matched.union(relatives);
}

type AudienceQuery = ReturnType<typeof selectAudience>;

/** How many people an audience holds. */
export async function countAudience(db: Database, audience: AudienceQuery): Promise<number> {
  const { count } = await db
    .selectFrom(audience.as('audience'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The first `limit` people of an audience by name, with their card data. */
export async function findAudienceSample(db: Database, orgId: number, audience: AudienceQuery, limit: number) {
  return await db
    .selectFrom('people')
    .select(['id', 'first_name', 'last_name', 'last_name2', 'avatar'])
    .where(scopedToOrg(orgId))
    .where('id', 'in', audience)
    .orderBy('sort_key')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The school's settings (JSON), for what a billing rule compares with (its time zone). */
export async function findSchoolSettings(db: Database, orgId: number): Promise<Record<string, unknown>> {
  const row = await db.selectFrom('orgs').select('settings').where('id', '=', orgId).executeTakeFirst();
  try {
    return row ? (JSON.parse(row.settings) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The currencies the school's unpaid debits are in. */
export async function findDebitCurrencies(db: Database, orgId: number): Promise<string[]> {
  const rows = await db.selectFrom('billing_debits').select('currency').distinct().where(scopedToOrg(orgId)).where('paid_on', 'is', null).execute();
  return rows.map((r) => r.currency);
}
