import { z } from 'zod';

// A personal notice: a notification about one person's own matter rather than a post — the school bus
// approaching their stop, or running late (issue 13). Other areas raise one with
// enqueuePersonalNotice (personal-notice.jobs.ts); this area decides the channels from the person's
// settings and sends it once per channel and device (docs/decisions/018-personal-notices.md).

export const PERSONAL_NOTICE_KINDS = ['bus_approaching', 'bus_delayed'] as const;
export type PersonalNoticeKind = (typeof PERSONAL_NOTICE_KINDS)[number];

/** What a bus notice shows: the route, a stop (or null), minutes (to arrive, or late) and metres still to go. */
export const ZBusNoticeValues = z.object({
  route: z.string(),
  stop: z.string().nullable(),
  minutes: z.number().nullable(),
  meters: z.number().nullable(),
});
export type BusNoticeValues = z.infer<typeof ZBusNoticeValues>;

/** What a notice says, stored with each of its deliveries so a retry renders it again. */
export const ZNoticeContent = z.object({
  kind: z.enum(PERSONAL_NOTICE_KINDS),
  values: ZBusNoticeValues,
  /** The app path a click opens, e.g. /transport/routes/4/map. */
  path: z.string().regex(/^\/(?![/\\])/),
  /** Ids and codes the push payload carries for the app (routeId, runId…). */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
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
