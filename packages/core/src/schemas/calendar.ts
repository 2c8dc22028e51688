import { z } from 'zod';
import { ZId, ZIdText } from './ids';

// Calendar (spec §3 Calendar event and Calendar feed, §7 feed and ICS calls; issue 11).
// Times are epoch seconds. An all-day event covers whole local days of the school's time zone: it
// starts at local midnight of its first day and its endDate is local midnight after its last day
// (exclusive), which is also how `start`/`end` read ('YYYY-MM-DD', end exclusive, as calendars expect).

/** Years 1970 to 2999 in epoch seconds. */
export const ZEpochSeconds = z.number().int().min(0).max(32_503_680_000);

/** Spec §3: true, 1 or '1' means all day; false, 0, '0' (or absent) does not. */
export const ZAllDayFlag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.literal('1'), z.literal('0')])
  .transform((v) => v === true || v === 1 || v === '1');

/** Spec §3 Calendar feed: 0, false or '0' is off; 1, true or '1' is on. */
export const ZEnabledFlag = ZAllDayFlag;

export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
/** Most occurrences one event may have (count); an until date is not limited, windows are. */
export const MAX_EVENT_OCCURRENCES = 1000;
/** Longest window one feed request may ask for. */
export const MAX_FEED_WINDOW_DAYS = 400;
export const MAX_EVENT_TITLE_LENGTH = 300;
export const MAX_EVENT_TEXT_LENGTH = 2000;

/**
 * Repetition of an event in the school's time zone (RFC 5545 semantics: a monthly event on the 31st
 * skips shorter months). count and until both bound it; exceptions are local dates left out.
 */
export const ZRecurrence = z
  .object({
    freq: z.enum(RECURRENCE_FREQUENCIES),
    interval: z.number().int().min(1).max(99).default(1),
    count: z.number().int().min(1).max(MAX_EVENT_OCCURRENCES).nullable().default(null),
    until: z.iso.date().nullable().default(null).describe('Last local date an occurrence may start on (inclusive)'),
    exceptions: z.array(z.iso.date()).max(500).default([]).describe('Local dates (YYYY-MM-DD) of occurrences left out'),
  })
  .strict();
export type Recurrence = z.infer<typeof ZRecurrence>;

/** An event as a client writes it, after the older shape is mapped (see ZEventInput). */
export interface EventInput {
  title: string;
  secondary: string;
  location: string;
  startDate: number;
  endDate: number;
  allDay: boolean;
  recurrence: Recurrence | null;
  rsvp: boolean;
}

const eventFields = {
  title: z.string().max(MAX_EVENT_TITLE_LENGTH).optional().describe("Blank shows the translated 'Sin título'"),
  secondary: z.string().max(MAX_EVENT_TEXT_LENGTH).optional(),
  location: z.string().max(MAX_EVENT_TEXT_LENGTH).optional(),
  startDate: ZEpochSeconds.optional(),
  endDate: ZEpochSeconds.optional(),
  allDay: ZAllDayFlag.optional(),
  recurrence: ZRecurrence.nullable().optional(),
  rsvp: z.boolean().optional().describe('The author asks readers whether they are going'),
  // The older shape (spec §3), accepted on input.
  subject: z.string().max(MAX_EVENT_TITLE_LENGTH).optional().describe('Older name of title'),
  dateStart: ZEpochSeconds.optional().describe('Older name of startDate'),
  dateEnd: ZEpochSeconds.optional().describe('Older name of endDate'),
  isAllDay: ZAllDayFlag.optional().describe('Older name of allDay'),
};

/**
 * An event in a request: startDate and endDate in epoch seconds (or the older dateStart, dateEnd,
 * isAllDay, subject). endDate before startDate is refused; a missing endDate is the start (timed) or
 * the end of the start's day (all day).
 */
export const ZEventInput = z
  .object(eventFields)
  .strict()
  .superRefine((v, ctx) => {
    const start = v.startDate ?? v.dateStart;
    const end = v.endDate ?? v.dateEnd;
    if (start === undefined) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'startDate is required' });
    if (start !== undefined && end !== undefined && end < start) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The event ends before it starts' });
    }
  })
  .transform(
    (v): EventInput => ({
      title: (v.title ?? v.subject ?? '').trim(),
      secondary: v.secondary ?? '',
      location: v.location ?? '',
      startDate: (v.startDate ?? v.dateStart) as number,
      endDate: v.endDate ?? v.dateEnd ?? ((v.startDate ?? v.dateStart) as number),
      allDay: v.allDay ?? v.isAllDay ?? false,
      recurrence: v.recurrence ?? null,
      rsvp: v.rsvp ?? false,
    }),
  );

/** POST calendar/events: an event on a node's calendar (school, section, class, team). */
export const ZNodeEventInput = z.intersection(z.object({ nodeId: ZId }).strict(), ZEventInput);

/** The post an event rides on. */
export const ZEventPost = z.object({
  id: z.number().int(),
  type: z.string(),
  thread: z.number().int().describe('Its thread (the event detail route /calendar/threads/feed/{thread})'),
});

/** RSVP state as a reader sees it. */
export const ZRsvpAnswer = z.enum(['going', 'not_going']);
export type RsvpAnswer = z.infer<typeof ZRsvpAnswer>;
export const ZRsvpSummary = z.object({
  enabled: z.boolean().describe('The author asks for going / not going'),
  mine: ZRsvpAnswer.nullable(),
  going: z.number().int(),
  notGoing: z.number().int(),
});
export type RsvpSummary = z.infer<typeof ZRsvpSummary>;
export const ZRsvpRequest = z.object({ answer: ZRsvpAnswer }).strict();

