import type { Recurrence } from '@patio/core';

// What the calendar area reads of an event, before any expansion (calendar.window.ts), shared by the
// window, the detail, the ICS file and the private subscription.

/** 'posts', 'node-{id}' or 'source-{id}' (docs/decisions/014-calendar-events-and-who-sees-them.md). */
export type FeedId = string;

/** Which feeds a read covers: these ids, or every feed the person has not switched off. */
export type FeedSelection = readonly FeedId[] | 'enabled';

/** One stored event, not expanded: its occurrences come from expandOccurrences. */
export interface CalendarEventRecord {
  id: number;
  /** As written; may be blank (answers show the translated default title). */
  title: string;
  secondary: string;
  location: string;
  /** Epoch seconds; an all-day event runs from local midnight to local midnight after its last day. */
  startsAt: number;
  endsAt: number;
  allDay: boolean;
  /** The IANA zone its wall-clock times belong to. */
  timeZone: string;
  recurrence: Recurrence | null;
  /** The rule as stored (with the times and zone, what its cached expansion is keyed by). */
  recurrenceText: string | null;
  /** The author asks for going / not going. */
  rsvp: boolean;
  postId: number | null;
  postType: string | null;
  threadId: number | null;
  nodeId: number | null;
  sourceId: number | null;
  authorId: number | null;
  /** Its revision: one more on every change (the ICS SEQUENCE). */
  sequence: number;
  /** ISO instant of its last change (the ICS LAST-MODIFIED). */
  updatedAt: string;
  /** The feed it belongs to: a post's event is in 'posts', an imported one in its source's, else its node's. */
  feed: FeedId;
}

/** The window of a read, epoch seconds, end exclusive. */
export interface EpochWindow {
  from: number;
  to: number;
}
