import { planDeliveries, URGENT_POST_TYPES } from '@patio/core/notifications/index';
import { defineJob, type JobContext } from '../../platform/jobs/jobs';
import { findOrgById } from '../org/index';
import { excerptOf } from '../posts/index';
import { schoolLanguageOf, timeZoneOf } from '../settings/index';
import { sendMail } from './channel-send';
import {
  claimDeliveries,
  claimDigest,
  findAddressees,
  findNoticePost,
  findRecipients,
  insertDeliveries,
  markFailed,
  markSent,
  type NewDelivery,
  pendingDeliveries,
  recipientsAfter,
  recordAttempt,
  requeue,
} from './deliveries.queries';
import { deliveryKey, noticeLinks, sendClaimed } from './deliver';
import { digestMailOf } from './notice.render';
import { unsubscribeHeaders } from './unsubscribe.service';

// The notifications outbox (issue 12 §1). Publishing a post queues `notifications.fanout` in the
// transaction that writes its stubs. The fan-out writes one delivery per recipient, channel and device
// (unique by once key, so running it again adds nothing) and queues `notifications.send` jobs of up
// to SEND_BATCH deliveries, keyed by their first delivery, at the time each may go out (after quiet
// hours). A transient failure hands the delivery to its own `notifications.retry` job, which the queue
// retries with backoff and, once its attempts are spent, shows to administrators among failed jobs.
// Emails of people who asked for a digest wait for one `notifications.digest` job per person and day.

/** Recipients read per step of the fan-out. */
const FANOUT_PAGE = 1000;
/** Deliveries per send job. */
const SEND_BATCH = 100;

export interface FanoutPayload {
  orgId: number;
  postId: number;
}

export const notificationsFanoutJob = defineJob<FanoutPayload>({
  kind: 'notifications.fanout',
  async handle({ orgId, postId }, ctx) {
    const post = await findNoticePost(ctx.db, orgId, postId);
    // The post's own "notifications" setting off means no delivery at all.
    if (!post || !post.published || !post.notifications) return;
    const org = await findOrgById(ctx.db, orgId);
    if (!org) return;
    const timeZone = timeZoneOf(org.settings);
    const now = Math.floor(Date.now() / 1000);
    const urgent = URGENT_POST_TYPES.includes(post.type);
    for (let after = 0; ; ) {
      const people = await recipientsAfter(ctx.db, orgId, postId, after, FANOUT_PAGE);
      if (people.length === 0) break;
      after = people[people.length - 1]!;
      const recipients = await findRecipients(ctx.db, orgId, people);
      const rows: NewDelivery[] = [];
      for (const personId of people) {
        const r = recipients.get(personId);
        if (!r) continue;
        const planned = planDeliveries({ settings: r.settings, hasEmail: Boolean(r.email), hasMobile: Boolean(r.mobile), devices: r.devices }, post.type, now, timeZone);
        for (const p of planned) {
          rows.push({
            postId,
            personId,
            channel: p.channel,
            deviceUuid: p.device,
            state: p.digest ? 'digest' : 'queued',
            urgent,
            notBefore: new Date(p.notBefore * 1000).toISOString(),
          });
        }
      }
      await insertDeliveries(ctx.db, orgId, rows);
    }
    await scheduleSends(ctx, orgId, postId);
  },
  timeoutMs: 10 * 60_000,
});

/** Queues the send jobs of a post's pending deliveries (by due time, in batches) and its digests. */
async function scheduleSends(ctx: JobContext, orgId: number, postId: number): Promise<void> {
  const pending = await pendingDeliveries(ctx.db, orgId, postId);
  const queuedByTime = new Map<string, number[]>();
  const digests = new Map<number, string>();
  for (const row of pending) {
    if (row.state === 'digest') digests.set(row.person_id, row.not_before);
    else {
      const ids = queuedByTime.get(row.not_before);
      if (ids) ids.push(row.id);
      else queuedByTime.set(row.not_before, [row.id]);
    }
  }
  const soon = Date.now();
  // One transaction for all the jobs: a commit per job made the first sends wait seconds on a big post.
  await ctx.db.transaction().execute(async (trx) => {
    for (const [notBefore, ids] of queuedByTime) {
      const runAt = new Date(Math.max(Date.parse(notBefore), soon));
      for (let i = 0; i < ids.length; i += SEND_BATCH) {
        const batch = ids.slice(i, i + SEND_BATCH);
        await ctx.jobs.enqueue(trx, notificationsSendJob, { orgId, ids: batch }, { orgId, key: `notifications.send:${orgId}:${batch[0]}`, runAt });
      }
    }
    for (const [personId, notBefore] of digests) {
      // A digest time already past (a fan-out that ran late) may name a digest job that is done: a fresh key then.
      const due = Date.parse(notBefore);
      const key = `notifications.digest:${orgId}:${personId}:${due > soon ? notBefore : new Date(soon).toISOString()}`;
      await ctx.jobs.enqueue(trx, notificationsDigestJob, { orgId, personId }, { orgId, key, runAt: new Date(Math.max(due, soon)) });
    }
  });
}

