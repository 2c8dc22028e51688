import { addDays, dateParts, epochOfWallClock, localDateOf } from '@patio/core/calendar/times';
import type { Database } from '../../db/database';
import { linkOrigin } from '../../http/origin';
import { defineJob, type JobEnqueuer } from '../../platform/jobs/jobs';
import { mailerFor } from '../../platform/mail/mailer';
import { findGuardianSummaryReaders, unsubscribeHeaders } from '../notifications/index';
import { findOrgById } from '../org/index';
import { schoolMailLookOf, timeZoneOf } from '../settings/index';
import { findReader, hasTasksDueSince, insertSummaryMark } from './classroom.notices.queries';
import { summaryMailOf } from './classroom.summary.mail';
import { guardianReport, MISSING_DAYS } from './classroom.summary.report';

// The weekly guardian summary (issue 35; docs/decisions/031-classroom.md): every Friday at 16:00 of the
// school's zone, each person who turned it on in their notification settings (off by default) gets one
// mail with their children's missing work and the work due in the next 7 days; nothing to report, no
// mail. One `classroom.summary` job per school and week (keyed by the local date it runs on) marks each
// reader's week in classroom_summaries and queues their `classroom.summary_mail` in the same
// transaction, so a rerun or a second worker mails nobody twice; then it queues the next week's, while
// the school has tasks due since MISSING_DAYS ago. Publishing a task queues the week's job (by key,
// once), which starts the chain again in a school that had stopped.

const DAY_MS = 86_400_000;
/** Friday (getUTCDay numbering of the local date). */
export const SUMMARY_WEEKDAY = 5;
/** 16:00 local: after school, before the weekend. */
export const SUMMARY_SECONDS = 16 * 3600;
/** Readers marked and queued per transaction. */
const BATCH = 200;

export interface SummaryPayload {
  orgId: number;
  /** The local date the summary is sent on (YYYY-MM-DD). */
  week: string;
}

export interface SummaryMailPayload extends SummaryPayload {
  personId: number;
  /** When the week's summary ran: the report is read as of then, however late the mail leaves. */
  at: string;
}

/** The next summary after `now` in `timeZone`: when, and the local date that names its week. */
export function nextSummaryAt(now: Date, timeZone: string): { at: Date; week: string } {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let day = localDateOf(nowSeconds, timeZone);
  const { year, month, day: d } = dateParts(day);
  day = addDays(day, (SUMMARY_WEEKDAY - new Date(Date.UTC(year, month - 1, d)).getUTCDay() + 7) % 7);
  let at = epochOfWallClock(day, SUMMARY_SECONDS, timeZone);
  if (at <= nowSeconds) {
    day = addDays(day, 7);
    at = epochOfWallClock(day, SUMMARY_SECONDS, timeZone);
  }
  return { at: new Date(at * 1000), week: day };
}

/** Queues the school's next weekly summary (idempotent by week), inside the caller's transaction. */
export async function scheduleGuardianSummary(db: Database, jobs: JobEnqueuer, orgId: number, timeZone: string, now: Date): Promise<void> {
  const { at, week } = nextSummaryAt(now, timeZone);
  await jobs.enqueue(db, guardianSummaryJob, { orgId, week }, { orgId, key: `classroom.summary:${orgId}:${week}`, runAt: at });
}

/**
 * The week's run at `now`: marks each reader's week once and queues their mail; then the next week's
 * run while the school has tasks due since MISSING_DAYS ago. Answers the readers queued by this run.
 */
export async function runGuardianSummary(db: Database, jobs: JobEnqueuer, orgId: number, week: string, now: Date): Promise<number[]> {
  const org = await findOrgById(db, orgId);
  if (!org) return [];
  const readers = await findGuardianSummaryReaders(db, orgId);
  const queued: number[] = [];
  const at = now.toISOString();
  for (let i = 0; i < readers.length; i += BATCH) {
    await db.transaction().execute(async (trx) => {
      for (const personId of readers.slice(i, i + BATCH)) {
        if (!(await insertSummaryMark(trx, orgId, personId, week, at))) continue;
        await jobs.enqueue(trx, guardianSummaryMailJob, { orgId, week, personId, at }, { orgId, key: `classroom.summary_mail:${orgId}:${week}:${personId}` });
        queued.push(personId);
      }
    });
  }
  if (await hasTasksDueSince(db, orgId, new Date(now.getTime() - MISSING_DAYS * DAY_MS).toISOString())) {
    await scheduleGuardianSummary(db, jobs, orgId, timeZoneOf(org.settings), now);
  }
  return queued;
}

export const guardianSummaryJob = defineJob<SummaryPayload>({
  kind: 'classroom.summary',
  async handle({ orgId, week }, ctx) {
    await runGuardianSummary(ctx.db, ctx.jobs, orgId, week, new Date());
  },
  summarize: () => ({ topic: 'guardian_summary' }),
  timeoutMs: 10 * 60_000,
});

/**
 * One reader's mail: their report as of the week's run, in their language (else the school's), under
 * the school's header, with the one-click link that turns their email off. A failed send throws and
 * the job is retried; a send repeated after a crash carries the same Message-ID.
 */
export const guardianSummaryMailJob = defineJob<SummaryMailPayload>({
  kind: 'classroom.summary_mail',
  async handle({ orgId, personId, week, at }, { db, config, log }) {
    const reader = await findReader(db, orgId, personId);
    const org = await findOrgById(db, orgId);
    if (!reader?.email || !org) return;
    const children = await guardianReport(db, orgId, personId, new Date(at));
    if (children.length === 0) return;
    const origin = linkOrigin(config);
    const look = await schoolMailLookOf(db, orgId, origin);
    const mail = summaryMailOf({
      readerName: reader.first_name, language: reader.language ?? look.language, timeZone: timeZoneOf(org.settings), brand: look.brand, origin, children,
    });
    await mailerFor(config, (entry, msg) => log.info(entry, msg)).send({
      to: reader.email, ...mail, messageId: `classroom-summary.${orgId}.${week}.${personId}`, headers: unsubscribeHeaders(config, org, personId),
    });
  },
  summarize: ({ personId }) => ({ topic: 'guardian_summary', personId }),
  timeoutMs: 60_000,
});
