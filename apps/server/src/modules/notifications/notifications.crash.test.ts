import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { defaultJobsConfig } from '../../config';
import { useBuiltProcesses } from '../../test/built-processes';
import { createFreshDatabase, testDatabases } from '../../test/databases';
import { makeFactories } from '../../test/factories';
import { testConfig } from '../../test/harness';
import { startPushEndpoint } from '../../test/push-endpoint';
import { searchKeyOf, sortKeyOf } from '../people/index';
import { startSmtpCatcher } from '../registration/smtp-catcher';

// Issue 12 §4: a worker process killed (SIGKILL) in the middle of a 2,000-recipient fan-out, then
// started again, leaves every recipient notified once per channel. What a crash can repeat is a send
// in flight at the moment of the kill; it goes again with the same idempotency key (Web Push Topic,
// Message-ID), which the receivers use to keep one. So the assertions are: each recipient's email and
// browser got exactly one distinct notification, every delivery ends sent, and raw repeats are
// bounded by what can be in flight at once.

const RECIPIENTS = 2000;
const JOBS_CONCURRENCY = 4;
/** Sends in flight in one worker: JOBS_CONCURRENCY send jobs × 16 sends each (deliver.ts). */
const IN_FLIGHT = JOBS_CONCURRENCY * 16;

const processes = useBuiltProcesses();
const startWorker = (env: Record<string, string>) => processes.start('worker.js', env, 'warn');

const messageIdOf = (raw: string) => /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';

for (const kind of testDatabases) {
  describe.skipIf(kind.skip)(`a worker killed mid fan-out on ${kind.label}`, () => {
    it(`notifies each of ${RECIPIENTS} recipients once per channel after a restart`, async () => {
      const fresh = await createFreshDatabase(kind);
      const smtp = await startSmtpCatcher();
      const push = await startPushEndpoint();
      const config = testConfig(fresh, { smtpUrl: smtp.url, pushAllowInsecureEndpoints: true, jobs: { ...defaultJobsConfig, inProcess: false } });
      const app = await buildApp(config);
      try {
        const factories = makeFactories(app);
        const school = await factories.makeSchool();
        const teacher = await factories.makePerson(school, { role: 'teacher' });
        const db = app.patio.db;
        const now = new Date().toISOString();
        const ids: number[] = [];
        for (let i = 0; i < RECIPIENTS; i += 200) {
          const people = Array.from({ length: Math.min(200, RECIPIENTS - i) }, (_, k) => {
            const n = i + k;
            const name = { first_name: `Familia${n}`, last_name: 'Crash', last_name2: null, document: null };
            return { ...name, org_id: school.id, email: `family${n}@example.org`, is_admin: 0, created_at: now, search_key: searchKeyOf(name), sort_key: sortKeyOf(name) };
          });
          const rows = await db.insertInto('people').values(people).returning('id').execute();
          const devices = rows.map((r) => ({
            org_id: school.id,
            person_id: r.id,
            uuid: `crash-${r.id}`,
            token: push.subscribe(`/crash/${r.id}`).token,
            platform: 'web',
            model: 'Chromium',
            created_at: now,
            updated_at: now,
          }));
          await db.insertInto('devices').values(devices).execute();
          ids.push(...rows.map((r) => r.id));
        }
        const token = await factories.signIn(teacher);
        const published = await app.inject({
          method: 'POST',
          url: `/api/${school.code}/people/${teacher.id}/posts/sent`,
          headers: { authorization: `Bearer ${token}` },
          payload: { type: 'circular', title: 'Crash test', description: '<p>Once each.</p>', audience: { people: ids } },
        });
        expect(published.statusCode, published.body).toBe(201);
        const postId = published.json().id as number;

        const env = {
          DATA_DIR: fresh.dataDir,
          ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}),
          SMTP_URL: smtp.url,
          PUSH_ALLOW_INSECURE_ENDPOINTS: '1',
          JOBS_POLL_MS: '50',
          JOBS_LEASE_MS: '2000',
          JOBS_CONCURRENCY: String(JOBS_CONCURRENCY),
        };
        const sent = () => smtp.mails.length + push.received.length;
        const first = startWorker(env);
        await vi.waitFor(() => expect(sent()).toBeGreaterThan(RECIPIENTS / 2), { timeout: 120_000, interval: 5 });
        first.child.kill('SIGKILL');
        await first.exited;
        const atKill = sent();
        expect(atKill, 'the kill came in the middle of the fan-out').toBeLessThan(2 * RECIPIENTS);

        const second = startWorker(env);
        const states = async () =>
          db.selectFrom('notification_deliveries').select(['state']).where('org_id', '=', school.id).where('post_id', '=', postId).execute();
        await vi.waitFor(
          async () => {
            const rows = await states();
            expect(rows).toHaveLength(2 * RECIPIENTS);
            expect(rows.filter((r) => r.state !== 'sent')).toEqual([]);
          },
          { timeout: 120_000, interval: 200 },
        );
        second.child.kill('SIGTERM');
        await second.exited;

        // Once per recipient and channel, by idempotency key.
        const mailKeys = new Map<string, Set<string>>();
        for (const mail of smtp.mails) for (const to of mail.to) mailKeys.set(to, (mailKeys.get(to) ?? new Set()).add(messageIdOf(mail.raw)));
        expect(mailKeys.size).toBe(RECIPIENTS);
        expect([...mailKeys.values()].every((keys) => keys.size === 1)).toBe(true);
        const pushKeys = new Map<string, Set<string>>();
        for (const p of push.received) pushKeys.set(p.path, (pushKeys.get(p.path) ?? new Set()).add(p.topic ?? ''));
        expect(pushKeys.size).toBe(RECIPIENTS);
        expect([...pushKeys.values()].every((keys) => keys.size === 1 && !keys.has(''))).toBe(true);
        expect(push.failures).toEqual([]);
        // Raw repeats: only the sends in flight when the worker died.
        const repeats = sent() - 2 * RECIPIENTS;
        expect(repeats).toBeGreaterThanOrEqual(0);
        expect(repeats).toBeLessThanOrEqual(IN_FLIGHT);
      } finally {
        await app.close();
        await smtp.close();
        await push.close();
        await fresh.drop();
      }
    }, 300_000);
  });
}