export interface SendPayload {
  orgId: number;
  ids: number[];
}

export const notificationsSendJob = defineJob<SendPayload>({
  kind: 'notifications.send',
  async handle({ orgId, ids }, ctx) {
    const claimed = await claimDeliveries(ctx.db, orgId, ids, ctx.job.id);
    const outcomes = await sendClaimed(ctx, orgId, claimed);
    for (const { delivery, reason } of outcomes.retry) {
      await ctx.db.transaction().execute(async (trx) => {
        await requeue(trx, 'notification_deliveries', orgId, delivery.id, reason);
        await ctx.jobs.enqueue(trx, notificationsRetryJob, { orgId, deliveryId: delivery.id, personId: delivery.personId, channel: delivery.channel }, { orgId, key: `notifications.retry:${orgId}:${delivery.id}` });
      });
    }
  },
  timeoutMs: 5 * 60_000,
});

export interface RetryPayload {
  orgId: number;
  deliveryId: number;
  personId: number;
  channel: string;
}

export const notificationsRetryJob = defineJob<RetryPayload>({
  kind: 'notifications.retry',
  async handle({ orgId, deliveryId }, ctx) {
    const claimed = await claimDeliveries(ctx.db, orgId, [deliveryId], ctx.job.id);
    const outcomes = await sendClaimed(ctx, orgId, claimed);
    const retry = outcomes.retry[0];
    if (retry) {
      await recordAttempt(ctx.db, 'notification_deliveries', orgId, deliveryId, retry.reason);
      // Thrown, the queue tries again with backoff; once the attempts are spent the job is dead and
      // waits in the administrators' list of failed jobs, where a retry sends this delivery.
      throw new Error(retry.reason);
    }
  },
  summarize: ({ personId, channel }) => ({ topic: channel, personId }),
});

export interface DigestPayload {
  orgId: number;
  personId: number;
}

export const notificationsDigestJob = defineJob<DigestPayload>({
  kind: 'notifications.digest',
  async handle({ orgId, personId }, ctx) {
    const claimed = await claimDigest(ctx.db, orgId, personId, ctx.job.id, new Date().toISOString());
    if (claimed.length === 0) return;
    const person = (await findAddressees(ctx.db, orgId, [personId])).get(personId);
    if (!person?.email) {
      for (const d of claimed) await markFailed(ctx.db, 'notification_deliveries', orgId, d.id, 'no_email_address');
      return;
    }
    const org = await findOrgById(ctx.db, orgId);
    const posts = [];
    for (const postId of [...new Set(claimed.map((d) => d.postId))].sort((a, b) => a - b)) {
      const post = await findNoticePost(ctx.db, orgId, postId);
      if (post?.published) posts.push({ post, excerpt: excerptOf(post.description, 180) });
    }
    const ids = claimed.map((d) => d.id);
    if (posts.length > 0) {
      const language = person.language || schoolLanguageOf(org?.settings ?? {});
      const mail = digestMailOf(posts, person.firstName, org?.title ?? '', language, noticeLinks(ctx.config));
      const headers = org ? unsubscribeHeaders(ctx.config, org, personId) : undefined;
      const verdict = await sendMail(ctx, person.email, mail, deliveryKey(orgId, ids[0]!) + '.digest', headers);
      if (!verdict.sent) throw new Error(verdict.reason);
    }
    await markSent(ctx.db, 'notification_deliveries', orgId, ids);
  },
  summarize: ({ personId }) => ({ topic: 'digest', personId }),
});

export const notificationJobs = [notificationsFanoutJob, notificationsSendJob, notificationsRetryJob, notificationsDigestJob];
