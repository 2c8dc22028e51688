import { type EventInput, type PostEvent, type Recurrence, ZRecurrence } from '@patio/core';
import { lastEndBound } from '@patio/core/calendar/recurrence';
import { localDateOf, normaliseEventTimes, occurrenceOf } from '@patio/core/calendar/times';
import type { Database } from '../../db/database';
import { badRequest } from '../../http/errors';
import {
  type EventColumns,
  findLiveEvents,
  findPostEventId,
  insertPostEvent,
  type PostEventRow,
  setPostEventId,
  softDeletePostEvents,
  updatePostEvent,
} from './posts.event.queries';

// A post may carry one calendar event (issue 11 §2): its readers are the post's readers. It is written
// with the post, in the post's transaction, in the school's time zone of that moment, so a refused
// event leaves no post behind and a refused post no event. The calendar area (which builds on posts)
// serves it in feeds, ICS files and RSVP; this area only writes it and shows it on the post.

/**
 * The stored columns of an event written in `timeZone`: all-day events become whole local days, the
 * recurrence is checked against the start and bounded (last_ends_at) so window queries can skip it.
 * 400 `invalid_recurrence` for a rule that ends before the event starts.
 */
export function eventColumnsOf(input: EventInput, timeZone: string): EventColumns {
  const { startsAt, endsAt } = normaliseEventTimes(input, timeZone);
  const recurrence = input.recurrence;
  if (recurrence?.until && recurrence.until < localDateOf(startsAt, timeZone)) {
    throw badRequest('invalid_recurrence', 'The repetition ends before the event starts');
  }
  return {
    title: input.title,
    secondary: input.secondary,
    location: input.location,
    starts_at: startsAt,
    ends_at: endsAt,
    all_day: input.allDay ? 1 : 0,
    time_zone: timeZone,
    recurrence: recurrence ? JSON.stringify(recurrence) : null,
    last_ends_at: lastEndBound({ startsAt, endsAt, allDay: input.allDay, timeZone, recurrence }),
    rsvp: input.rsvp ? 1 : 0,
  };
}

export interface PostEventOwner {
  orgId: number;
  postId: number;
  authorId: number;
  /** The school's zone now (settings `timeZone`). */
  timeZone: string;
}

/**
 * Makes the post's event what `input` says, inside the post's transaction and after its row was
 * written (so concurrent saves of one draft queue on that row): the existing event is rewritten in
 * place (its id and RSVP answers stay), a new one is added, or with null the event is soft-deleted.
 */
export async function writePostEvent(trx: Database, owner: PostEventOwner, input: EventInput | null): Promise<void> {
  const { orgId, postId } = owner;
  const now = new Date().toISOString();
  const current = await findPostEventId(trx, orgId, postId);
  if (input === null) {
    if (current === null) return;
    await softDeletePostEvents(trx, orgId, postId, now);
    await setPostEventId(trx, orgId, postId, null);
    return;
  }
  const columns = eventColumnsOf(input, owner.timeZone);
  if (current !== null && (await updatePostEvent(trx, orgId, postId, current, columns, now))) return;
  const id = await insertPostEvent(trx, { ...columns, org_id: orgId, post_id: postId, author_id: owner.authorId, now });
  await setPostEventId(trx, orgId, postId, id);
}

function recurrenceOf(json: string | null): Recurrence | null {
  if (json === null) return null;
  try {
    const parsed = ZRecurrence.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A stored event as a post card and a draft show it (title as written: blank is the client's 'Sin título'). */
export function toPostEvent(row: PostEventRow): PostEvent {
  const startDate = Number(row.starts_at);
  const endDate = Number(row.ends_at);
  const allDay = row.all_day === 1;
  const { start, end } = occurrenceOf(startDate, endDate, allDay, row.time_zone);
  return {
    id: row.id,
    title: row.title,
    secondary: row.secondary,
    location: row.location,
    startDate,
    endDate,
    allDay,
    start,
    end,
    timeZone: row.time_zone,
    recurrence: recurrenceOf(row.recurrence),
    rsvp: row.rsvp === 1,
  };
}

/** The live events of these ids (posts.event_id), by id; deleted ones are absent. */
export async function findPostEvents(db: Database, orgId: number, eventIds: readonly (number | null)[]): Promise<Map<number, PostEvent>> {
  const ids = eventIds.filter((id): id is number => id !== null);
  const rows = await findLiveEvents(db, orgId, ids);
  return new Map(rows.map((row) => [row.id, toPostEvent(row)]));
}
