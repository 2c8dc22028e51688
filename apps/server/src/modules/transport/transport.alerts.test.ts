import type { StopEta } from '@patio/core';
import { DEFAULT_TIME_ZONE } from '@patio/core/calendar/times';
import type { KyselyPlugin } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { describeOnDatabases } from '../../test/harness';
import type { TestPerson } from '../../test/factories';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { insertNode } from '../nodes/nodes.queries';
import { giveAddresses, registerBrowser, useMailAndPush } from '../notifications/notifications.fixtures';
import { as } from '../posts/posts.fixtures';
import { forgetRouteAlerts } from './approach-cache';
import { type AlertServices, checkApproach, noticeDelay } from './transport.alerts';
import { insertAlertSends } from './transport.alerts.queries';
import { insertRouteStops } from './transport.queries';

// Issue 13: a family's "approaching" alert and the riders' families' delay notices reach them through
// the notifications area — a real SMTP server and a local Web Push service here — once per run, under
// each person's own settings, and never anyone who does not see the route.

const mailAndPush = await useMailAndPush();
const { mailsTo, pushesTo } = mailAndPush;

/** A second handle on the same database: its memory is apart, as another server process's would be. */
const passThrough: KyselyPlugin = { transformQuery: (args) => args.node, transformResult: async (args) => args.result };

/** HH:MM in the school's zone `minutes` from now. */
function localTime(minutes: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: DEFAULT_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(Date.now() + minutes * 60_000));
  return `${parts.find((p) => p.type === 'hour')!.value}:${parts.find((p) => p.type === 'minute')!.value}`;
}

