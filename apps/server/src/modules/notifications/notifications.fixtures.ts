import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AppConfig } from '../../config';
import type { TestPerson } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { freePort } from '../../test/loopback-ports';
import { startPushEndpoint, type PushEndpoint, type ReceivedPush, type TestSubscription } from '../../test/push-endpoint';
import { as } from '../posts/posts.fixtures';
import { startSmtpCatcher, type CaughtMail } from '../registration/smtp-catcher';

// Helpers of the notifications tests: where mail and pushes go, people with addresses and browsers,
// and what reached them.

/** The servers of useMailAndPush, and what they caught. */
export interface MailAndPush {
  /** A real SMTP server; it keeps every message. */
  readonly smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  /** A local Web Push service; registerBrowser subscribes browsers on it. */
  readonly push: PushEndpoint;
  /** The mails caught for `address`. */
  mailsTo(address: string): CaughtMail[];
  /** The pushes received by the browser registered as `name` (at /push/{name}). */
  pushesTo(name: string): ReceivedPush[];
  /** The app's config for them: pass it as describeOnDatabases' overrides. */
  readonly config: Partial<AppConfig>;
}

/**
 * A test file's SMTP server and Web Push service: started before its tests, emptied before each,
 * closed after them. Call it at the top of the file, before describeOnDatabases(…, mailAndPush.config):
 * the SMTP port is chosen now, because the app's config is read before the server starts.
 */
export async function useMailAndPush(): Promise<MailAndPush> {
  const smtpPort = await freePort();
  let smtp: MailAndPush['smtp'];
  let push: PushEndpoint;
  beforeAll(async () => {
    smtp = await startSmtpCatcher(smtpPort);
    push = await startPushEndpoint();
  });
  afterAll(async () => {
    await smtp.close();
    await push.close();
  });
  beforeEach(() => {
    smtp.mails.length = 0;
    push.received.length = 0;
  });
  return {
    get smtp() {
      return smtp;
    },
    get push() {
      return push;
    },
    mailsTo: (address) => smtp.mails.filter((m) => m.to.includes(address)),
    pushesTo: (name) => push.received.filter((p) => p.path === `/push/${name}`),
    config: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, pushAllowInsecureEndpoints: true },
  };
}

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
