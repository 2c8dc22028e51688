import { ZRecurrence, type Recurrence } from '@patio/core';
import { feedOfEvent } from './calendar.feeds';
import type { EventRow } from './calendar.queries';
import type { CalendarEventRecord } from './calendar.types';

// Stored rows → CalendarEventRecord: epoch seconds as numbers (PostgreSQL answers bigint as text),
// flags as booleans, the recurrence parsed (a damaged one reads as a single event, never a 500).

function recurrenceOf(text: string | null): Recurrence | null {
  if (text === null || text === '') return null;
  try {
    const parsed = ZRecurrence.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function toRecord(row: EventRow): CalendarEventRecord {
  const record = {
    id: row.id,
    title: row.title,
    secondary: row.secondary,
    location: row.location,
    startsAt: Number(row.starts_at),
    endsAt: Number(row.ends_at),
    allDay: Number(row.all_day) === 1,
    timeZone: row.time_zone,
    recurrence: recurrenceOf(row.recurrence),
    recurrenceText: row.recurrence,
    rsvp: Number(row.rsvp) === 1,
    postId: row.post_id,
    postType: row.post_type,
    threadId: row.thread_id,
    nodeId: row.node_id,
    sourceId: row.source_id,
    authorId: row.author_id === null ? null : Number(row.author_id),
    sequence: Number(row.sequence),
    updatedAt: row.updated_at,
  };
  return { ...record, feed: feedOfEvent(record) };
}
