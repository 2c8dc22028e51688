import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { ImportedEvent } from './calendar.import';
import { nextSequence } from './calendar.queries';

// Writing an import (calendar.import.job.ts): the source's row first — its row lock queues a second
// import of the same source and a deletion behind this one — then its events replaced by the new
// set, matched by external id so an unchanged occurrence keeps its row and id.

const INSERT_BATCH = 200;

/**
 * Records an import's outcome on a live source: success (`error` null) sets last_fetched_at and
 * clears last_error; a failure only sets last_error. False when the source is gone.
 */
export async function recordImport(db: Database, orgId: number, sourceId: number, outcome: { now: string; error: string | null }): Promise<boolean> {
  const values = outcome.error === null ? { last_fetched_at: outcome.now, last_error: null } : { last_error: outcome.error };
  const result = await db.updateTable('calendar_sources').set(values).where(scopedToOrg(orgId)).where('id', '=', sourceId).where('deleted_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The settings of a school by id (a job knows the school by id only). */
export async function findOrgSettings(db: Database, orgId: number): Promise<Record<string, unknown>> {
  const row = await db.selectFrom('orgs').select('settings').where('id', '=', orgId).executeTakeFirst();
  try {
    const parsed: unknown = JSON.parse(row?.settings ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function columnsOf(event: ImportedEvent, timeZone: string) {
  return {
    title: event.title,
    secondary: event.secondary,
    location: event.location,
    starts_at: event.startsAt,
    ends_at: event.endsAt,
    all_day: event.allDay ? 1 : 0,
    time_zone: timeZone,
    recurrence: null,
    last_ends_at: event.endsAt,
    rsvp: 0,
  };
}

/**
 * Makes the live events of a source exactly `events`: rows whose external id comes again are
 * updated when something changed, new ones inserted, the others removed. Runs in the import's
 * transaction, after recordImport locked the source.
 */
export async function replaceSourceEvents(db: Database, orgId: number, sourceId: number, events: readonly ImportedEvent[], timeZone: string, now: string): Promise<void> {
  const existing = await db
    .selectFrom('calendar_events')
    .select(['id', 'external_uid', 'title', 'secondary', 'location', 'starts_at', 'ends_at', 'all_day', 'time_zone'])
    .where(scopedToOrg(orgId))
    .where('source_id', '=', sourceId)
    .where('deleted_at', 'is', null)
    .execute();
  const byUid = new Map(existing.map((row) => [row.external_uid ?? '', row]));
  const inserts = [];
  for (const event of events) {
    const columns = columnsOf(event, timeZone);
    const row = byUid.get(event.externalUid);
    byUid.delete(event.externalUid);
    if (!row) {
      inserts.push({ ...columns, org_id: orgId, source_id: sourceId, external_uid: event.externalUid, post_id: null, node_id: null, author_id: null, created_at: now, updated_at: now });
      continue;
    }
    const unchanged =
      row.title === columns.title && row.secondary === columns.secondary && row.location === columns.location && Number(row.starts_at) === columns.starts_at &&
      Number(row.ends_at) === columns.ends_at && Number(row.all_day) === columns.all_day && row.time_zone === timeZone;
    if (!unchanged) await db.updateTable('calendar_events').set({ ...columns, sequence: nextSequence, updated_at: now }).where(scopedToOrg(orgId)).where('id', '=', row.id).execute();
  }
  for (let i = 0; i < inserts.length; i += INSERT_BATCH) {
    await db.insertInto('calendar_events').values(inserts.slice(i, i + INSERT_BATCH)).execute();
  }
  const gone = [...byUid.values()].map((row) => row.id);
  for (let i = 0; i < gone.length; i += INSERT_BATCH) {
    await db.deleteFrom('calendar_events').where(scopedToOrg(orgId)).where('source_id', '=', sourceId).where('id', 'in', gone.slice(i, i + INSERT_BATCH)).execute();
  }
}
