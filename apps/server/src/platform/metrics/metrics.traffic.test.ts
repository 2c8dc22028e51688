import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { defaultJobsConfig } from '../../config';
import { connectLive, listenOnLoopback } from '../../modules/live/live-client.fixtures';
import { postTo, publishAs } from '../../modules/posts/posts.fixtures';
import { freshRun, nextReportTime, postReport, reportAt } from '../../modules/transport/transport.fixtures';
import { basic } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { parseMetrics, scrape, valueOf } from './metrics.fixtures';

// issue 31 item 3: the series of GET /metrics move with real traffic, on both databases. The job
// worker is off so the test decides when jobs run (drainJobs) and can see them wait.

describeOnDatabases(
  'metrics after real traffic',
  (t) => {
    let w: World;
    beforeAll(async () => {
      w = await makeWorld(t);
    });

    it('item 3: a sign-in, a post that sends mail, jobs, a position report and a live socket move their series', async () => {
      const before = await scrape(t);
      const signInSeries = { name: 'patio_http_request_duration_seconds_count', labels: { method: 'POST', route: '/api/:org/oauth/token', status_code: '200' } };

      // A sign-in with a password: the HTTP histogram counts it under its route pattern.
      const signedIn = await t.request({
        method: 'POST',
        url: `/api/${w.school.code}/oauth/token`,
        body: { grant_type: 'client_credentials' },
        headers: { authorization: basic(w.parentA.username, w.parentA.password) },
      });
      expect(signedIn.statusCode).toBe(200);

      // A post to a parent: its jobs wait in the queue until a worker runs them, then a mail goes out.
      expect((await publishAs(t, w.teacherA, postTo([w.parentA], { title: 'Reunión de padres' }))).statusCode).toBe(201);
      // A job no process can run: its attempt fails.
      await t.db
        .insertInto('jobs')
        .values({ org_id: null, kind: 'metrics.unknown', payload: '{}', summary: '{}', key: null, state: 'queued', attempts: 0, max_attempts: 3, run_at: new Date(Date.now() - 90_000).toISOString(), created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
        .execute();
      const waiting = await scrape(t);
      expect(valueOf(waiting, 'patio_jobs_queued', { kind: 'metrics.unknown' })).toBe(1);
      expect(valueOf(waiting, 'patio_jobs_oldest_queued_age_seconds', { kind: 'metrics.unknown' })).toBeGreaterThanOrEqual(89);
      expect(valueOf(waiting, 'patio_jobs_queued', { kind: 'notifications.fanout' })).toBeGreaterThanOrEqual(1);

      await t.drainJobs();
      const worked = await scrape(t);
      expect(valueOf(worked, signInSeries.name, signInSeries.labels)).toBe(valueOf(before, signInSeries.name, signInSeries.labels) + 1);
      expect(valueOf(worked, 'patio_deliveries_total', { channel: 'mail', outcome: 'sent' })).toBeGreaterThan(valueOf(before, 'patio_deliveries_total', { channel: 'mail', outcome: 'sent' }));
      expect(valueOf(worked, 'patio_jobs_failed_total', { kind: 'metrics.unknown', final: 'false' })).toBe(1);
      // Waiting for its retry is not lag: it is not due.
      expect(valueOf(worked, 'patio_jobs_queued', { kind: 'metrics.unknown' })).toBe(0);
      expect(valueOf(worked, 'patio_jobs_queued', { kind: 'notifications.fanout' })).toBe(0);
      expect(valueOf(worked, 'patio_jobs_oldest_queued_age_seconds', { kind: 'notifications.fanout' })).toBe(0);
      await t.db.deleteFrom('jobs').where('kind', '=', 'metrics.unknown').execute();

      // A bus position report from the driver's phone.
      await freshRun(t, w);
      expect((await postReport(t, w, w.driver, reportAt(4.686, -74.05, nextReportTime()))).statusCode).toBe(201);
      expect(valueOf(await scrape(t), 'patio_positions_ingested_total', { live: 'true' })).toBe(valueOf(before, 'patio_positions_ingested_total', { live: 'true' }) + 1);

      // A live socket, open and then closed; the server scraped over real HTTP from 127.0.0.1.
      const base = await listenOnLoopback(t.app);
      const live = await connectLive(base, w.school.code, await t.signIn(w.parentA));
      expect(valueOf(await scrape(t), 'patio_live_sockets', { state: 'open' })).toBe(1);
      live.socket.close();
      await vi.waitFor(async () => expect(valueOf(await scrape(t), 'patio_live_sockets', { state: 'open' })).toBe(0), { timeout: 5000, interval: 50 });
      const port = (t.app.server.address() as AddressInfo).port;
      const overHttp = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(overHttp.status).toBe(200);
      expect(overHttp.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = parseMetrics(await overHttp.text());

      // The event bus answers its probe, the database reports what means something for it, Node its process.
      expect(valueOf(samples, 'patio_event_bus_lag_seconds')).toBeLessThan(2);
      if (t.kind.name === 'PostgreSQL') {
        expect(valueOf(samples, 'patio_db_pool_total_connections')).toBeGreaterThanOrEqual(1);
        expect(valueOf(samples, 'patio_db_pool_max_connections')).toBe(10);
        expect(samples.some((s) => s.name === 'patio_db_pool_waiting_requests')).toBe(true);
      } else {
        expect(valueOf(samples, 'patio_sqlite_file_bytes', { file: 'database' })).toBeGreaterThan(0);
        expect(samples.some((s) => s.name.startsWith('patio_db_pool_'))).toBe(false);
      }
      expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(samples.some((s) => s.name === 'nodejs_heap_size_used_bytes')).toBe(true);
    });

    it('item 3: labels name route patterns, never the ids, school codes or tokens of an address', async () => {
      await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.studentA.id}?token=SECRET-IN-QUERY`, token: await t.signIn(w.admin) });
      await t.request({ method: 'GET', url: `/api/${w.school.code}/no/such/address/4242` });
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.body).toContain('route="/api/:org/people/:id"');
      expect(res.body).toContain('route="(unmatched)"');
      // Only the labels are checked: a sample's value may be any number (4242 requests, once the process has served them).
      const labels = [...res.body.matchAll(/\{[^}]*\}/g)].join('\n');
      expect(labels).toContain('route="(unmatched)"');
      for (const raw of ['SECRET-IN-QUERY', `/${w.school.code}/`, '4242', `people/${w.studentA.id}`]) expect(labels).not.toContain(raw);
    });

    it('item 3: two apps of one configuration in one process each have their own registry', async () => {
      const second = await buildApp(t.config);
      try {
        const res = await second.inject({ method: 'GET', url: '/metrics' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('patio_deliveries_total');
        // The first app's registry is untouched by the second's.
        expect(valueOf(await scrape(t), 'patio_live_sockets', { state: 'open' })).toBe(0);
      } finally {
        await second.close();
      }
    });
  },
  { jobs: { ...defaultJobsConfig, inProcess: false } },
);
