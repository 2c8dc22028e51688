import type { Database, DialectName } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// External ICS feeds of a school (calendar_sources). A deleted source keeps its row (deleted_at) so
// an import that was already running finds it gone and writes nothing.

export interface SourceRow {
  id: number;
  name: string;
  url: string;
  node_id: number | null;
  last_fetched_at: string | null;
  last_error: string | null;
  events: number;
}

function liveSources(db: Database, orgId: number) {
  return db
    .selectFrom('calendar_sources as s')
    .select((eb) => [
      's.id',
      's.name',
      's.url',
      's.node_id',
      's.last_fetched_at',
      's.last_error',
      eb
        .selectFrom('calendar_events as e')
        .select((c) => c.fn.countAll<number | string>().as('n'))
        .whereRef('e.org_id', '=', 's.org_id')
        .whereRef('e.source_id', '=', 's.id')
        .where('e.deleted_at', 'is', null)
        .as('events'),
    ])
    .where(scopedToOrg(orgId, 's'))
    .where('s.deleted_at', 'is', null);
}

function toSourceRow(row: Omit<SourceRow, 'events'> & { events: number | string | null }): SourceRow {
  return { ...row, events: Number(row.events ?? 0) };
}

/** The school's sources, in the order they were added. */
export async function findSources(db: Database, orgId: number): Promise<SourceRow[]> {
  return (await liveSources(db, orgId).orderBy('s.id').execute()).map(toSourceRow);
}

/** A source that is not deleted, or null. */
export async function findSource(db: Database, orgId: number, id: number): Promise<SourceRow | null> {
  const row = await liveSources(db, orgId).where('s.id', '=', id).executeTakeFirst();
  return row ? toSourceRow(row) : null;
}

/** A live source of the school with this address feeding this calendar (null: the school's). */
export async function findSameSource(db: Database, orgId: number, url: string, nodeId: number | null): Promise<number | null> {
  const row = await db
    .selectFrom('calendar_sources')
    .select('id')
    .where(scopedToOrg(orgId))
    .where('url', '=', url)
    .where((eb) => (nodeId === null ? eb('node_id', 'is', null) : eb('node_id', '=', nodeId)))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Holds the school's row until the transaction ends, so two requests adding the same feed at once run
 * one after the other and the second finds the first. SQLite runs one transaction at a time anyway.
 */
export async function lockSchoolSources(trx: Database, orgId: number, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('orgs').select('id').where('id', '=', orgId).forUpdate().execute();
}

export async function insertSource(
  db: Database,
  values: { org_id: number; name: string; url: string; node_id: number | null; created_by: number; last_fetched_at: string; created_at: string },
): Promise<number> {
  const row = await db.insertInto('calendar_sources').values({ ...values, last_error: null, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Marks a source and its events deleted; false when it was not there (or already deleted). */
export async function softDeleteSource(db: Database, orgId: number, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('calendar_sources').set({ deleted_at: now }).where(scopedToOrg(orgId)).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db.updateTable('calendar_events').set({ deleted_at: now, updated_at: now }).where(scopedToOrg(orgId)).where('source_id', '=', id).where('deleted_at', 'is', null).execute();
  return true;
}
