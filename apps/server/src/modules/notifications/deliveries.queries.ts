import type { NotificationChannel, NotificationSettings } from '@patio/core';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DeliveryState } from '../../db/types-notifications';
import { parseStoredSettings } from './settings.queries';

/** Rows per multi-row INSERT: well inside SQLite's parameter limit at 11 columns. */
const INSERT_BATCH = 500;

/** What a notification says of its post. */
export interface NoticePost {
  id: number;
  threadId: number;
  authorId: number;
  type: string;
  title: string;
  description: string;
  notifications: boolean;
  published: boolean;
  /** The first form block's entity id, for the email's "answer the form" link. */
  formId: number | null;
}

export async function findNoticePost(db: Database, orgId: number, postId: number): Promise<NoticePost | null> {
  const row = await db
    .selectFrom('posts')
    .select(['id', 'thread_id', 'author_id', 'type', 'title', 'description', 'notifications', 'status'])
    .where(scopedToOrg(orgId))
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!row) return null;
  const form = await db
    .selectFrom('post_blocks')
    .select('url')
    .where(scopedToOrg(orgId))
    .where('post_id', '=', postId)
    .where('type', '=', 'form')
    .orderBy('position')
    .executeTakeFirst();
  const formId = form?.url ? Number(/^data\/entities\/(\d+)$/.exec(form.url)?.[1] ?? NaN) : NaN;
  return {
    id: row.id,
    threadId: row.thread_id,
    authorId: row.author_id,
    type: row.type,
    title: row.title,
    description: row.description,
    notifications: Number(row.notifications) === 1,
    published: row.status === 'published',
    formId: Number.isFinite(formId) ? formId : null,
  };
}

/** The next `limit` recipients of a post (by person id after `after`): whoever holds a stub. */
export async function recipientsAfter(db: Database, orgId: number, postId: number, after: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('stubs')
    .select('person_id')
    .where(scopedToOrg(orgId))
    .where('post_id', '=', postId)
    .where('person_id', '>', after)
    .orderBy('person_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.person_id);
}

export interface Recipient {
  id: number;
  email: string | null;
  mobile: string | null;
  language: string | null;
  settings: NotificationSettings;
  devices: { uuid: string; channel: NotificationChannel }[];
}

const DEVICE_CHANNEL: Record<string, NotificationChannel> = { web: 'web', android: 'android', ios: 'ios' };

/** The recipients' addresses, settings and push devices. */
export async function findRecipients(db: Database, orgId: number, personIds: readonly number[]): Promise<Map<number, Recipient>> {
  const found = new Map<number, Recipient>();
  if (personIds.length === 0) return found;
  const people = await db
    .selectFrom('people')
    .leftJoin('notification_settings', (join) =>
      join.onRef('notification_settings.org_id', '=', 'people.org_id').onRef('notification_settings.person_id', '=', 'people.id'),
    )
    .select(['people.id', 'people.email', 'people.mobile', 'people.language', 'notification_settings.settings'])
    .where(scopedToOrg(orgId, 'people'))
    .where('people.id', 'in', [...personIds])
    .execute();
  for (const p of people) {
    found.set(p.id, { id: p.id, email: p.email, mobile: p.mobile, language: p.language, settings: parseStoredSettings(p.settings), devices: [] });
  }
  const devices = await db
    .selectFrom('devices')
    .select(['person_id', 'uuid', 'platform'])
    .where(scopedToOrg(orgId))
    .where('person_id', 'in', [...personIds])
    .orderBy('id')
    .execute();
  for (const d of devices) {
    const channel = DEVICE_CHANNEL[d.platform];
    if (channel) found.get(d.person_id)?.devices.push({ uuid: d.uuid, channel });
  }
  return found;
}

export interface NewDelivery {
  postId: number;
  personId: number;
  channel: NotificationChannel;
  deviceUuid: string | null;
  state: Extract<DeliveryState, 'queued' | 'digest'>;
  urgent: boolean;
  notBefore: string;
}

/** The idempotency key of a delivery: one per post, person, channel and device. */
export function onceKeyOf(d: Pick<NewDelivery, 'postId' | 'personId' | 'channel' | 'deviceUuid'>): string {
  return `${d.postId}:${d.personId}:${d.channel}:${d.deviceUuid ?? '-'}`;
}

/** Adds the deliveries that do not exist yet (by once key): running the fan-out again adds nothing. */
export async function insertDeliveries(db: Database, orgId: number, deliveries: readonly NewDelivery[]): Promise<void> {
  const now = new Date().toISOString();
  for (let i = 0; i < deliveries.length; i += INSERT_BATCH) {
    const values = deliveries.slice(i, i + INSERT_BATCH).map((d) => ({
      org_id: orgId,
      post_id: d.postId,
      person_id: d.personId,
      channel: d.channel,
      device_uuid: d.deviceUuid,
      once_key: onceKeyOf(d),
      state: d.state,
      urgent: d.urgent ? 1 : 0,
      not_before: d.notBefore,
      created_at: now,
    }));
    await db
      .insertInto('notification_deliveries')
      .values(values)
      .onConflict((oc) => oc.columns(['org_id', 'once_key']).doNothing())
      .execute();
  }
}

/** A post's deliveries still to send (queued) or waiting for a digest, in id order. */
export async function pendingDeliveries(db: Database, orgId: number, postId: number) {
  const rows = await db
    .selectFrom('notification_deliveries')
    .select(['id', 'person_id', 'state', 'not_before'])
    .where(scopedToOrg(orgId))
    .where('post_id', '=', postId)
    .where('state', 'in', ['queued', 'digest'])
    .orderBy('id')
    .execute();
  return rows;
}

/** A delivery claimed for sending, with what sending it needs. */
export interface ClaimedDelivery {
  id: number;
  postId: number;
  personId: number;
  channel: NotificationChannel;
  deviceUuid: string | null;
  urgent: boolean;
  attempts: number;
}

const CLAIMED_COLUMNS = ['id', 'post_id', 'person_id', 'channel', 'device_uuid', 'urgent', 'attempts'] as const;

function claimedOf(
  rows: { id: number; post_id: number; person_id: number; channel: string; device_uuid: string | null; urgent: number; attempts: number }[],
): ClaimedDelivery[] {
  return rows
    .map((r) => ({
      id: r.id,
      postId: r.post_id,
      personId: r.person_id,
      channel: r.channel as NotificationChannel,
      deviceUuid: r.device_uuid,
      urgent: Number(r.urgent) === 1,
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Takes `ids` for the job `jobId`: the ones still queued, and the ones this same job had taken before
 * it was interrupted (they are sent again with the same idempotency key). A delivery another job holds
 * or that was sent is left alone, so two jobs never send one delivery.
 */
export async function claimDeliveries(db: Database, orgId: number, ids: readonly number[], jobId: number): Promise<ClaimedDelivery[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('notification_deliveries')
    .set({ state: 'sending', claimed_by: jobId })
    .where(scopedToOrg(orgId))
    .where('id', 'in', [...ids])
    .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'sending'), eb('claimed_by', '=', jobId)])]))
    .returning(CLAIMED_COLUMNS)
    .execute();
  return claimedOf(rows);
}

