import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// The dashboards area's SQL (docs/decisions/032-dashboards.md): dashboards and their blocks, always
// scoped to one school.

export interface DashboardRow {
  id: number;
  title: string | null;
  home: number;
  audience: string;
  created_by: number | null;
  updated_at: string;
}

export interface BlockRow {
  id: number;
  dashboard_id: number;
  position: number;
  kind: string;
  title: string | null;
  options: string;
}

export interface NewBlock {
  kind: string;
  title: string | null;
  options: string;
}

const dashboardColumns = ['id', 'title', 'home', 'audience', 'created_by', 'updated_at'] as const;
const blockColumns = ['id', 'dashboard_id', 'position', 'kind', 'title', 'options'] as const;

export async function findDashboard(db: Database, orgId: number, id: number): Promise<DashboardRow | null> {
  return (await db.selectFrom('dashboards').select(dashboardColumns).where(scopedToOrg(orgId)).where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function findHomeDashboard(db: Database, orgId: number): Promise<DashboardRow | null> {
  return (await db.selectFrom('dashboards').select(dashboardColumns).where(scopedToOrg(orgId)).where('home', '=', 1).executeTakeFirst()) ?? null;
}

/** Every dashboard of the school: the home first, then by title. */
export async function findDashboards(db: Database, orgId: number): Promise<DashboardRow[]> {
  return await db.selectFrom('dashboards').select(dashboardColumns).where(scopedToOrg(orgId)).orderBy('home', 'desc').orderBy('title').orderBy('id').execute();
}

/** How many blocks each dashboard has. */
export async function countBlocks(db: Database, orgId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('dashboard_blocks')
    .select(['dashboard_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(scopedToOrg(orgId))
    .groupBy('dashboard_id')
    .execute();
  return new Map(rows.map((r) => [r.dashboard_id, Number(r.n)]));
}

export async function findBlocks(db: Database, orgId: number, dashboardId: number): Promise<BlockRow[]> {
  return await db.selectFrom('dashboard_blocks').select(blockColumns).where(scopedToOrg(orgId)).where('dashboard_id', '=', dashboardId).orderBy('position').orderBy('id').execute();
}

export async function findBlock(db: Database, orgId: number, blockId: number): Promise<BlockRow | null> {
  return (await db.selectFrom('dashboard_blocks').select(blockColumns).where(scopedToOrg(orgId)).where('id', '=', blockId).executeTakeFirst()) ?? null;
}

export async function insertDashboard(
  db: Database,
  orgId: number,
  row: { title: string; audience: string; createdBy: number; now: string },
): Promise<number> {
  const { id } = await db
    .insertInto('dashboards')
    .values({ org_id: orgId, title: row.title, home: 0, audience: row.audience, created_by: row.createdBy, created_at: row.now, updated_at: row.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Makes the school's home dashboard unless it has one: the partial unique index on (org_id) where
 * home = 1 turns a racing second insert into nothing. Answers the new id, or null when it existed.
 */
export async function insertHomeDashboard(db: Database, orgId: number, row: { audience: string; now: string }): Promise<number | null> {
  const inserted = await db
    .insertInto('dashboards')
    .values({ org_id: orgId, title: null, home: 1, audience: row.audience, created_by: null, created_at: row.now, updated_at: row.now })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function updateDashboard(db: Database, orgId: number, id: number, row: { title: string | null; audience: string; now: string }): Promise<void> {
  await db.updateTable('dashboards').set({ title: row.title, audience: row.audience, updated_at: row.now }).where(scopedToOrg(orgId)).where('id', '=', id).execute();
}

/** Deletes a dashboard that is not the home one (its blocks go with it); answers whether one was deleted. */
export async function deleteDashboard(db: Database, orgId: number, id: number): Promise<boolean> {
  await db.deleteFrom('dashboard_blocks').where(scopedToOrg(orgId)).where('dashboard_id', '=', id).execute();
  const result = await db.deleteFrom('dashboards').where(scopedToOrg(orgId)).where('id', '=', id).where('home', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertBlocks(db: Database, orgId: number, dashboardId: number, blocks: readonly (NewBlock & { position: number })[]): Promise<void> {
  if (blocks.length === 0) return;
  await db
    .insertInto('dashboard_blocks')
    .values(blocks.map((b) => ({ org_id: orgId, dashboard_id: dashboardId, position: b.position, kind: b.kind, title: b.title, options: b.options })))
    .execute();
}

export async function updateBlock(db: Database, orgId: number, dashboardId: number, id: number, block: NewBlock & { position: number }): Promise<void> {
  await db
    .updateTable('dashboard_blocks')
    .set({ position: block.position, kind: block.kind, title: block.title, options: block.options })
    .where(scopedToOrg(orgId))
    .where('dashboard_id', '=', dashboardId)
    .where('id', '=', id)
    .execute();
}

/** Deletes the blocks of a dashboard that are not in `keep`. */
export async function deleteBlocksExcept(db: Database, orgId: number, dashboardId: number, keep: readonly number[]): Promise<void> {
  let query = db.deleteFrom('dashboard_blocks').where(scopedToOrg(orgId)).where('dashboard_id', '=', dashboardId);
  if (keep.length > 0) query = query.where('id', 'not in', keep);
  await query.execute();
}

/** The ids among `ids` that are forms of the school. */
export async function findFormIds(db: Database, orgId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('form_entities').select('id').where(scopedToOrg(orgId)).where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}
