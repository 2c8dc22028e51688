import { type LiveServerMessage, ZLiveServerMessage, ZTransportRoute } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { defaultJobsConfig } from '../../config';
import type { Subscription } from '../../platform/events/event-bus';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { insertNode, insertNodeType } from '../nodes/index';
import { makeWorld, ROUTE_1_STOPS, type World } from '../../test/world';
import { endRunsOf, freshRun, nextReportTime, postReport, reportAt } from './transport.fixtures';
import { routeBusTopic, transportLiveTopic } from './transport.live';
import { callerOf } from '../../test/callers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Sequential reports slower than the per-target arrival limit (10 a second). */
const PACE_MS = 110;

// POST geo/targets/{id}/position (issue 13 §2–3): only the crew's device, only during a run, nothing
// impossible, nothing too often; an older report is kept but not live; live reports move the ETAs,
// log each stop reached once and reach the route's live topic through the event bus.
describeOnDatabases('transport: position reports', (t) => {
  let w: World;
  let monitor: TestPerson;
  const messages: LiveServerMessage[] = [];
  let subscription: Subscription;

  const routeOf = async (person: TestPerson) =>
    ZTransportRoute.parse((await t.request({ method: 'GET', url: `/api/${w.school.code}/transport/routes/${w.route}`, token: await t.signIn(person) })).json());
  const positionsOf = async (runId: number) =>
    t.db.selectFrom('geo_positions').select(['id', 'timestamp', 'run_id', 'reporter_id']).where('org_id', '=', w.school.id).where('run_id', '=', runId).orderBy('id').execute();
  const stateOf = async () =>
    t.db.selectFrom('geo_targets').select(['last_timestamp', 'next_stop_index', 'run_id']).where('org_id', '=', w.school.id).where('id', '=', w.targetId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    w = await makeWorld(t);
    monitor = await t.makePerson(w.school, { firstName: 'Mónica' });
    await t.db.updateTable('transport_routes').set({ monitor_id: monitor.id }).where('org_id', '=', w.school.id).where('node_id', '=', w.route).execute();
    subscription = t.app.patio.events.subscribe(routeBusTopic(w.school.id, w.route), (payload) => {
      messages.push(ZLiveServerMessage.parse(payload));
    });
    await subscription.ready;
  });
  afterAll(async () => {
    await subscription?.();
  });

  describe('who reports', () => {
    it('refuses every report until a run is on', async () => {
      await endRunsOf(t, w);
      const res = await postReport(t, w, w.driver, reportAt(4.686, -74.05, nextReportTime()));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('run_not_started');
    });

    it("takes the driver's and the monitor's reports, and nobody else's", async () => {
      const runId = await freshRun(t, w);
      const driver = await postReport(t, w, w.driver, reportAt(4.686, -74.05, nextReportTime()));
      expect(driver.statusCode, driver.body).toBe(201);
      expect(driver.json()).toEqual({ id: expect.anything(), live: true });
      await sleep(PACE_MS);
      expect((await postReport(t, w, monitor, reportAt(4.6862, -74.05, nextReportTime()))).statusCode).toBe(201);
      for (const person of [w.admin, w.employee, w.teacherA, w.riderParent, w.rider, w.parentA]) {
        const res = await postReport(t, w, person, reportAt(4.6864, -74.05, nextReportTime()));
        expect(res.statusCode, person.firstName).toBe(403);
        expect(res.json().error).toBe('not_route_device');
      }
      expect((await postReport(t, w, null, reportAt(4.6864, -74.05, nextReportTime()))).statusCode).toBe(401);
      // Another school's driver: their token here is refused, and our target is unknown in their school.
      const norteDriver = await t.makePerson(w.otherSchool, { firstName: 'Néstor' });
      await t.db.insertInto('transport_routes').values({ org_id: w.otherSchool.id, node_id: await norteRouteOf(t, w), vehicle: '', driver_id: norteDriver.id, monitor_id: null }).execute();
      expect((await postReport(t, w, norteDriver, reportAt(4.6864, -74.05, nextReportTime()))).statusCode).toBe(403);
      const atHome = await t.request({
        method: 'POST',
        url: `/api/${w.otherSchool.code}/geo/targets/${w.targetId}/position`,
        token: await t.signIn(norteDriver),
        body: reportAt(4.6864, -74.05, nextReportTime()),
      });
      expect(atHome.statusCode).toBe(404);
      expect((await positionsOf(runId)).map((p) => p.reporter_id)).toEqual([w.driver.id, monitor.id]);
    });
  });

  describe('bad input', () => {
    it('refuses impossible coordinates, 0,0, broken sensors, NUL, future clocks and huge bodies, storing nothing', async () => {
      const runId = await freshRun(t, w);
      const now = nextReportTime();
      const bad: [unknown, string][] = [
        [reportAt(91, -74.05, now), 'invalid_request'],
        [reportAt(4.686, -181, now), 'invalid_request'],
        [reportAt(0, 0, now), 'invalid_request'],
        [reportAt(4.686, -74.05, now, { speed: 200 }), 'invalid_request'],
        [reportAt(4.686, -74.05, now, { accuracy: -1 }), 'invalid_request'],
        [reportAt(4.686, -74.05, now, { latitude: '4.686' }), 'invalid_request'],
        [reportAt(4.686, -74.05, now, { latitude: null }), 'invalid_request'],
        [{ latitude: 4.686, longitude: -74.05 }, 'invalid_request'],
        [reportAt(4.686, -74.05, 12), 'invalid_request'],
        [reportAt(4.686, -74.05, now, { note: 'a\u0000b' }), 'invalid_characters'],
        [reportAt(4.686, -74.05, Math.floor(Date.now() / 1000) + 3600), 'invalid_timestamp'],
        ['not json', 'invalid_json'],
      ];
      for (const [body, error] of bad) {
        const res = typeof body === 'string'
          ? await t.request({ method: 'POST', url: `/api/${w.school.code}/geo/targets/${w.targetId}/position`, token: await t.signIn(w.driver), body, headers: { 'content-type': 'application/json' } })
          : await postReport(t, w, w.driver, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error, JSON.stringify(body)).toBe(error);
      }
      const huge = await postReport(t, w, w.driver, reportAt(4.686, -74.05, now, { padding: 'x'.repeat(10_000) }));
      expect(huge.statusCode).toBe(413);
      expect(await positionsOf(runId)).toEqual([]);
      // Nothing else was disturbed: the next good report is the live one.
      expect((await postReport(t, w, w.driver, reportAt(4.686, -74.05, now))).json().live).toBe(true);
    });

    it('keeps an older report without making it live or broadcasting it', async () => {
      const runId = await freshRun(t, w);
      const first = nextReportTime();
      const later = nextReportTime() + 20;
      expect((await postReport(t, w, w.driver, reportAt(4.686, -74.05, later))).json().live).toBe(true);
      const before = messages.length;
      await sleep(PACE_MS);
      const older = await postReport(t, w, w.driver, reportAt(4.685, -74.05, first));
      expect(older.statusCode).toBe(201);
      expect(older.json().live).toBe(false);
      await sleep(PACE_MS);
      expect((await postReport(t, w, w.driver, reportAt(4.685, -74.05, later))).json().live).toBe(false);
      await sleep(50);
      expect(messages.slice(before).filter((m) => m.type === 'position')).toEqual([]);
      expect((await positionsOf(runId)).map((p) => p.timestamp)).toEqual([later, first, later]);
      expect((await stateOf()).last_timestamp).toBe(later);
      expect((await routeOf(w.driver)).lastPosition).toMatchObject({ latitude: 4.686, timestamp: later });
    });

    it('refuses a report sooner than the spec allows, and a flood, without storing them', async () => {
      const runId = await freshRun(t, w);
      const at = nextReportTime();
      expect((await postReport(t, w, w.driver, reportAt(4.686, -74.05, at))).statusCode).toBe(201);
      await sleep(PACE_MS);
      const soon = await postReport(t, w, w.driver, reportAt(4.6861, -74.05, at + 1));
      expect(soon.statusCode).toBe(429);
      expect(soon.json().error).toBe('too_many_reports');
      expect(soon.headers['retry-after']).toBe('2');
      await sleep(PACE_MS);
      expect((await postReport(t, w, w.driver, reportAt(4.6862, -74.05, at + 2))).statusCode).toBe(201);
      // 25 at once: more than 10 arrive within one second whatever the second boundary.
      await sleep(1000);
      const token = await t.signIn(w.driver);
      const flood = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          t.request({ method: 'POST', url: `/api/${w.school.code}/geo/targets/${w.targetId}/position`, token, body: reportAt(4.686, -74.05, at - 10 - i) }),
        ),
      );
      const refused = flood.filter((r) => r.statusCode === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.every((r) => r.json().error === 'too_many_reports')).toBe(true);
      expect(await positionsOf(runId)).toHaveLength(2 + flood.filter((r) => r.statusCode === 201).length);
      // The rest of the school is undisturbed.
      expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/transport/routes`, token: await t.signIn(w.admin) })).statusCode).toBe(200);
    });
  });

  describe('races', () => {
    it('makes the newest of simultaneous reports the live one and keeps them all', async () => {
      await sleep(1000);
      const runId = await freshRun(t, w);
      const base = nextReportTime();
      const times = [8, 2, 6, 0, 4].map((d) => base + d * 2);
      for (let i = 0; i < 5; i++) nextReportTime();
      const token = await t.signIn(w.driver);
      const answers = await Promise.all(
        times.map((ts) => t.request({ method: 'POST', url: `/api/${w.school.code}/geo/targets/${w.targetId}/position`, token, body: reportAt(4.686, -74.05, ts) })),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(answers[0].json().live).toBe(true);
      expect((await stateOf()).last_timestamp).toBe(Math.max(...times));
      expect((await positionsOf(runId)).map((p) => p.timestamp).sort()).toEqual([...times].sort());
    });

    it('agrees across two server processes on which report is live, and on a run started in the other', async () => {
      await sleep(1000);
      const other = await buildApp({ ...t.config, jobs: { ...defaultJobsConfig, inProcess: false } });
      try {
        const post = (app: FastifyInstance, token: string, body: unknown) =>
          app.inject({ method: 'POST', url: `/api/${w.school.code}/geo/targets/${w.targetId}/position`, headers: { authorization: `Bearer ${token}` }, payload: body as object });
        const token = await t.signIn(w.driver);
        const runId = await freshRun(t, w);
        const at = nextReportTime();
        for (let i = 0; i < 4; i++) nextReportTime();
        expect((await post(t.app, token, reportAt(4.686, -74.05, at))).json().live).toBe(true);
        expect((await post(other, token, reportAt(4.687, -74.05, at + 4))).json().live).toBe(true);
        // This process last saw `at`; the other has moved on to at + 4.
        expect((await post(t.app, token, reportAt(4.6865, -74.05, at + 2))).json().live).toBe(false);
        expect((await post(t.app, token, reportAt(4.688, -74.05, at + 6))).json().live).toBe(true);
        expect((await stateOf()).last_timestamp).toBe(at + 6);

        // The other process finishes the run and starts a new one; this one still remembers the old run.
        const otherToken = await other.patio.tokens.sign(w.school.code, w.driver.id);
        const finish = await other.inject({ method: 'POST', url: `/api/${w.school.code}/transport/routes/${w.route}/runs/${runId}/finish`, headers: { authorization: `Bearer ${otherToken}` } });
        expect(finish.statusCode).toBe(200);
        const started = await other.inject({ method: 'POST', url: `/api/${w.school.code}/transport/routes/${w.route}/runs`, headers: { authorization: `Bearer ${otherToken}` } });
        const newRun = started.json().id as number;
        const first = await post(t.app, token, reportAt(4.689, -74.05, at + 8));
        expect(first.json().live).toBe(true);
        expect(await positionsOf(newRun)).toHaveLength(1);
        expect(await stateOf()).toMatchObject({ run_id: newRun, last_timestamp: at + 8 });
        // Finished in the other process: this one, which remembers the run, refuses the next report.
        const finished = await other.inject({ method: 'POST', url: `/api/${w.school.code}/transport/routes/${w.route}/runs/${newRun}/finish`, headers: { authorization: `Bearer ${otherToken}` } });
        expect(finished.statusCode).toBe(200);
        const late = await post(t.app, token, reportAt(4.69, -74.05, at + 10));
        expect(late.statusCode).toBe(409);
        expect(late.json().error).toBe('run_not_started');
        expect(await positionsOf(newRun)).toHaveLength(1);
      } finally {
        await other.close();
      }
    });
  });

  describe('ETAs, stops reached and the live topic', () => {
    it('moves the ETAs as the bus drives the route, logs each stop once, and broadcasts each live report', async () => {
      await endRunsOf(t, w);
      // Past the second of the flood above (arrivals are counted per second and target).
      await sleep(1000);
      const before = messages.length;
      const runId = await freshRun(t, w);
      // Right after the start: no ETA until the first report.
      expect((await routeOf(w.riderParent)).stops.every((s) => s.eta === null)).toBe(true);

      // From 600 m south of the first stop to the last stop, about 150 m every 10 s.
      const path = drive([{ lat: ROUTE_1_STOPS[0].lat - 0.0054, lng: ROUTE_1_STOPS[0].lng }, ...ROUTE_1_STOPS], 150);
      const startTime = Math.floor(Date.now() / 1000) - 250;
      const remaining: number[] = [];
      for (const [i, point] of path.entries()) {
        const timestamp = startTime + i * 10;
        const res = await postReport(t, w, w.driver, reportAt(point.lat, point.lng, timestamp, { speed: 15, accuracy: 5 }));
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().live).toBe(true);
        const route = await routeOf(w.riderParent);
        const last = route.stops[3];
        if (last.eta !== null) {
          remaining.push(last.eta - timestamp);
        }
        if (i === 2) {
          // Mid-way to the first stop, every stop has an ETA, in driving order.
          const etas = route.stops.map((s) => s.eta!);
          expect(etas.every((e) => e !== null)).toBe(true);
          expect([...etas].sort((a, b) => a - b)).toEqual(etas);
        }
        await sleep(PACE_MS);
      }
      expect(remaining.length).toBeGreaterThan(10);
      // The time still to go to the last stop shrinks as the bus approaches it (the estimate may
      // wobble by a few seconds as it learns the bus's speed).
      for (let i = 1; i < remaining.length; i++) expect(remaining[i], `report ${i}`).toBeLessThanOrEqual(remaining[i - 1] + 30);
      expect(remaining[remaining.length - 1]).toBeLessThan(remaining[0] / 4);

      // Every stop reached once, in order; reporting again at the last stop adds nothing.
      await postReport(t, w, w.driver, reportAt(ROUTE_1_STOPS[3].lat, ROUTE_1_STOPS[3].lng, startTime + path.length * 10, { speed: 0 }));
      const reached = await t.db
        .selectFrom('route_log')
        .select(['stop_id'])
        .where('org_id', '=', w.school.id)
        .where('run_id', '=', runId)
        .where('kind', '=', 'stop_reached')
        .orderBy('id')
        .execute();
      expect(reached.map((r) => r.stop_id)).toEqual(w.stops);
      const route = await routeOf(w.driver);
      expect(route.stops.every((s) => s.reached && s.eta === null)).toBe(true);

      await sleep(50);
      const live = messages.slice(before);
      const positions = live.filter((m) => m.type === 'position');
      expect(positions).toHaveLength(path.length + 1);
      expect(positions[0]).toMatchObject({ route: w.route, target: w.targetId, position: { timestamp: startTime } });
      expect(positions[0].type === 'position' && positions[0].etas.map((e) => e.stopId)).toEqual(w.stops);
      // The distance left to the last stop, as broadcast, falls with every report until it is reached.
      const toLast = positions.flatMap((m) => (m.type === 'position' ? m.etas.filter((e) => e.stopId === w.stops[3]).map((e) => e.meters) : []));
      expect(toLast.length).toBeGreaterThan(10);
      for (let i = 1; i < toLast.length; i++) expect(toLast[i], `report ${i}`).toBeLessThan(toLast[i - 1]);
      // Near the world's planned times the run may also be logged late: transport.lateness.test.ts.
      const events = live.filter((m) => m.type === 'route.event' && m.entry.kind !== 'delayed');
      expect(events.map((m) => (m.type === 'route.event' ? `${m.entry.kind}:${m.entry.stop?.id ?? ''}` : ''))).toEqual([
        'started:',
        ...w.stops.map((id) => `stop_reached:${id}`),
      ]);

      // Finished: no ETAs any more, the last position stays.
      expect((await t.request({ method: 'POST', url: `/api/${w.school.code}/transport/routes/${w.route}/runs/${runId}/finish`, token: await t.signIn(w.driver) })).statusCode).toBe(200);
      const after = await routeOf(w.riderParent);
      expect(after.run).toMatchObject({ id: runId, finishedAt: expect.any(Number) });
      expect(after.stops.every((s) => s.eta === null && !s.reached)).toBe(true);
      expect(after.lastPosition).toMatchObject({ latitude: ROUTE_1_STOPS[3].lat });
      expect(messages[messages.length - 1]).toMatchObject({ type: 'route.event', entry: { kind: 'finished' } });
    });

    it('lets whoever sees the route follow its live topic, and nobody else', async () => {
      const match = `transport/routes/${w.route}`.match(transportLiveTopic.pattern)!;
      expect(match).not.toBeNull();
      for (const person of [w.riderParent, w.rider, w.driver, w.teacherB, w.admin]) {
        expect(await transportLiveTopic.authorize(t.db, w.school, await callerOf(t, person), match), person.firstName).toEqual({ busTopic: routeBusTopic(w.school.id, w.route) });
      }
      for (const person of [w.parentA, w.studentA]) {
        expect(await transportLiveTopic.authorize(t.db, w.school, await callerOf(t, person), match)).toMatchObject({ error: 'forbidden' });
      }
      const classA = `transport/routes/${w.tree.classA}`.match(transportLiveTopic.pattern)!;
      expect(await transportLiveTopic.authorize(t.db, w.school, await callerOf(t, w.admin), classA)).toMatchObject({ error: 'forbidden' });
      expect(await transportLiveTopic.authorize(t.db, w.otherSchool, await callerOf(t, w.otherAdmin), match)).toMatchObject({ error: 'forbidden' });
      expect('transport/routes/01'.match(transportLiveTopic.pattern)).toBeNull();
    });
  });
});

/** A route node of norte (made here: the seeded norte school has none). */
async function norteRouteOf(t: TestApp, w: World): Promise<number> {
  const type = await insertNodeType(t.db, w.otherSchool.id, { key: `route-${Date.now()}`, singular: { en: 'Route' }, plural: { en: 'Routes' } });
  return insertNode(t.db, w.otherSchool.id, { parentId: null, typeId: type, name: 'Ruta Norte' });
}

/** Points along the polyline `stops`, about `step` metres apart (flat-earth, fine over a few km). */
function drive(stops: { lat: number; lng: number }[], step: number): { lat: number; lng: number }[] {
  const points: { lat: number; lng: number }[] = [];
  const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
    Math.hypot((b.lat - a.lat) * 111_320, (b.lng - a.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180));
  for (let i = 1; i < stops.length; i++) {
    const n = Math.max(1, Math.round(metres(stops[i - 1], stops[i]) / step));
    for (let k = i === 1 ? 0 : 1; k <= n; k++) {
      points.push({ lat: stops[i - 1].lat + ((stops[i].lat - stops[i - 1].lat) * k) / n, lng: stops[i - 1].lng + ((stops[i].lng - stops[i - 1].lng) * k) / n });
    }
  }
  return points;
}