/** The digest deliveries of a person that are due, taken for the digest job `jobId` (as claimDeliveries). */
export async function claimDigest(db: Database, orgId: number, personId: number, jobId: number, now: string): Promise<ClaimedDelivery[]> {
  const rows = await db
    .updateTable('notification_deliveries')
    .set({ state: 'sending', claimed_by: jobId })
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('channel', '=', 'email')
    .where((eb) => eb.or([eb.and([eb('state', '=', 'digest'), eb('not_before', '<=', now)]), eb.and([eb('state', '=', 'sending'), eb('claimed_by', '=', jobId)])]))
    .returning(CLAIMED_COLUMNS)
    .execute();
  return claimedOf(rows);
}

/**
 * The two outboxes, whose rows go through the same states: a post's deliveries (decision 016) and
 * personal notices (decision 018). What follows marks a claimed row of either.
 */
export type Outbox = 'notification_deliveries' | 'notification_notices';

export async function markSent(db: Database, outbox: Outbox, orgId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable(outbox)
    .set({ state: 'sent', sent_at: new Date().toISOString(), last_error: null })
    .where(scopedToOrg(orgId))
    .where('id', 'in', [...ids])
    .execute();
}

export async function markFailed(db: Database, outbox: Outbox, orgId: number, id: number, error: string): Promise<void> {
  await db
    .updateTable(outbox)
    .set({ state: 'failed', last_error: error.slice(0, 500) })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .execute();
}

/** A transient failure: counted, and the row stays with its job for the next attempt. */
export async function recordAttempt(db: Database, outbox: Outbox, orgId: number, id: number, error: string): Promise<void> {
  await db
    .updateTable(outbox)
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500) }))
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .execute();
}

/** Hands a delivery over to its own retry job (state back to queued, so that job can claim it). */
export async function requeue(db: Database, outbox: Outbox, orgId: number, id: number, error: string): Promise<void> {
  await db
    .updateTable(outbox)
    .set((eb) => ({ state: 'queued', claimed_by: null, attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500) }))
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .execute();
}

/** The people a batch is sent to: name, addresses and language. */
export async function findAddressees(db: Database, orgId: number, personIds: readonly number[]) {
  if (personIds.length === 0) return new Map<number, { firstName: string; email: string | null; mobile: string | null; language: string | null }>();
  const rows = await db
    .selectFrom('people')
    .select(['id', 'first_name', 'email', 'mobile', 'language'])
    .where(scopedToOrg(orgId))
    .where('id', 'in', [...new Set(personIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, { firstName: r.first_name, email: r.email, mobile: r.mobile, language: r.language }]));
}

/** Push tokens by device uuid, of the device's current owner only (a device signed in by someone else is theirs now). */
export async function findDeviceTokens(db: Database, orgId: number, devices: readonly { personId: number; uuid: string }[]) {
  const found = new Map<string, { token: string; platform: string }>();
  if (devices.length === 0) return found;
  const rows = await db
    .selectFrom('devices')
    .select(['person_id', 'uuid', 'token', 'platform'])
    .where(scopedToOrg(orgId))
    .where('uuid', 'in', [...new Set(devices.map((d) => d.uuid))])
    .execute();
  for (const r of rows) found.set(`${r.person_id}:${r.uuid}`, { token: r.token, platform: r.platform });
  return found;
}

/** Forgets a device whose push address is gone (404/410 from its push service). */
export async function deleteGoneDevice(db: Database, orgId: number, personId: number, uuid: string): Promise<void> {
  await db.deleteFrom('devices').where(scopedToOrg(orgId)).where('person_id', '=', personId).where('uuid', '=', uuid).execute();
}

/**
 * Emails still waiting for a person (queued, held for quiet hours or the digest) end as failed
 * `unsubscribed`: they turned email off, so none of them may go out after all.
 */
export async function dropPendingEmails(db: Database, orgId: number, personId: number): Promise<void> {
  await db
    .updateTable('notification_deliveries')
    .set({ state: 'failed', last_error: 'unsubscribed' })
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('channel', '=', 'email')
    .where('state', 'in', ['queued', 'digest'])
    .execute();
}