describeOnDatabases(
  'approach alerts and delay notices',
  (t) => {
    let w: World;
    let stops: number[];
    let otherRouteStop: number;
    let services: AlertServices;
    const alertsOf = (route: number) => `transport/routes/${route}/alerts`;

    /** A run of route 1 (rows as the run endpoints write them). */
    async function startRun(route = w.route): Promise<number> {
      const row = await t.db
        .insertInto('transport_runs')
        .values({ org_id: w.school.id, node_id: route, active_key: null, started_by: w.driver.id, started_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    /** One accepted report: `etas` by stop index (metres left, seconds to go); stops before `nextIndex` are passed. */
    function report(runId: number, etas: Record<number, { meters: number; seconds: number }>, nextIndex = 0, ctx: AlertServices = services) {
      const now = Math.floor(Date.now() / 1000);
      const list: StopEta[] = Object.entries(etas).map(([index, e]) => ({ stopId: stops[Number(index)]!, meters: e.meters, eta: now + e.seconds }));
      return checkApproach(ctx, {
        orgId: w.school.id,
        routeId: w.route,
        runId,
        etas: list,
        nextIndex,
        stops: stops.map((id) => ({ id, lat: 4.6, lng: -74.08 })),
        position: { latitude: 4.6, longitude: -74.08, altitude: null, accuracy: 5, altitudeAccuracy: null, heading: null, speed: 8, timestamp: now, receivedAt: now },
      });
    }

    async function sendsOf(runId: number) {
      return t.db.selectFrom('transport_alert_sends').select(['person_id', 'kind']).where('org_id', '=', w.school.id).where('run_id', '=', runId).orderBy('person_id').execute();
    }

    /** Another parent of the rider, with an email address and a browser. */
    async function riderParentWith(name: string): Promise<TestPerson> {
      const parent = await t.makePerson(w.school, { relativeOf: w.rider, gender: 'female', firstName: name });
      await giveAddresses(t, parent, { email: `${name.toLowerCase()}@example.org`, language: 'en' });
      await registerBrowser(t, mailAndPush.push, parent, `${name}-${t.kind.name}`);
      return parent;
    }

    beforeAll(async () => {
      w = await makeWorld(t);
      services = { db: t.db, jobs: t.app.patio.jobs, log: t.app.log };
      // Route 1's stops come with the world; its rider gets on at the second one.
      stops = w.stops;
      const routeType = await t.db.selectFrom('node_types').select('id').where('org_id', '=', w.school.id).where('key', '=', 'route').executeTakeFirstOrThrow();
      const otherRoute = await insertNode(t.db, w.school.id, { parentId: w.tree.root, typeId: routeType.id, name: 'Route 2' });
      await insertRouteStops(t.db, w.school.id, otherRoute, [{ name: 'Otra parada', lat: 4.7, lng: -74.1 }]);
      otherRouteStop = (await t.db.selectFrom('route_stops').select('id').where('org_id', '=', w.school.id).where('node_id', '=', otherRoute).executeTakeFirstOrThrow()).id;
      await giveAddresses(t, w.riderParent, { email: 'rafael@example.org', language: 'en' });
    });

    it("starts off at the child's pickup stop (else the first stop), then keeps what the person chose", async () => {
      expect((await as(t, w.riderParent, 'GET', alertsOf(w.route))).json()).toEqual({ stopId: stops[1], meters: null, minutes: null });
      const teacher = await as(t, w.teacherA, 'GET', alertsOf(w.route));
      expect(teacher.statusCode).toBe(200);
      expect(teacher.json()).toEqual({ stopId: stops[0], meters: null, minutes: null });

      const byDistance = { stopId: stops[1], meters: 500, minutes: null };
      expect((await as(t, w.riderParent, 'PUT', alertsOf(w.route), byDistance)).json()).toEqual(byDistance);
      expect((await as(t, w.riderParent, 'GET', alertsOf(w.route))).json()).toEqual(byDistance);
      const byTime = { stopId: stops[2], meters: null, minutes: 10 };
      expect((await as(t, w.riderParent, 'PUT', alertsOf(w.route), byTime)).json()).toEqual(byTime);
      const off = { stopId: stops[2], meters: null, minutes: null };
      expect((await as(t, w.riderParent, 'PUT', alertsOf(w.route), off)).json()).toEqual(off);
      expect((await as(t, w.riderParent, 'GET', alertsOf(w.route))).json()).toEqual(off);
      // The teacher's choice is the teacher's own.
      expect((await as(t, w.teacherA, 'GET', alertsOf(w.route))).json()).toEqual({ stopId: stops[0], meters: null, minutes: null });
    });

    it('refuses bad input with 400 and keeps the saved alert', async () => {
      const saved = { stopId: stops[1], meters: 800, minutes: null };
      await as(t, w.riderParent, 'PUT', alertsOf(w.route), saved);
      const bad: unknown[] = [
        { stopId: stops[1], meters: 800, minutes: 5 },
        { stopId: stops[1], meters: 50, minutes: null },
        { stopId: stops[1], meters: 20_000, minutes: null },
        { stopId: stops[1], meters: 250.5, minutes: null },
        { stopId: stops[1], meters: null, minutes: 0 },
        { stopId: stops[1], meters: null, minutes: 61 },
        { stopId: stops[1], meters: 800 },
        { stopId: `${stops[1]}\u0000`, meters: 800, minutes: null },
        { stopId: stops[1], meters: 800, minutes: null, sound: 'bell' },
        { stopId: 0, meters: 800, minutes: null },
        [stops[1], 800, null],
      ];
      for (const body of bad) {
        const res = await as(t, w.riderParent, 'PUT', alertsOf(w.route), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      }
      const elsewhere = await as(t, w.riderParent, 'PUT', alertsOf(w.route), { stopId: otherRouteStop, meters: 300, minutes: null });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toMatchObject({ error: 'invalid_stop' });
      const nul = await t.request({
        method: 'PUT',
        url: `/api/${w.school.code}/${alertsOf(w.route)}`,
        token: await t.signIn(w.riderParent),
        headers: { 'content-type': 'application/json' },
        body: `{"stopId": ${stops[1]}, "meters": 300, "minutes": null, "note": "a\u0000b"}`,
      });
      expect(nul.statusCode).toBe(400);
      expect((await as(t, w.riderParent, 'GET', alertsOf(w.route))).json()).toEqual(saved);
    });

    it('answers only those who see the route: another parent and any other node 404, a guest 401, another school 403 and 404', async () => {
      const body = { stopId: stops[0], meters: 300, minutes: null };
      for (const method of ['GET', 'PUT'] as const) {
        expect((await as(t, w.parentA, method, alertsOf(w.route), body)).statusCode).toBe(404);
        expect((await as(t, w.admin, method, alertsOf(w.tree.classA), body)).statusCode).toBe(404);
        expect((await t.request({ method, url: `/api/${w.school.code}/${alertsOf(w.route)}`, body })).statusCode).toBe(401);
        const otherToken = await t.signIn(w.otherAdmin);
        expect((await t.request({ method, url: `/api/${w.school.code}/${alertsOf(w.route)}`, token: otherToken, body })).statusCode).toBe(403);
        expect((await t.request({ method, url: `/api/${w.otherSchool.code}/${alertsOf(w.route)}`, token: otherToken, body })).statusCode).toBe(404);
      }
      expect((await as(t, w.driver, 'PUT', alertsOf(w.route), body)).statusCode).toBe(200);
      const rows = await t.db.selectFrom('transport_alerts').select('person_id').where('org_id', '=', w.school.id).execute();
      expect(rows.map((r) => r.person_id)).not.toContain(w.parentA.id);
    });

    it('sends the approaching alert once per run when the bus comes within the distance, even with 20 reports at once from two processes', async () => {
      const browser = `rafael-${t.kind.name}`;
      await registerBrowser(t, mailAndPush.push, w.riderParent, browser);
      await as(t, w.riderParent, 'PUT', alertsOf(w.route), { stopId: stops[1], meters: 500, minutes: null });
      const run = await startRun();

      await report(run, { 1: { meters: 900, seconds: 180 }, 2: { meters: 2000, seconds: 400 } });
      await t.drainJobs();
      expect(mailsTo('rafael@example.org')).toEqual([]);
      expect(pushesTo(browser)).toEqual([]);
      expect(await sendsOf(run)).toEqual([]);

      const otherProcess: AlertServices = { ...services, db: t.db.withPlugin(passThrough) as Database };
      await Promise.all(Array.from({ length: 20 }, (_, i) => report(run, { 1: { meters: 450 - i, seconds: 90 } }, 0, i % 2 === 0 ? services : otherProcess)));
      await t.drainJobs();
      await report(run, { 1: { meters: 100, seconds: 20 } });
      await t.drainJobs();

      const mails = mailsTo('rafael@example.org');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`${w.school.title}: Route 1: the bus is approaching`);
      expect(mails[0]!.text).toContain('Calle 109');
      expect(mails[0]!.text).toContain(`See the bus on the map: http://localhost:8080/transport/routes/${w.route}/map`);
      expect(mails[0]!.text).toContain(`<a href="http://localhost:8080/transport/routes/${w.route}/map"`);
      const pushes = pushesTo(browser);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]!.urgency).toBe('high');
      expect(pushes[0]!.message).toEqual({
        title: 'Route 1: the bus is approaching',
        body: expect.stringContaining('Calle 109'),
        payload: expect.any(String),
        url: `/transport/routes/${w.route}/map`,
      });
      expect(JSON.parse((pushes[0]!.message as { payload: string }).payload)).toMatchObject({ type: 'bus_approaching', routeId: w.route, runId: run, stopId: stops[1] });
      expect(mailAndPush.push.failures).toEqual([]);
      expect(await sendsOf(run)).toEqual([{ person_id: w.riderParent.id, kind: 'approaching' }]);
      const notices = await t.db.selectFrom('notification_notices').select(['channel', 'state']).where('org_id', '=', w.school.id).where('person_id', '=', w.riderParent.id).orderBy('id').execute();
      expect(notices).toEqual([
        { channel: 'email', state: 'sent' },
        { channel: 'web', state: 'sent' },
      ]);

      // The next run alerts again.
      const next = await startRun();
      await report(next, { 1: { meters: 300, seconds: 60 } });
      await t.drainJobs();
      expect(mailsTo('rafael@example.org')).toHaveLength(2);
      expect(pushesTo(browser)).toHaveLength(2);
    });

    it('records a send once however many ask at once', async () => {
      const run = await startRun();
      const parent = await t.makePerson(w.school, { relativeOf: w.rider, firstName: 'Once' });
      const answers = await Promise.all(Array.from({ length: 20 }, () => insertAlertSends(t.db, w.school.id, run, [parent.id], 'approaching')));
      expect(answers.flat()).toEqual([parent.id]);
    });

    it('sends by time only while the stop is still ahead', async () => {
      const parent = await riderParentWith('Carla');
      await as(t, parent, 'PUT', alertsOf(w.route), { stopId: stops[2], meters: null, minutes: 5 });
      const run = await startRun();
      await report(run, { 2: { meters: 400, seconds: 600 } });
      // Past the stop (the next one is after it): nothing, however close the numbers look.
      await report(run, { 2: { meters: 10, seconds: 30 } }, 3);
      // A report without that stop's ETA says nothing about it.
      await report(run, { 1: { meters: 10, seconds: 30 } }, 1);
      await t.drainJobs();
      expect(mailsTo('carla@example.org')).toEqual([]);
      await report(run, { 2: { meters: 1500, seconds: 240 } }, 2);
      await t.drainJobs();
      expect(mailsTo('carla@example.org')).toHaveLength(1);
      expect(mailsTo('carla@example.org')[0]!.text).toContain('It should reach Calle 118 in about 4 min (1.5 km away).');
    });

    it("follows each person's channels, and neither quiet hours nor the digest hold it back", async () => {
      const noEmail = await riderParentWith('Nora');
      const settings = (await as(t, noEmail, 'GET', `people/${noEmail.id}/settings/notifications`)).json();
      await as(t, noEmail, 'PUT', `people/${noEmail.id}/settings/notifications`, { ...settings, channels: { ...settings.channels, email: false } });
      const sleeping = await riderParentWith('Quieta');
      await as(t, sleeping, 'PUT', `people/${sleeping.id}/settings/notifications`, { ...settings, quietHours: { start: localTime(-60), end: localTime(60) }, digest: true });
      await giveAddresses(t, sleeping, { language: 'es' });
      for (const person of [noEmail, sleeping]) await as(t, person, 'PUT', alertsOf(w.route), { stopId: stops[1], meters: 1000, minutes: null });

      const run = await startRun();
      await report(run, { 1: { meters: 600, seconds: 120 } });
      await t.drainJobs();
      expect(mailsTo('nora@example.org')).toEqual([]);
      expect(pushesTo(`Nora-${t.kind.name}`)).toHaveLength(1);
      expect(mailsTo('quieta@example.org').map((m) => m.subject)).toEqual([`${w.school.title}: Route 1: el bus se acerca`]);
      expect(pushesTo(`Quieta-${t.kind.name}`)).toHaveLength(1);
    });

    it('never alerts someone who does not see the route', async () => {
      await giveAddresses(t, w.parentA, { email: 'pablo@example.org' });
      await t.db.insertInto('transport_alerts').values({ org_id: w.school.id, person_id: w.parentA.id, node_id: w.route, stop_id: stops[1]!, meters: 5000, minutes: null, updated_at: new Date().toISOString() }).execute();
      forgetRouteAlerts(t.db, w.school.id, w.route);
      const run = await startRun();
      await report(run, { 1: { meters: 100, seconds: 30 } });
      await t.drainJobs();
      expect(mailsTo('pablo@example.org')).toEqual([]);
      expect((await sendsOf(run)).map((s) => s.person_id)).not.toContain(w.parentA.id);
      await t.db.deleteFrom('transport_alerts').where('org_id', '=', w.school.id).where('person_id', '=', w.parentA.id).execute();
      forgetRouteAlerts(t.db, w.school.id, w.route);
    });

    it("tells the riders' parents once per run that the bus is late, and no other parent", async () => {
      await giveAddresses(t, w.parentA, { email: 'pablo@example.org' });
      await giveAddresses(t, w.parentB, { email: 'berta@example.org', language: 'es' });
      // Student B rides too (a route_riders row, no membership of the route).
      await t.db.insertInto('route_riders').values({ org_id: w.school.id, node_id: w.route, person_id: w.studentB.id, pickup_stop_id: stops[0]!, dropoff_stop_id: null }).execute();
      const run = await startRun();
      const input = { orgId: w.school.id, routeId: w.route, runId: run, minutes: 15, stopId: stops[1]! };

      const told = await noticeDelay(services, input);
      expect(told).toBeGreaterThanOrEqual(2);
      expect(await noticeDelay(services, { ...input, minutes: 25 })).toBe(0);
      await t.drainJobs();
      expect(mailsTo('rafael@example.org').map((m) => m.subject)).toEqual([`${w.school.title}: Route 1: the bus is running late`]);
      expect(mailsTo('rafael@example.org')[0]!.text).toContain('It is running about 15 min late, near Calle 109.');
      expect(mailsTo('berta@example.org').map((m) => m.subject)).toEqual([`${w.school.title}: Route 1: el bus va con retraso`]);
      expect(mailsTo('pablo@example.org')).toEqual([]);
      const sends = await sendsOf(run);
      expect(sends).toHaveLength(told);
      expect(sends.every((s) => s.kind === 'delayed')).toBe(true);
      expect(sends.map((s) => s.person_id)).toEqual(expect.arrayContaining([w.riderParent.id, w.parentB.id]));
      expect(sends.map((s) => s.person_id)).not.toContain(w.parentA.id);
      expect(sends.map((s) => s.person_id)).not.toContain(w.rider.id);

      // A run of another route is not this route's: nobody is told.
      const routeType = await t.db.selectFrom('node_types').select('id').where('org_id', '=', w.school.id).where('key', '=', 'route').executeTakeFirstOrThrow();
      const other = await insertNode(t.db, w.school.id, { parentId: w.tree.root, typeId: routeType.id, name: 'Route 3' });
      expect(await noticeDelay(services, { ...input, runId: await startRun(other) })).toBe(0);
      await t.db.deleteFrom('route_riders').where('org_id', '=', w.school.id).where('person_id', '=', w.studentB.id).execute();
    });

    it("never tells a rider's relative whose registration is not approved that the bus is late", async () => {
      const pending = await makeRegistrant(t, w.school, { firstName: 'Petra' });
      const rejected = await makeRegistrant(t, w.school, { firstName: 'Rocio', status: 'rejected' });
      for (const relative of [pending, rejected]) {
        await t.db.insertInto('relationships').values({ org_id: w.school.id, person_id: w.rider.id, relative_id: relative.id, kind: 'mother', created_at: new Date().toISOString() }).execute();
      }
      const run = await startRun();
      const told = await noticeDelay(services, { orgId: w.school.id, routeId: w.route, runId: run, minutes: 10, stopId: stops[1]! });
      const sends = (await sendsOf(run)).map((s) => s.person_id);
      expect(told).toBe(sends.length);
      expect(sends).toContain(w.riderParent.id);
      expect(sends).not.toContain(pending.id);
      expect(sends).not.toContain(rejected.id);
      await t.db.deleteFrom('relationships').where('org_id', '=', w.school.id).where('relative_id', 'in', [pending.id, rejected.id]).execute();
    });
  },
  mailAndPush.config,
);