/** One occurrence of an event (a single event has one). */
export const ZOccurrence = z.object({
  startDate: z.number().int(),
  endDate: z.number().int(),
  start: z.string().describe('ISO 8601 with offset, or YYYY-MM-DD when all day'),
  end: z.string().describe('ISO 8601 with offset, or YYYY-MM-DD (exclusive) when all day'),
});
export type Occurrence = z.infer<typeof ZOccurrence>;

/** What every answer says of an event. */
const eventCore = {
  id: z.number().int(),
  title: z.string(),
  secondary: z.string(),
  location: z.string(),
  startDate: z.number().int(),
  endDate: z.number().int(),
  allDay: z.boolean(),
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  recurrence: ZRecurrence.nullable(),
};

/** The event of a post as GET posts/{id} and drafts carry it; RSVP and occurrences: GET calendar/events/{id}. */
export const ZPostEvent = z.object({
  ...eventCore,
  title: z.string().describe("As written (may be blank: show the translated 'Sin título')"),
  rsvp: z.boolean(),
});
export type PostEvent = z.infer<typeof ZPostEvent>;

/** An event as GET calendar/events/{id} answers it. */
export const ZCalendarEvent = z.object({
  ...eventCore,
  title: z.string().describe("Never blank: the translated 'Sin título' when none was given"),
  post: ZEventPost.nullable(),
  node: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('The calendar it is on, when not a post'),
  feed: z.string().describe("The feed it belongs to ('posts', 'node-{id}', 'source-{id}')"),
  rsvp: ZRsvpSummary,
  canEdit: z.boolean(),
  occurrences: z.array(ZOccurrence).describe('The next occurrences from now (at most 50)'),
});
export type CalendarEvent = z.infer<typeof ZCalendarEvent>;

/** One occurrence in a feed window (GET {feed url}?start&end): the spec's event, expanded. */
export const ZFeedEvent = z.object({
  id: z.number().int().describe("The event (shared by its occurrences); in the 'classroom' feed, the task's post"),
  startDate: z.number().int(),
  endDate: z.number().int(),
  allDay: z.boolean(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  location: z.string(),
  recurring: z.boolean(),
  feed: z.string(),
  post: ZEventPost.nullable(),
  path: z
    .string()
    .regex(/^\/(?![/\\])/)
    .optional()
    .describe(
      "The app path the item opens instead of its event screen or thread: a classroom task's due date (feed 'classroom') opens " +
        '/people/{personId}/classroom/{groupId}/posts/{postId}, where personId is the student (for a student and their relatives) or the teacher',
    ),
});
export type FeedEvent = z.infer<typeof ZFeedEvent>;

/** Query of GET calendar/events (the feed url): start and end are local dates, end exclusive. */
export const ZFeedQuery = z.object({
  start: z.iso.date(),
  end: z.iso.date(),
  feed: z.string().regex(/^(posts|classroom|node-[1-9][0-9]{0,9}|source-[1-9][0-9]{0,9})$/).optional().describe('One feed; absent: every enabled feed'),
});
export type FeedQuery = z.infer<typeof ZFeedQuery>;

/** A feed of the caller (spec §3 Calendar feed). */
export const ZCalendarFeed = z.object({
  id: z.string().describe("'posts', 'classroom', 'node-{id}' or 'source-{id}'"),
  url: z.string().describe('Relative to the API base: calendar/events'),
  params: z.record(z.string(), z.string()).describe('Sent with start and end: {feed: id}'),
  enabled: z.boolean(),
  kind: z
    .enum(['posts', 'classroom', 'node', 'source'])
    .describe("'classroom': the due dates of the tasks of the caller's classroom groups (as student, teacher, or their children's), listed when there is at least one task"),
  name: z.string().describe('Node or source name; the client names the posts and classroom feeds'),
  color: z.string(),
});
export type CalendarFeed = z.infer<typeof ZCalendarFeed>;
export const ZFeedToggle = z.object({ enabled: ZEnabledFlag }).strict();
export const ZFeedIdParams = z.object({ personId: ZIdText, feedId: z.string().max(60) });

/** The caller's private subscription address (null when none or revoked). */
export const ZCalendarSubscription = z.object({
  url: z.string().nullable().describe('webcal://…/api/{org}/calendar/subscriptions/{secret}.ics'),
  createdAt: z.string().nullable(),
});
export type CalendarSubscription = z.infer<typeof ZCalendarSubscription>;

/** An external ICS feed a school imports (administrators). */
export const ZCalendarSource = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  nodeId: z.number().int().nullable(),
  lastFetchedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  events: z.number().int(),
});
export type CalendarSource = z.infer<typeof ZCalendarSource>;
export const ZCalendarSourceInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    url: z.string().trim().max(2000).describe('http(s):// or webcal:// address of an ICS file'),
    nodeId: ZId.nullable().default(null),
  })
  .strict();

/** People who answered an RSVP (the author and administrators). */
export const ZRsvpPerson = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), lastName2: z.string().nullable(), avatar: z.string().nullable() });
export const ZRsvpList = z.object({ going: z.array(ZRsvpPerson), notGoing: z.array(ZRsvpPerson) });
export type RsvpList = z.infer<typeof ZRsvpList>;

export const ZTimeZoneSetting = z.object({ timeZone: z.string().min(1).max(64).describe('IANA zone, e.g. America/Bogota') }).strict();
