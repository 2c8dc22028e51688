import type { Database } from '../../db/database';
import { defineJob, type JobEnqueuer } from '../../platform/jobs/jobs';
import { timeZoneOf } from '../settings/index';
import { FeedError, fetchFeed } from './calendar.fetch';
import { importPeriod, parseFeed } from './calendar.import';
import { findOrgSettings, recordImport, replaceSourceEvents } from './calendar.import.queries';
import { findSource } from './calendar.sources.queries';

// The hourly import of each external feed (issue 11 §2; decision 015). One job per source and run, so
// a feed that fails or hangs delays nobody else's. A failure is the feed's, not the job's: it is
// recorded on the source (last_error), the events of the last good import stay, and the job ends
// well. Every run, good or bad, queues the next one. Runs sit on a fixed hourly grid per source and
// the grid time is in the job key, so a run that happens twice, a manual refresh and the import of a
// new source all queue the same next run once.

export interface CalendarImportPayload {
  orgId: number;
  sourceId: number;
}

const HOUR = 3600;

/** The first time after `now` (epoch seconds) on the source's hourly grid (offset by source, so imports spread over the hour). */
export function nextImportSlot(sourceId: number, now: number): number {
  const offset = (sourceId * 7919) % HOUR;
  return Math.floor((now - offset) / HOUR) * HOUR + offset + HOUR;
}

export const calendarImportJob = defineJob<CalendarImportPayload>({
  kind: 'calendar.import',
  async handle({ orgId, sourceId }, ctx) {
    const source = await findSource(ctx.db, orgId, sourceId);
    // A deleted source ends its chain of runs.
    if (!source) return;
    const timeZone = timeZoneOf(await findOrgSettings(ctx.db, orgId));
    const now = Math.floor(Date.now() / 1000);
    let events = null;
    let error: string | null = null;
    try {
      const text = await fetchFeed(source.url, { allowPrivate: ctx.config.calendarFetchAllowPrivate === true });
      events = parseFeed(text, importPeriod(now), timeZone);
    } catch (err) {
      if (!(err instanceof FeedError)) throw err;
      error = `${err.code}: ${err.message}`;
      ctx.log.warn({ orgId, sourceId, error }, 'an external calendar feed could not be imported');
    }
    await ctx.db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      if (!(await recordImport(trx, orgId, sourceId, { now: at, error }))) return;
      if (events !== null) await replaceSourceEvents(trx, orgId, sourceId, events, timeZone, at);
      await scheduleNextImport(trx, ctx.jobs, orgId, sourceId, now);
    });
  },
});

/** Queues the source's next run on its grid, inside the caller's transaction (idempotent by key). */
export async function scheduleNextImport(trx: Database, jobs: JobEnqueuer, orgId: number, sourceId: number, now: number): Promise<void> {
  const slot = nextImportSlot(sourceId, now);
  await jobs.enqueue(trx, calendarImportJob, { orgId, sourceId }, { orgId, key: `calendar.import:${orgId}:${sourceId}:${slot}`, runAt: new Date(slot * 1000) });
}

/**
 * Queues a run now (POST calendar/sources/{id}/refresh). Runs of one source wait for each other on the
 * source's row, and each queues the same next run, so asking twice costs one more fetch, nothing else.
 */
export async function requestImport(db: Database, jobs: JobEnqueuer, orgId: number, sourceId: number): Promise<void> {
  await jobs.enqueue(db, calendarImportJob, { orgId, sourceId }, { orgId });
}
