import type { LightMyRequestResponse } from 'fastify';
import type { TestPerson } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import type { PushEndpoint, TestSubscription } from '../../test/push-endpoint';
import { as } from '../posts/posts.fixtures';

// Helpers of the notifications tests: people with addresses and browsers, and what reached them.

export async function giveAddresses(t: TestApp, person: TestPerson, addresses: { email?: string | null; mobile?: string | null; language?: string | null }): Promise<void> {
  await t.db.updateTable('people').set(addresses).where('org_id', '=', person.org.id).where('id', '=', person.id).execute();
}

/** A browser of `person` subscribed at the local push endpoint and registered as their device. */
export async function registerBrowser(t: TestApp, push: PushEndpoint, person: TestPerson, name: string): Promise<TestSubscription & { uuid: string }> {
  const subscription = push.subscribe(`/push/${name}`);
  const uuid = `browser-${name}`;
  const res: LightMyRequestResponse = await as(t, person, 'POST', `people/${person.id}/devices`, { token: subscription.token, platform: 'web', model: 'Chromium', uuid });
  if (res.statusCode !== 201) throw new Error(`device registration answered ${res.statusCode}: ${res.body}`);
  return { ...subscription, uuid };
}

export async function deliveriesOf(t: TestApp, orgId: number, postId: number) {
  return t.db
    .selectFrom('notification_deliveries')
    .select(['id', 'person_id', 'channel', 'device_uuid', 'state', 'attempts', 'last_error', 'not_before'])
    .where('org_id', '=', orgId)
    .where('post_id', '=', postId)
    .orderBy('id')
    .execute();
}

/** Jobs of `kind` become due now (their backoff or quiet hours skipped), so drainJobs runs them. */
export async function makeDue(t: TestApp, kind: string): Promise<void> {
  await t.db.updateTable('jobs').set({ run_at: new Date(Date.now() - 1000).toISOString() }).where('kind', '=', kind).where('state', '=', 'queued').execute();
}

export async function makeDeliveriesDue(t: TestApp, orgId: number, postId: number): Promise<void> {
  await t.db
    .updateTable('notification_deliveries')
    .set({ not_before: new Date(Date.now() - 1000).toISOString() })
    .where('org_id', '=', orgId)
    .where('post_id', '=', postId)
    .execute();
}
