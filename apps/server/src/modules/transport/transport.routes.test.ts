import { ZRouteLogEntry, ZTransportRoute } from '@patio/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { endRunsOf, freshRun } from './transport.fixtures';
import { upsertRouteRider } from './transport.queries';

// Routes, runs and the route log over HTTP (issue 13 §1–2): who sees a route and what of it, one run
// at a time however many start at once, rider marks and delays, and what families read of the log.
describeOnDatabases('transport: routes, runs and log', (t) => {
  let w: World;
  let base: string;
  /** A second rider of route 1 (getting on at the third stop) and her mother. */
  let rider2: TestPerson;
  let rider2Mother: TestPerson;

  const get = async (person: TestPerson | null, path: string) => t.request({ method: 'GET', url: `${base}/${path}`, token: person ? await t.signIn(person) : undefined });
  const post = async (person: TestPerson, path: string, body?: unknown) => t.request({ method: 'POST', url: `${base}/${path}`, token: await t.signIn(person), body });

  beforeAll(async () => {
    w = await makeWorld(t);
    base = `/api/${w.school.code}`;
    rider2 = await t.makePerson(w.school, { firstName: 'Sofía' });
    rider2Mother = await t.makePerson(w.school, { relativeOf: rider2, gender: 'female', firstName: 'Sara' });
    // A rider by route_riders row alone (no membership of the route node).
    await upsertRouteRider(t.db, w.school.id, { nodeId: w.route, personId: rider2.id, pickupStopId: w.stops[2], dropoffStopId: w.stops[3] });
  });

  describe('who sees a route', () => {
    it('lists it, with every rider, for staff (teachers too), its driver and school-wide employees', async () => {
      for (const person of [w.admin, w.teacherA, w.teacherB, w.employee, w.driver]) {
        const res = await get(person, 'transport/routes');
        expect(res.statusCode, person.firstName).toBe(200);
        expect(res.headers['x-total-count']).toBe('1');
        const [route] = ZTransportRoute.array().parse(res.json());
        expect(route).toMatchObject({ id: w.route, name: 'Route 1', vehicle: 'Bus 1 (ABC-123)', targetId: w.targetId, driver: { id: w.driver.id } });
        expect(route.riders.map((r) => r.person.id).sort()).toEqual([w.rider.id, rider2.id].sort());
        expect(route.stops.map((s) => s.scheduledTime)).toEqual(['06:10', '06:20', '06:30', '06:40']);
        expect(route.stops.every((s) => s.eta === null && !s.reached)).toBe(true);
      }
    });

    it("shows a family its own rider, its stops as `mine`, and lets it share but not drive", async () => {
      const res = await get(w.riderParent, `transport/routes/${w.route}`);
      expect(res.statusCode).toBe(200);
      const route = ZTransportRoute.parse(res.json());
      expect(route.riders).toEqual([{ person: { id: w.rider.id, name: expect.stringContaining('Rita') }, pickupStopId: w.stops[1], dropoffStopId: w.stops[3], state: 'waiting' }]);
      expect(route.stops.filter((s) => s.mine).map((s) => s.id)).toEqual([w.stops[1], w.stops[3]]);
      expect(route).toMatchObject({ canDrive: false, canShare: true });
      // The rider herself, and a rider by route_riders row and her mother.
      for (const person of [w.rider, rider2, rider2Mother]) expect((await get(person, `transport/routes/${w.route}`)).statusCode, person.firstName).toBe(200);
      const mother = ZTransportRoute.parse((await get(rider2Mother, `transport/routes/${w.route}`)).json());
      expect(mother.riders.map((r) => r.person.id)).toEqual([rider2.id]);
    });

    it('tells drivers, teachers and administrators apart in canDrive and canShare', async () => {
      const rights = async (p: TestPerson) => {
        const route = ZTransportRoute.parse((await get(p, `transport/routes/${w.route}`)).json());
        return { canDrive: route.canDrive, canShare: route.canShare };
      };
      expect(await rights(w.driver)).toEqual({ canDrive: true, canShare: false });
      expect(await rights(w.teacherA)).toEqual({ canDrive: false, canShare: true });
      expect(await rights(w.admin)).toEqual({ canDrive: true, canShare: true });
      expect(await rights(w.employee)).toEqual({ canDrive: true, canShare: true });
    });

    it('is nobody else’s: a family of no rider, another school, guests, a pending registration', async () => {
      expect((await get(w.parentA, `transport/routes/${w.route}`)).statusCode).toBe(404);
      expect((await get(w.studentA, `transport/routes/${w.route}`)).statusCode).toBe(404);
      const list = await get(w.parentA, 'transport/routes');
      expect(list.json()).toEqual([]);
      expect(list.headers['x-total-count']).toBe('0');
      expect((await get(null, `transport/routes/${w.route}`)).statusCode).toBe(401);
      const norte = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/transport/routes/${w.route}`, token: await t.signIn(w.otherAdmin) });
      expect(norte.statusCode).toBe(404);
      const norteList = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/transport/routes`, token: await t.signIn(w.otherAdmin) });
      expect(norteList.json()).toEqual([]);
      const crossToken = await t.request({ method: 'GET', url: `${base}/transport/routes/${w.route}`, token: await t.signIn(w.otherAdmin) });
      expect(crossToken.statusCode).toBe(403);
      // A registrant whose child would ride the route, before approval.
      const registrant = await makeRegistrant(t, w.school);
      await t.relate(registrant, w.rider);
      expect((await get(registrant, `transport/routes/${w.route}`)).statusCode).toBe(403);
      expect((await get(registrant, `transport/routes/${w.route}`)).json().error).toBe('registration_pending');
      // A node that is no route.
      expect((await get(w.admin, `transport/routes/${w.tree.classA}`)).statusCode).toBe(404);
    });
  });

  describe('runs', () => {
    it('starts one run however many start at once, and finishes it once', async () => {
      await endRunsOf(t, w);
      const token = await t.signIn(w.driver);
      const starts = await Promise.all(
        Array.from({ length: 20 }, () => t.request({ method: 'POST', url: `${base}/transport/routes/${w.route}/runs`, token })),
      );
      const created = starts.filter((r) => r.statusCode === 201);
      expect(created).toHaveLength(1);
      expect(starts.filter((r) => r.statusCode === 409).every((r) => r.json().error === 'run_in_progress')).toBe(true);
      expect(starts.filter((r) => r.statusCode === 409)).toHaveLength(19);
      const runId = created[0].json().id as number;

      const route = ZTransportRoute.parse((await get(w.riderParent, `transport/routes/${w.route}`)).json());
      expect(route.run).toMatchObject({ id: runId, finishedAt: null, startedBy: { id: w.driver.id } });

      const finishes = await Promise.all(
        Array.from({ length: 20 }, () => t.request({ method: 'POST', url: `${base}/transport/routes/${w.route}/runs/${runId}/finish`, token })),
      );
      expect(finishes.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(finishes.filter((r) => r.statusCode === 409).every((r) => r.json().error === 'run_finished')).toBe(true);
      const finished = finishes.find((r) => r.statusCode === 200)!.json();
      expect(finished).toMatchObject({ id: runId, startedBy: { id: w.driver.id } });
      expect(finished.finishedAt).toBeGreaterThanOrEqual(finished.startedAt);
      // The finished run stays on the route (families read when it ended), with no ETAs left.
      const after = ZTransportRoute.parse((await get(w.driver, `transport/routes/${w.route}`)).json());
      expect(after.run).toMatchObject({ id: runId, finishedAt: finished.finishedAt });
      expect(after.stops.every((s) => s.eta === null && s.meters === null)).toBe(true);

      const log = ZRouteLogEntry.array().parse((await get(w.driver, `transport/routes/${w.route}/log?runId=${runId}`)).json());
      expect(log.map((e) => e.kind)).toEqual(['finished', 'started']);
      expect(log[1].actor).toMatchObject({ id: w.driver.id });
    });

    it('is for the crew, administrators and school-wide employees: teachers and families may not', async () => {
      await endRunsOf(t, w);
      expect((await post(w.teacherA, `transport/routes/${w.route}/runs`)).statusCode).toBe(403);
      expect((await post(w.riderParent, `transport/routes/${w.route}/runs`)).statusCode).toBe(403);
      expect((await post(w.parentA, `transport/routes/${w.route}/runs`)).statusCode).toBe(404);
      for (const person of [w.admin, w.employee]) {
        await endRunsOf(t, w);
        expect((await post(person, `transport/routes/${w.route}/runs`)).statusCode, person.firstName).toBe(201);
      }
      // A monitor who is nothing else in the school.
      const monitor = await t.makePerson(w.school, { firstName: 'Mónica' });
      await t.db.updateTable('transport_routes').set({ monitor_id: monitor.id }).where('org_id', '=', w.school.id).where('node_id', '=', w.route).execute();
      await endRunsOf(t, w);
      const started = await post(monitor, `transport/routes/${w.route}/runs`);
      expect(started.statusCode).toBe(201);
      expect((await post(monitor, `transport/routes/${w.route}/runs/${started.json().id}/finish`)).statusCode).toBe(200);
      await t.db.updateTable('transport_routes').set({ monitor_id: null }).where('org_id', '=', w.school.id).where('node_id', '=', w.route).execute();
    });

    it('answers 404 for the run of another route and 409 for a finished one', async () => {
      const runId = await freshRun(t, w);
      expect((await post(w.driver, `transport/routes/${w.route}/runs/${runId + 1000}/finish`)).statusCode).toBe(404);
      expect((await post(w.driver, `transport/routes/${w.route}/runs/${runId}/finish`)).statusCode).toBe(200);
      const again = await post(w.driver, `transport/routes/${w.route}/runs/${runId}/finish`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('run_finished');
    });
  });

  describe('rider marks, delays and the log', () => {
    it('marks riders of the route once per run, refuses others, and only while the run is on', async () => {
      const runId = await freshRun(t, w);
      const path = `transport/routes/${w.route}/runs/${runId}/events`;
      const boarded = await post(w.driver, path, { kind: 'boarded', personId: w.rider.id, stopId: w.stops[1] });
      expect(boarded.statusCode).toBe(201);
      expect(ZRouteLogEntry.parse(boarded.json())).toMatchObject({ kind: 'boarded', person: { id: w.rider.id }, stop: { id: w.stops[1], name: 'Calle 109' }, actor: { id: w.driver.id } });
      const twice = await post(w.driver, path, { kind: 'boarded', personId: w.rider.id, stopId: w.stops[1] });
      expect(twice.json().id).toBe(boarded.json().id);
      expect((await post(w.driver, path, { kind: 'boarded', personId: rider2.id })).statusCode).toBe(201);

      const notRider = await post(w.driver, path, { kind: 'boarded', personId: w.studentA.id });
      expect(notRider.statusCode).toBe(400);
      expect(notRider.json().error).toBe('not_a_rider');
      const notStop = await post(w.driver, path, { kind: 'dropped', personId: w.rider.id, stopId: 999_999 });
      expect(notStop.json().error).toBe('not_a_stop');
      expect((await post(w.driver, path, { kind: 'delayed', minutes: 0 })).statusCode).toBe(400);
      expect((await post(w.driver, path, { kind: 'boarded' })).statusCode).toBe(400);
      expect((await post(w.teacherA, path, { kind: 'delayed', minutes: 5 })).statusCode).toBe(403);
      const delayed = await post(w.driver, path, { kind: 'delayed', minutes: 10 });
      expect(delayed.json()).toMatchObject({ kind: 'delayed', minutes: 10 });

      const route = ZTransportRoute.parse((await get(w.driver, `transport/routes/${w.route}`)).json());
      expect(route.riders.find((r) => r.person.id === w.rider.id)?.state).toBe('boarded');
      expect(route.riders.find((r) => r.person.id === rider2.id)?.state).toBe('boarded');

      expect((await post(w.driver, `transport/routes/${w.route}/runs/${runId}/finish`)).statusCode).toBe(200);
      const late = await post(w.driver, path, { kind: 'dropped', personId: w.rider.id });
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe('run_not_running');
    });

    it("shows families every entry but other children's boarding", async () => {
      const runId = await freshRun(t, w);
      const path = `transport/routes/${w.route}/runs/${runId}/events`;
      await post(w.driver, path, { kind: 'boarded', personId: w.rider.id });
      await post(w.driver, path, { kind: 'boarded', personId: rider2.id });
      await post(w.driver, path, { kind: 'delayed', minutes: 7 });
      const kindsFor = async (p: TestPerson) => {
        const entries = ZRouteLogEntry.array().parse((await get(p, `transport/routes/${w.route}/log?runId=${runId}`)).json());
        return entries.map((e) => (e.person ? `${e.kind}:${e.person.id}` : e.kind));
      };
      expect(await kindsFor(w.driver)).toEqual(['delayed', `boarded:${rider2.id}`, `boarded:${w.rider.id}`, 'started']);
      expect(await kindsFor(w.teacherB)).toEqual(['delayed', `boarded:${rider2.id}`, `boarded:${w.rider.id}`, 'started']);
      expect(await kindsFor(w.riderParent)).toEqual(['delayed', `boarded:${w.rider.id}`, 'started']);
      expect(await kindsFor(rider2Mother)).toEqual(['delayed', `boarded:${rider2.id}`, 'started']);
      expect(await kindsFor(rider2)).toEqual(['delayed', `boarded:${rider2.id}`, 'started']);
      expect((await get(w.parentA, `transport/routes/${w.route}/log`)).statusCode).toBe(404);
    });

    it('pages the log, newest first, with the total in X-Total-Count', async () => {
      const all = await get(w.admin, `transport/routes/${w.route}/log?limit=100`);
      const total = Number(all.headers['x-total-count']);
      expect(total).toBe(all.json().length);
      const page2 = await get(w.admin, `transport/routes/${w.route}/log?limit=2&page=2`);
      expect(page2.json().map((e: { id: number }) => e.id)).toEqual(all.json().slice(2, 4).map((e: { id: number }) => e.id));
      expect(page2.headers['x-total-count']).toBe(String(total));
      expect((await get(w.admin, `transport/routes/${w.route}/log?runId=abc`)).statusCode).toBe(400);
    });
  });

  describe('geo targets and the feed', () => {
    it('lists the buses of the routes the caller sees, with canReport for the crew', async () => {
      const driver = (await get(w.driver, 'geo/targets')).json();
      expect(driver).toEqual([expect.objectContaining({ id: w.targetId, routeId: w.route, name: 'Bus Route 1', canReport: true, enabled: true })]);
      expect((await get(w.admin, 'geo/targets')).json()).toEqual([expect.objectContaining({ id: w.targetId, canReport: false })]);
      expect((await get(w.parentA, 'geo/targets')).json()).toEqual([]);
      expect((await get(w.riderParent, `geo/targets/${w.targetId}`)).statusCode).toBe(200);
      expect((await get(w.parentA, `geo/targets/${w.targetId}`)).statusCode).toBe(404);
    });

    it("answers the caller's own feed only", async () => {
      await freshRun(t, w);
      const feed = await get(w.riderParent, `people/${w.riderParent.id}/geo/feed`);
      expect(feed.statusCode).toBe(200);
      expect(feed.json()).toEqual([{ target: { id: w.targetId, name: 'Bus Route 1', routeId: w.route }, position: null, running: true }]);
      expect((await get(w.parentA, `people/${w.parentA.id}/geo/feed`)).json()).toEqual([]);
      expect((await get(w.parentA, `people/${w.riderParent.id}/geo/feed`)).statusCode).toBe(403);
      await endRunsOf(t, w);
      expect((await get(w.riderParent, `people/${w.riderParent.id}/geo/feed`)).json()[0].running).toBe(false);
    });
  });
});
