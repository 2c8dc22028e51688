import { planDeliveries, quietHoursEnd } from '@patio/core/notifications/index';
import type { Database } from '../../db/database';
import { defineJob, type JobEnqueuer } from '../../platform/jobs/jobs';
import { findOrgById } from '../org/index';
import { timeZoneOf } from '../settings/index';
import { findRecipients, recordAttempt, requeue } from './deliveries.queries';
import type { RetryPayload } from './notifications.jobs';
import { contentOf, isTimeCritical, type PersonalNotice } from './personal-notice';
import { claimNoticeDeliveries, insertNoticeDeliveries } from './personal-notice.queries';
import { sendNoticeDeliveries } from './personal-notice.send';

// Personal notices (docs/decisions/018-personal-notices.md). enqueuePersonalNotice queues one
// `notifications.notice` job per person and notice, in the caller's transaction. The job plans the
// channels from the person's settings, writes one delivery per channel and device (unique by once
// key) and sends them at once;
// a transient failure hands a delivery to its own `notifications.notice_retry` job, retried with
// backoff and then shown to administrators among failed jobs, as the post deliveries are.
//
// A bus notice is time-critical — the bus is coming now, or late now — so it is treated like an
// urgent notice: it bypasses quiet hours and the digest. A classroom notice (work returned, a task due
// soon) or an activity's (a place offered) is not: during the person's quiet hours it waits for their
// end, in a job of its own queued for then. None goes into the digest. The person's channel switches still decide where it goes (email
// off: no email); per-type overrides are for kinds of post and do not apply.

/** Longest notice key: once keys (person:key:channel:device) stay within their 300 characters. */
const MAX_KEY_LENGTH = 120;

/** A notice job's payload: `afterQuiet` marks the job queued for the end of the person's quiet hours. */
type NoticePayload = PersonalNotice & { afterQuiet?: true };

export const notificationsNoticeJob = defineJob<NoticePayload>({
  kind: 'notifications.notice',
  async handle(payload, ctx) {
    const { afterQuiet, ...notice } = payload;
    const { orgId, personId } = notice;
    const person = (await findRecipients(ctx.db, orgId, [personId])).get(personId);
    if (!person) return;
    if (!isTimeCritical(notice.kind) && !afterQuiet) {
      const org = await findOrgById(ctx.db, orgId);
      const quietEnd = quietHoursEnd(Math.floor(Date.now() / 1000), person.settings.quietHours, timeZoneOf(org?.settings ?? {}));
      if (quietEnd !== null) {
        const key = `notifications.notice:${orgId}:${personId}:${notice.key}:after-quiet`;
        await ctx.jobs.enqueue(ctx.db, notificationsNoticeJob, { ...notice, afterQuiet: true }, { orgId, key, runAt: new Date(quietEnd * 1000) });
        return;
      }
    }
    // The planner's timing is not used (see above), so the zone it would hold deliveries in does not matter.
    const planned = planDeliveries(
      { settings: person.settings, hasEmail: Boolean(person.email), hasMobile: Boolean(person.mobile), devices: person.devices },
      notice.kind,
      Math.floor(Date.now() / 1000),
      'UTC',
    );
    const ids = await insertNoticeDeliveries(
      ctx.db,
      orgId,
      { personId, key: notice.key, content: contentOf(notice) },
      planned.map((p) => ({ channel: p.channel, deviceUuid: p.device })),
    );
    const claimed = await claimNoticeDeliveries(ctx.db, orgId, ids, ctx.job.id);
    for (const { delivery, reason } of await sendNoticeDeliveries(ctx, orgId, claimed)) {
      await ctx.db.transaction().execute(async (trx) => {
        await requeue(trx, 'notification_notices', orgId, delivery.id, reason);
        await ctx.jobs.enqueue(
          trx,
          notificationsNoticeRetryJob,
          { orgId, deliveryId: delivery.id, personId, channel: delivery.channel },
          { orgId, key: `notifications.notice_retry:${orgId}:${delivery.id}` },
        );
      });
    }
  },
  summarize: ({ kind, personId }) => ({ topic: kind, personId }),
});

export const notificationsNoticeRetryJob = defineJob<RetryPayload>({
  kind: 'notifications.notice_retry',
  async handle({ orgId, deliveryId }, ctx) {
    const claimed = await claimNoticeDeliveries(ctx.db, orgId, [deliveryId], ctx.job.id);
    const retry = (await sendNoticeDeliveries(ctx, orgId, claimed))[0];
    if (retry) {
      await recordAttempt(ctx.db, 'notification_notices', orgId, deliveryId, retry.reason);
      // Thrown, the queue tries again with backoff; once the attempts are spent the job is dead and
      // waits in the administrators' list of failed jobs, where a retry sends this delivery.
      throw new Error(retry.reason);
    }
  },
  summarize: ({ personId, channel }) => ({ topic: channel, personId }),
});

/**
 * Queues `notice` for its person inside `db` (pass the transaction of the write that calls for it).
 * The same person and key queue one job only, however often this is called.
 */
export async function enqueuePersonalNotice(db: Database, jobs: JobEnqueuer, notice: PersonalNotice): Promise<void> {
  if (notice.key.length === 0 || notice.key.length > MAX_KEY_LENGTH) throw new Error(`A notice key has 1 to ${MAX_KEY_LENGTH} characters`);
  await jobs.enqueue(db, notificationsNoticeJob, notice, { orgId: notice.orgId, key: `notifications.notice:${notice.orgId}:${notice.personId}:${notice.key}` });
}

export const personalNoticeJobs = [notificationsNoticeJob, notificationsNoticeRetryJob];
