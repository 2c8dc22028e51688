import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { AccessFilter } from '../../policy/access';
import type { EventColumns } from '../posts/index';

// The events of the calendar area: reads of event rows with what they ride on, and node event writes.

type EventsEb = ExpressionBuilder<DB & { e: DB['calendar_events'] }, 'e'>;

export interface EventRow {
  id: number;
  title: string;
  secondary: string;
  location: string;
  starts_at: number | string;
  ends_at: number | string;
  all_day: number;
  time_zone: string;
  recurrence: string | null;
  rsvp: number;
  post_id: number | null;
  post_type: string | null;
  thread_id: number | null;
  node_id: number | null;
  source_id: number | null;
  author_id: number | null;
  sequence: number | string;
  updated_at: string;
}

function eventRows(db: Database, orgId: number) {
  return db
    .selectFrom('calendar_events as e')
    .leftJoin('posts as p', (j) => j.onRef('p.org_id', '=', 'e.org_id').onRef('p.id', '=', 'e.post_id'))
    .select((eb) => [
      'e.id',
      'e.title',
      'e.secondary',
      'e.location',
      'e.starts_at',
      'e.ends_at',
      'e.all_day',
      'e.time_zone',
      'e.recurrence',
      'e.rsvp',
      'e.post_id',
      'p.type as post_type',
      'p.thread_id',
      'e.node_id',
      'e.source_id',
      // A post's event is its post author's, whoever wrote the row.
      eb.fn.coalesce('e.author_id', 'p.author_id').as('author_id'),
      'e.sequence',
      'e.updated_at',
    ])
    .where(scopedToOrg(orgId, 'e'))
    .where('e.deleted_at', 'is', null);
}

/** One event that is not deleted, or null. */
export async function findEventRow(db: Database, orgId: number, id: number): Promise<EventRow | null> {
  return (await eventRows(db, orgId).where('e.id', '=', id).executeTakeFirst()) ?? null;
}

/**
 * The events the caller may see (`visible`, on the event id) whose occurrences may overlap [from, to):
 * they start before its end and their last occurrence does not end before its start (last_ends_at).
 */
export async function findWindowRows(
  db: Database,
  orgId: number,
  window: { from: number; to: number; visible: AccessFilter; feeds: (eb: EventsEb) => Expression<SqlBool> },
): Promise<EventRow[]> {
  return await eventRows(db, orgId)
    .where('e.starts_at', '<', window.to)
    .where((eb) => eb.or([eb('e.last_ends_at', 'is', null), eb('e.last_ends_at', '>=', window.from)]))
    .where((eb) => window.visible('e.id')(eb))
    .where((eb) => window.feeds(eb))
    .orderBy('e.starts_at')
    .orderBy('e.id')
    .execute();
}

/** Node ids that have at least one node event not deleted. */
export async function findNodeIdsWithEvents(db: Database, orgId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('calendar_events')
    .select('node_id')
    .distinct()
    .where(scopedToOrg(orgId))
    .where('deleted_at', 'is', null)
    .where('post_id', 'is', null)
    .where('source_id', 'is', null)
    .where('node_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.node_id!));
}

export async function insertNodeEvent(db: Database, orgId: number, values: EventColumns & { node_id: number; author_id: number }): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('calendar_events')
    .values({ org_id: orgId, ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The next revision of an event, as SQL of the UPDATE that changes it: the row lock the statement takes
 * makes two edits at once count twice (a read-then-write would lose one).
 */
export const nextSequence = sql<number>`${sql.ref('sequence')} + 1`;

/** Changes an event that is not deleted; false when there is none. */
export async function updateEvent(db: Database, orgId: number, id: number, values: EventColumns): Promise<boolean> {
  const result = await db
    .updateTable('calendar_events')
    .set({ ...values, sequence: nextSequence, updated_at: nowIso() })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function softDeleteEvent(db: Database, orgId: number, id: number): Promise<boolean> {
  const now = nowIso();
  const result = await db
    .updateTable('calendar_events')
    .set({ deleted_at: now, updated_at: now })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The node a source imports into (null: the school's), or null when there is no such source. */
export async function findSourceNodeId(db: Database, orgId: number, sourceId: number): Promise<number | null> {
  const row = await db.selectFrom('calendar_sources').select('node_id').where(scopedToOrg(orgId)).where('id', '=', sourceId).executeTakeFirst();
  return row?.node_id ?? null;
}
