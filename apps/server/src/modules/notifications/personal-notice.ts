import { z } from 'zod';

// A personal notice: a notification about one person's own matter rather than a post — the school bus
// approaching their stop, or running late (issue 13); their work returned by the teacher, or a task due
// soon that they have not turned in (issue 35). Other areas raise one with enqueuePersonalNotice
// (personal-notice.jobs.ts); this area decides the channels from the person's settings and sends it
// once per channel and device (docs/decisions/018-personal-notices.md).

/** Worth nothing late: they bypass quiet hours and wake the device. */
export const BUS_NOTICE_KINDS = ['bus_approaching', 'bus_delayed'] as const;
/** They wait for the end of the person's quiet hours, like a post. */
export const CLASSROOM_NOTICE_KINDS = ['classroom_returned', 'classroom_due_soon'] as const;
/** A freed place of an extracurricular activity offered to a waiting family (issue 37): waits for quiet hours too. */
export const ACTIVITY_NOTICE_KINDS = ['activity_offered'] as const;
export const PERSONAL_NOTICE_KINDS = [...BUS_NOTICE_KINDS, ...CLASSROOM_NOTICE_KINDS, ...ACTIVITY_NOTICE_KINDS] as const;
export type PersonalNoticeKind = (typeof PERSONAL_NOTICE_KINDS)[number];
export type ClassroomNoticeKind = (typeof CLASSROOM_NOTICE_KINDS)[number];
export type ActivityNoticeKind = (typeof ACTIVITY_NOTICE_KINDS)[number];

/** A classroom notice's kind: it is not time-critical. */
export function isClassroomNotice(kind: PersonalNoticeKind): kind is ClassroomNoticeKind {
  return (CLASSROOM_NOTICE_KINDS as readonly string[]).includes(kind);
}

/** An activity notice's kind. */
export function isActivityNotice(kind: PersonalNoticeKind): kind is ActivityNoticeKind {
  return (ACTIVITY_NOTICE_KINDS as readonly string[]).includes(kind);
}

/** Only a bus notice is time-critical: every other kind waits for the end of the person's quiet hours and does not wake the device. */
export function isTimeCritical(kind: PersonalNoticeKind): boolean {
  return (BUS_NOTICE_KINDS as readonly string[]).includes(kind);
}

/** What a bus notice shows: the route, a stop (or null), minutes (to arrive, or late) and metres still to go. */
export const ZBusNoticeValues = z.object({
  route: z.string(),
  stop: z.string().nullable(),
  minutes: z.number().nullable(),
  meters: z.number().nullable(),
});
export type BusNoticeValues = z.infer<typeof ZBusNoticeValues>;

/** What a classroom notice shows: the task's title and group, its due date (ISO) read in `timeZone`, a returned grade. */
export const ZClassroomNoticeValues = z.object({
  title: z.string(),
  group: z.string(),
  dueDate: z.string().nullable(),
  timeZone: z.string(),
  grade: z.number().nullable(),
  points: z.number().nullable(),
});
export type ClassroomNoticeValues = z.infer<typeof ZClassroomNoticeValues>;

/** What an activity notice shows: the activity and the student (plain text), the offer's end (epoch ms) read in `timeZone`. */
export const ZActivityNoticeValues = z.object({
  activity: z.string(),
  student: z.string(),
  expiresAt: z.number(),
  timeZone: z.string(),
});
export type ActivityNoticeValues = z.infer<typeof ZActivityNoticeValues>;

const valuesSchemaOf = (kind: PersonalNoticeKind) => (isClassroomNotice(kind) ? ZClassroomNoticeValues : isActivityNotice(kind) ? ZActivityNoticeValues : ZBusNoticeValues);

/** What a notice says, stored with each of its deliveries so a retry renders it again. */
export const ZNoticeContent = z
  .object({
    kind: z.enum(PERSONAL_NOTICE_KINDS),
    values: z.union([ZBusNoticeValues, ZClassroomNoticeValues, ZActivityNoticeValues]),
    /** The app path a click opens, e.g. /transport/routes/4/map. */
    path: z.string().regex(/^\/(?![/\\])/),
    /** Ids and codes the push payload carries for the app (routeId, runId…). */
    data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  })
  .refine((n) => valuesSchemaOf(n.kind).safeParse(n.values).success, 'The values do not fit the kind');
export type NoticeContent = z.infer<typeof ZNoticeContent>;

/** One notice to one person. `key` names it among that person's notices: its deliveries are made once. */
export interface PersonalNotice extends NoticeContent {
  orgId: number;
  personId: number;
  /** At most 120 characters, e.g. `bus_approaching:run:12`. */
  key: string;
}

/** The content of a notice, without whom it is for. */
export function contentOf(notice: NoticeContent): NoticeContent {
  return { kind: notice.kind, values: notice.values, path: notice.path, data: notice.data };
}
