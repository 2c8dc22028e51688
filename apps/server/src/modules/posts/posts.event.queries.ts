import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// The calendar event a post carries (posts.event_id → calendar_events, issue 11). The posts area
// writes it with the post, in the post's transaction; the calendar area reads it through its feeds.

/** The columns of an event that a post's author writes. */
export interface EventColumns {
  title: string;
  secondary: string;
  location: string;
  starts_at: number;
  ends_at: number;
  all_day: number;
  time_zone: string;
  recurrence: string | null;
  last_ends_at: number | null;
  rsvp: number;
}

const eventColumns = [
  'id', 'title', 'secondary', 'location', 'starts_at', 'ends_at', 'all_day', 'time_zone', 'recurrence', 'rsvp',
] as const;

export type PostEventRow = Awaited<ReturnType<typeof findLiveEvents>>[number];

/** The events of `ids` that are not deleted (epoch seconds may come back as text from PostgreSQL). */
export async function findLiveEvents(db: Database, orgId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.selectFrom('calendar_events').select(eventColumns).where(scopedToOrg(orgId)).where('id', 'in', unique).where('deleted_at', 'is', null).execute();
}

/** The event id a post points at now; read after the post's row was written, so it is the one its transaction holds. */
export async function findPostEventId(db: Database, orgId: number, postId: number): Promise<number | null> {
  const row = await db.selectFrom('posts').select('event_id').where(scopedToOrg(orgId)).where('id', '=', postId).executeTakeFirst();
  return row?.event_id ?? null;
}

export async function insertPostEvent(db: Database, values: EventColumns & { org_id: number; post_id: number; author_id: number; now: string }): Promise<number> {
  const { now, ...columns } = values;
  const row = await db
    .insertInto('calendar_events')
    .values({ ...columns, node_id: null, source_id: null, external_uid: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rewrites a post's live event; false when it no longer is one (deleted meanwhile). */
export async function updatePostEvent(db: Database, orgId: number, postId: number, id: number, values: EventColumns, now: string): Promise<boolean> {
  const result = await db
    .updateTable('calendar_events')
    // Calendars that imported the event see a change by its SEQUENCE (RFC 5545), raised in the same statement.
    .set({ ...values, sequence: sql<number>`${sql.ref('sequence')} + 1`, updated_at: now })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('post_id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Soft-deletes the events of a post (its RSVP answers stay with the deleted row). */
export async function softDeletePostEvents(db: Database, orgId: number, postId: number, now: string): Promise<void> {
  await db.updateTable('calendar_events').set({ deleted_at: now, updated_at: now }).where(scopedToOrg(orgId)).where('post_id', '=', postId).where('deleted_at', 'is', null).execute();
}

export async function setPostEventId(db: Database, orgId: number, postId: number, eventId: number | null): Promise<void> {
  await db.updateTable('posts').set({ event_id: eventId }).where(scopedToOrg(orgId)).where('id', '=', postId).execute();
}

/** Removes every event of a post with their answers: a discarded draft leaves nothing behind. */
export async function deletePostEvents(db: Database, orgId: number, postId: number): Promise<void> {
  const events = db.selectFrom('calendar_events').select('id').where(scopedToOrg(orgId)).where('post_id', '=', postId);
  await db.deleteFrom('calendar_rsvps').where(scopedToOrg(orgId)).where('event_id', 'in', events).execute();
  await db.deleteFrom('calendar_events').where(scopedToOrg(orgId)).where('post_id', '=', postId).execute();
}
