import type { JobContext } from '../../platform/jobs/jobs';
import { findOrgById } from '../org/index';
import { sendMail, sendPush, sendSms, type SendVerdict } from './channel-send';
import { deleteGoneDevice, findAddressees, findDeviceTokens, markFailed, markSent } from './deliveries.queries';
import { noticeLinks } from './deliver';
import { isTimeCritical } from './personal-notice';
import type { ClaimedNotice } from './personal-notice.queries';
import { noticeMailOf, noticePushOf, noticeSmsOf } from './personal-notice.render';
import { unsubscribeHeaders } from './unsubscribe.service';

/** The idempotency key a notice delivery carries to its receiver (apart from the post deliveries' keys). */
export function noticeDeliveryKey(orgId: number, id: number): string {
  return `${orgId}.notice.${id}`;
}

/** The deliveries a transient failure left to try again; the caller decides how. */
export type NoticeRetries = { delivery: ClaimedNotice; reason: string }[];

/**
 * Sends claimed notice deliveries, each through its channel in the recipient's language, and records
 * the sent and the failed ones; a device whose push address is gone is forgotten. A bus notice's push
 * wakes the device (high urgency): it is worth nothing late; any other notice's does not.
 */
export async function sendNoticeDeliveries(ctx: JobContext, orgId: number, claimed: readonly ClaimedNotice[]): Promise<NoticeRetries> {
  const retries: NoticeRetries = [];
  if (claimed.length === 0) return retries;
  const org = await findOrgById(ctx.db, orgId);
  const school = org?.title ?? '';
  const links = noticeLinks(ctx.config);
  const people = await findAddressees(ctx.db, orgId, claimed.map((d) => d.personId));
  const devices = await findDeviceTokens(ctx.db, orgId, claimed.flatMap((d) => (d.deviceUuid ? [{ personId: d.personId, uuid: d.deviceUuid }] : [])));

  await Promise.all(
    claimed.map(async (d) => {
      const person = people.get(d.personId);
      if (!person || !d.content) return markFailed(ctx.db, 'notification_notices', orgId, d.id, 'notice_or_person_gone');
      const key = noticeDeliveryKey(orgId, d.id);
      let verdict: SendVerdict;
      if (d.channel === 'email') {
        if (!person.email) return markFailed(ctx.db, 'notification_notices', orgId, d.id, 'no_email_address');
        // The email channel decided this mail (personal-notice.jobs.ts), so its link turns that channel off.
        verdict = await sendMail(ctx, person.email, noticeMailOf(d.content, school, person.language, links), key, org ? unsubscribeHeaders(ctx.config, org, d.personId) : undefined);
      } else if (d.channel === 'sms') {
        if (!person.mobile) return markFailed(ctx.db, 'notification_notices', orgId, d.id, 'no_mobile_number');
        verdict = await sendSms(ctx, person.mobile, noticeSmsOf(d.content, school, person.language, links), key);
      } else if (d.deviceUuid) {
        const device = devices.get(`${d.personId}:${d.deviceUuid}`);
        if (!device) return markFailed(ctx.db, 'notification_notices', orgId, d.id, 'device_gone');
        verdict = await sendPush(ctx, device, noticePushOf(d.content, school, person.language), { idempotencyKey: key, urgent: isTimeCritical(d.content.kind) });
        if (!verdict.sent && verdict.gone) await deleteGoneDevice(ctx.db, orgId, d.personId, d.deviceUuid);
      } else {
        return markFailed(ctx.db, 'notification_notices', orgId, d.id, 'unknown_channel');
      }
      if (verdict.sent) await markSent(ctx.db, 'notification_notices', orgId, [d.id]);
      else if (verdict.retry) retries.push({ delivery: d, reason: verdict.reason });
      else await markFailed(ctx.db, 'notification_notices', orgId, d.id, verdict.reason);
    }),
  );
  return retries;
}
