import type { NotificationChannel } from '@patio/core';
import { linkOrigin } from '../../http/origin';
import type { JobContext } from '../../platform/jobs/jobs';
import { excerptOf } from '../posts/index';
import { findOrgById } from '../org/index';
import { schoolLanguageOf } from '../settings/index';
import { sendMail, sendPush, sendSms, type SendVerdict } from './channel-send';
import {
  type ClaimedDelivery,
  deleteGoneDevice,
  findAddressees,
  findDeviceTokens,
  findNoticePost,
  markFailed,
  markSent,
  type NoticePost,
} from './deliveries.queries';
import { absoluteImagesFor } from '../proxy/index';
import { mailOf, type NoticeLinks, pushMessageOf, smsTextOf } from './notice.render';
import { unsubscribeHeaders } from './unsubscribe.service';

/** Sends at a time within one job: the push services and SMTP answer in parallel. */
const SEND_CONCURRENCY = 16;

/** Where links in notifications point: PUBLIC_URL, else this server on localhost. */
export function noticeLinks(config: JobContext['config']): NoticeLinks {
  const base = linkOrigin(config);
  return { base, images: absoluteImagesFor(config, base) };
}

/** The idempotency key a delivery carries to its receiver (push topic, collapse id, Message-ID, SMS key). */
export function deliveryKey(orgId: number, deliveryId: number): string {
  return `${orgId}.${deliveryId}`;
}

/** What became of each claimed delivery: `retry` ones are the caller's to hand over or throw for. */
export interface DeliveryOutcomes {
  sent: number[];
  failed: number[];
  retry: { delivery: ClaimedDelivery; reason: string }[];
}

async function runPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const PUSH_CHANNELS: readonly NotificationChannel[] = ['ios', 'android', 'web'];

/**
 * Sends claimed deliveries (each through its channel, the post rendered in the recipient's language)
 * and records the sent and the failed ones; a device whose push address is gone is forgotten. The
 * transient failures are answered, not recorded: the caller decides how they are tried again.
 */
export async function sendClaimed(ctx: JobContext, orgId: number, claimed: readonly ClaimedDelivery[]): Promise<DeliveryOutcomes> {
  const outcomes: DeliveryOutcomes = { sent: [], failed: [], retry: [] };
  if (claimed.length === 0) return outcomes;
  const org = await findOrgById(ctx.db, orgId);
  const school = org?.title ?? '';
  // Someone whose own language is unknown reads the school's default language, not always Spanish.
  const schoolLanguage = schoolLanguageOf(org?.settings ?? {});
  const links = noticeLinks(ctx.config);
  const posts = new Map<number, { post: NoticePost; excerpt: string } | null>();
  for (const postId of new Set(claimed.map((d) => d.postId))) {
    const post = await findNoticePost(ctx.db, orgId, postId);
    posts.set(postId, post ? { post, excerpt: excerptOf(post.description, 180) } : null);
  }
  const people = await findAddressees(ctx.db, orgId, claimed.map((d) => d.personId));
  const devices = await findDeviceTokens(
    ctx.db,
    orgId,
    claimed.flatMap((d) => (d.deviceUuid ? [{ personId: d.personId, uuid: d.deviceUuid }] : [])),
  );

  const fail = async (d: ClaimedDelivery, reason: string) => {
    await markFailed(ctx.db, 'notification_deliveries', orgId, d.id, reason);
    outcomes.failed.push(d.id);
  };

  await runPool(claimed, SEND_CONCURRENCY, async (d) => {
    const notice = posts.get(d.postId);
    const addressee = people.get(d.personId);
    if (!notice || !notice.post.published || !addressee) return fail(d, 'post_or_person_gone');
    const person = { ...addressee, language: addressee.language || schoolLanguage };
    const key = deliveryKey(orgId, d.id);
    let verdict: SendVerdict;
    if (d.channel === 'email') {
      if (!person.email) return fail(d, 'no_email_address');
      const headers = org ? unsubscribeHeaders(ctx.config, org, d.personId) : undefined;
      verdict = await sendMail(ctx, person.email, mailOf(notice.post, notice.excerpt, school, person.language, links), key, headers);
    } else if (d.channel === 'sms') {
      if (!person.mobile) return fail(d, 'no_mobile_number');
      verdict = await sendSms(ctx, person.mobile, smsTextOf(notice.post, school, person.language, links), key);
    } else if (PUSH_CHANNELS.includes(d.channel) && d.deviceUuid) {
      const device = devices.get(`${d.personId}:${d.deviceUuid}`);
      if (!device) return fail(d, 'device_gone');
      verdict = await sendPush(ctx, device, pushMessageOf(notice.post, notice.excerpt, school, person.language), { idempotencyKey: key, urgent: d.urgent });
      if (!verdict.sent && verdict.gone) await deleteGoneDevice(ctx.db, orgId, d.personId, d.deviceUuid);
    } else {
      return fail(d, 'unknown_channel');
    }
    if (verdict.sent) {
      // Recorded at once, not with the batch: a crash now repeats only the sends in flight.
      await markSent(ctx.db, 'notification_deliveries', orgId, [d.id]);
      outcomes.sent.push(d.id);
    }
    else if (verdict.retry) outcomes.retry.push({ delivery: d, reason: verdict.reason });
    else await fail(d, verdict.reason);
  });
  return outcomes;
}
