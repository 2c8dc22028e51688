import { ZRouteLogEntry, ZRouteSetup, ZTransportRoute, type RouteStopInput } from '@patio/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { insertNode } from '../nodes/nodes.queries';
import { endRunsOf, nextReportTime, postReport, reportAt } from './transport.fixtures';
import { insertLogEntry } from './transport.queries';

// Administrators set a route up over HTTP (issue 13): its crew, which the position ingest follows at
// once; its stops as one whole list, never while a run is on nor under a rider's feet; its riders.
describeOnDatabases('transport: route setup', (t) => {
  let w: World;
  let base: string;

  const call = async (person: TestPerson, method: 'GET' | 'PUT' | 'DELETE' | 'POST', path: string, body?: unknown) =>
    t.request({ method, url: `${base}/${path}`, token: await t.signIn(person), body });
  const setupOf = async (route: number) => ZRouteSetup.parse((await call(w.admin, 'GET', `transport/routes/${route}/setup`)).json());
  const putStops = (route: number, stops: RouteStopInput[], person = w.admin) => call(person, 'PUT', `transport/routes/${route}/stops`, { stops });
  const stop = (name: string, id: number | null = null, lat = 4.7, lng = -74.05): RouteStopInput => ({ id, name, lat, lng, scheduledTime: null });
  /** A new route node of the world's school, with no setup at all. */
  const makeRoute = async (name: string) => {
    const type = await t.db.selectFrom('node_types').select('id').where('org_id', '=', w.school.id).where('key', '=', 'route').executeTakeFirstOrThrow();
    return insertNode(t.db, w.school.id, { parentId: w.tree.root, typeId: type.id, name, position: 20 });
  };

  beforeAll(async () => {
    w = await makeWorld(t);
    base = `/api/${w.school.code}`;
  });

  describe('crew', () => {
    it('sets the vehicle, driver and monitor, and the ingest follows the new driver at once', async () => {
      await endRunsOf(t, w);
      const xavier = await t.makePerson(w.school, { firstName: 'Xavier', gender: 'male' });
      const yolanda = await t.makePerson(w.school, { firstName: 'Yolanda' });
      const monitor = await t.makePerson(w.school, { firstName: 'Mónica' });
      const crew = (driverId: number | null, monitorId: number | null = null) => call(w.admin, 'PUT', `transport/routes/${w.route}/crew`, { vehicle: ' Bus 2 (XYZ-987) ', driverId, monitorId });

      const set = await crew(xavier.id, monitor.id);
      expect(set.statusCode, set.body).toBe(200);
      expect(ZRouteSetup.parse(set.json())).toMatchObject({ vehicle: 'Bus 2 (XYZ-987)', driver: { id: xavier.id }, monitor: { id: monitor.id } });
      const route = ZTransportRoute.parse((await call(w.admin, 'GET', `transport/routes/${w.route}`)).json());
      expect(route).toMatchObject({ vehicle: 'Bus 2 (XYZ-987)', driver: { id: xavier.id, name: expect.stringContaining('Xavier') }, monitor: { id: monitor.id } });

      // The new driver starts a run and reports; taken off, their next report is refused at once.
      const run = await call(xavier, 'POST', `transport/routes/${w.route}/runs`);
      expect(run.statusCode, run.body).toBe(201);
      expect((await postReport(t, w, xavier, reportAt(4.686, -74.05, nextReportTime()))).statusCode).toBe(201);
      expect((await crew(yolanda.id)).statusCode).toBe(200);
      const refused = await postReport(t, w, xavier, reportAt(4.687, -74.05, nextReportTime()));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('not_route_device');
      expect((await postReport(t, w, monitor, reportAt(4.687, -74.05, nextReportTime()))).statusCode).toBe(403);
      expect((await postReport(t, w, yolanda, reportAt(4.688, -74.05, nextReportTime()))).statusCode).toBe(201);
      // The world's driver is an employee of the route node: crew whatever transport_routes says.
      expect((await postReport(t, w, w.driver, reportAt(4.689, -74.05, nextReportTime()))).statusCode).toBe(201);

      await endRunsOf(t, w);
      expect((await call(w.admin, 'PUT', `transport/routes/${w.route}/crew`, { vehicle: 'Bus 1 (ABC-123)', driverId: w.driver.id, monitorId: null })).statusCode).toBe(200);
    });

    it('refuses a driver who is the monitor, and people who are nobody to the school', async () => {
      const path = `transport/routes/${w.route}/crew`;
      const same = await call(w.admin, 'PUT', path, { vehicle: 'Bus', driverId: w.employee.id, monitorId: w.employee.id });
      expect(same.statusCode).toBe(400);
      expect(same.json().error).toBe('driver_is_monitor');
      const registrant = await makeRegistrant(t, w.school);
      for (const id of [w.otherAdmin.id, registrant.id, 999_999]) {
        const res = await call(w.admin, 'PUT', path, { vehicle: 'Bus', driverId: w.driver.id, monitorId: id });
        expect(res.statusCode, String(id)).toBe(400);
        expect(res.json()).toMatchObject({ error: 'invalid_person', message: expect.any(String) });
      }
      expect(await setupOf(w.route)).toMatchObject({ vehicle: 'Bus 1 (ABC-123)', driver: { id: w.driver.id }, monitor: null });
    });
  });

  describe('stops', () => {
    it('replaces the list keeping ids, reordering, adding and removing, with the alerts on removed stops and a log that still reads', async () => {
      const route = await makeRoute('Route 2');
      const first = await putStops(route, [stop('Alfa', null, 4.70), stop('Bravo', null, 4.71), { ...stop('Charlie', null, 4.72), scheduledTime: '07:05' }]);
      expect(first.statusCode, first.body).toBe(200);
      const created = ZRouteSetup.parse(first.json());
      expect(created).toMatchObject({ vehicle: '', driver: null, running: false });
      expect(created.stops.map((s) => [s.position, s.name, s.scheduledTime])).toEqual([[1, 'Alfa', null], [2, 'Bravo', null], [3, 'Charlie', '07:05']]);
      const [a, b, c] = created.stops.map((s) => s.id);

      // An alert on Bravo and a log entry naming it, on a finished run.
      expect((await call(w.admin, 'PUT', `transport/routes/${route}/alerts`, { stopId: b, meters: 300, minutes: null })).statusCode).toBe(200);
      const runId = (await call(w.admin, 'POST', `transport/routes/${route}/runs`)).json().id as number;
      await insertLogEntry(t.db, w.school.id, { nodeId: route, runId, kind: 'stop_reached', at: new Date().toISOString(), stopId: b });
      expect((await call(w.admin, 'POST', `transport/routes/${route}/runs/${runId}/finish`)).statusCode).toBe(200);

      const next = await putStops(route, [stop('Charlie Norte', c, 4.725), stop('Alfa', a, 4.70), stop('Delta', null, 4.73)]);
      expect(next.statusCode, next.body).toBe(200);
      const stops = ZRouteSetup.parse(next.json()).stops;
      expect(stops.map((s) => [s.position, s.name])).toEqual([[1, 'Charlie Norte'], [2, 'Alfa'], [3, 'Delta']]);
      expect(stops.slice(0, 2).map((s) => s.id)).toEqual([c, a]);
      expect(stops[0]).toMatchObject({ lat: 4.725, scheduledTime: null });
      expect([a, b, c]).not.toContain(stops[2].id);
      // Families read the same list.
      const read = ZTransportRoute.parse((await call(w.admin, 'GET', `transport/routes/${route}`)).json());
      expect(read.stops.map((s) => s.id)).toEqual(stops.map((s) => s.id));

      const alerts = await t.db.selectFrom('transport_alerts').select('stop_id').where('org_id', '=', w.school.id).where('node_id', '=', route).execute();
      expect(alerts).toEqual([]);
      const log = ZRouteLogEntry.array().parse((await call(w.admin, 'GET', `transport/routes/${route}/log?runId=${runId}`)).json());
      expect(log.map((e) => [e.kind, e.stop])).toEqual([['finished', null], ['stop_reached', null], ['started', null]]);

      expect(ZRouteSetup.parse((await putStops(route, [])).json()).stops).toEqual([]);
    });

    it('refuses to remove a stop where a rider gets on or off, and changes nothing', async () => {
      const before = await setupOf(w.route);
      expect(before.stops.map((s) => s.riders)).toEqual([0, 1, 0, 1]);
      const withoutSecond = before.stops.filter((_, i) => i !== 1).map((s) => stop(s.name, s.id, s.lat, s.lng));
      const res = await putStops(w.route, [...withoutSecond, stop('Calle 134')]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'stop_in_use', message: expect.stringContaining('1 rider') });
      expect(await setupOf(w.route)).toEqual(before);
    });

    it('refuses a new list while a run is on, and takes it once the run has finished', async () => {
      const route = await makeRoute('Route 3');
      const stops = ZRouteSetup.parse((await putStops(route, [stop('Uno'), stop('Dos')])).json()).stops;
      const runId = (await call(w.admin, 'POST', `transport/routes/${route}/runs`)).json().id as number;
      expect((await setupOf(route)).running).toBe(true);
      const refused = await putStops(route, [stop('Dos', stops[1].id), stop('Uno', stops[0].id)]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('run_in_progress');
      expect((await setupOf(route)).stops.map((s) => s.name)).toEqual(['Uno', 'Dos']);
      // The route's run slot is free again: the run finishes, another may start after the change.
      expect((await call(w.admin, 'POST', `transport/routes/${route}/runs/${runId}/finish`)).statusCode).toBe(200);
      expect((await putStops(route, [stop('Dos', stops[1].id), stop('Uno', stops[0].id)])).statusCode).toBe(200);
      expect((await setupOf(route)).stops.map((s) => s.name)).toEqual(['Dos', 'Uno']);
      expect((await call(w.admin, 'POST', `transport/routes/${route}/runs`)).statusCode).toBe(201);
      await endRunsOf(t, w, route);
    });

    it('orders runs and new lists sent at once: one run, each list before it or refused', async () => {
      const route = await makeRoute('Route 3b');
      const stops = ZRouteSetup.parse((await putStops(route, [stop('Uno'), stop('Dos')])).json()).stops;
      const lists = [
        [stop('Dos', stops[1].id), stop('Uno', stops[0].id)],
        [stop('Uno', stops[0].id), stop('Dos', stops[1].id)],
      ];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? call(w.admin, 'POST', `transport/routes/${route}/runs`) : putStops(route, lists[i % 4 === 1 ? 0 : 1]))),
      );
      const runs = answers.filter((_, i) => i % 2 === 0);
      const puts = answers.filter((_, i) => i % 2 === 1);
      expect(runs.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(runs.filter((r) => r.statusCode !== 201).map((r) => r.json().error)).toEqual(Array(9).fill('run_in_progress'));
      for (const put of puts) expect([200, 409], put.body).toContain(put.statusCode);
      expect(puts.filter((r) => r.statusCode === 409).map((r) => r.json().error)).toEqual(Array(puts.filter((r) => r.statusCode === 409).length).fill('run_in_progress'));
      const now = await setupOf(route);
      expect(now.running).toBe(true);
      expect(now.stops.map((s) => s.position)).toEqual([1, 2]);
      await endRunsOf(t, w, route);
    });

    it("refuses another route's stop and a stop given twice", async () => {
      const route = await makeRoute('Route 4');
      const [own] = ZRouteSetup.parse((await putStops(route, [stop('Solo')])).json()).stops;
      const foreign = await putStops(route, [stop('Solo', own.id), stop('Calle 100', w.stops[0])]);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error).toBe('not_a_stop');
      const twice = await putStops(route, [stop('Solo', own.id), stop('Otra vez', own.id)]);
      expect(twice.json().error).toBe('not_a_stop');
      expect((await setupOf(route)).stops.map((s) => [s.id, s.name])).toEqual([[own.id, 'Solo']]);
      expect((await setupOf(w.route)).stops.map((s) => s.id)).toEqual(w.stops);
    });

    it('makes one list of twenty identical lists sent at once', async () => {
      const route = await makeRoute('Route 5');
      const kept = ZRouteSetup.parse((await putStops(route, [stop('Este'), stop('Oeste')])).json()).stops;
      const body = [stop('Oeste', kept[1].id), stop('Nuevo'), stop('Este', kept[0].id)];
      const answers = await Promise.all(Array.from({ length: 20 }, () => putStops(route, body)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const final = (await setupOf(route)).stops;
      expect(final.map((s) => [s.position, s.name])).toEqual([[1, 'Oeste'], [2, 'Nuevo'], [3, 'Este']]);
      expect([final[0].id, final[2].id]).toEqual([kept[1].id, kept[0].id]);
      const rows = await t.db.selectFrom('route_stops').select('id').where('org_id', '=', w.school.id).where('node_id', '=', route).execute();
      expect(rows).toHaveLength(3);
    });

    it('refuses bad input with {error, message} and writes nothing', async () => {
      const before = await setupOf(w.route);
      const kept = before.stops.map((s) => stop(s.name, s.id, s.lat, s.lng));
      const bad: [unknown, number][] = [
        [{ stops: [...kept, stop('Calle\u0000 140')] }, 400],
        [{ stops: [...kept, stop('Polo', null, 91)] }, 400],
        [{ stops: [...kept, stop('Polo', null, 4.7, -181)] }, 400],
        [{ stops: [...kept, stop('   ')] }, 400],
        [{ stops: [...kept, { ...stop('Hora'), scheduledTime: '25:00' }] }, 400],
        [{ stops: Array.from({ length: 101 }, (_, i) => stop(`Parada ${i}`)) }, 400],
        [{ stops: kept, extra: true }, 400],
        [{ stops: [...kept, stop('x'.repeat(10 * 1024 * 1024))] }, 413],
      ];
      for (const [body, status] of bad) {
        const res = await call(w.admin, 'PUT', `transport/routes/${w.route}/stops`, body);
        expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
        expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      }
      expect(await setupOf(w.route)).toEqual(before);
    });
  });

  describe('riders', () => {
    it('sets and removes where riders get on and off; current students of the route stay riders', async () => {
      const route = await makeRoute('Route 6');
      const [a, b] = ZRouteSetup.parse((await putStops(route, [stop('Norte'), stop('Sur')])).json()).stops.map((s) => s.id);
      const member = await t.makePerson(w.school, { role: 'student', node: route, firstName: 'Mateo', gender: 'male' });
      const guest = await t.makePerson(w.school, { firstName: 'Gina' });
      expect((await setupOf(route)).riders).toEqual([{ person: { id: member.id, name: expect.stringContaining('Mateo') }, pickupStopId: null, dropoffStopId: null, member: true }]);

      const put = (person: number, body: unknown) => call(w.admin, 'PUT', `transport/routes/${route}/riders/${person}`, body);
      expect((await put(guest.id, { pickupStopId: a, dropoffStopId: b })).statusCode).toBe(200);
      const set = ZRouteSetup.parse((await put(member.id, { pickupStopId: b, dropoffStopId: null })).json());
      expect(set.riders.map((r) => [r.person.id, r.pickupStopId, r.dropoffStopId, r.member]).sort()).toEqual(
        [[guest.id, a, b, false], [member.id, b, null, true]].sort(),
      );
      expect(set.stops.map((s) => s.riders)).toEqual([1, 2]);
      // A rider by row alone now sees the route.
      expect((await call(guest, 'GET', `transport/routes/${route}`)).statusCode).toBe(200);

      const foreignStop = await put(guest.id, { pickupStopId: w.stops[0], dropoffStopId: null });
      expect(foreignStop.json().error).toBe('not_a_stop');
      const norte = await put(w.otherAdmin.id, { pickupStopId: a, dropoffStopId: null });
      expect(norte.statusCode).toBe(400);
      expect(norte.json().error).toBe('invalid_person');

      const removeOf = (person: number) => call(w.admin, 'DELETE', `transport/routes/${route}/riders/${person}`);
      expect((await removeOf(guest.id)).statusCode).toBe(200);
      const after = ZRouteSetup.parse((await removeOf(member.id)).json());
      expect(after.riders).toEqual([{ person: { id: member.id, name: expect.any(String) }, pickupStopId: null, dropoffStopId: null, member: true }]);
      expect((await removeOf(guest.id)).statusCode).toBe(404);
      expect((await call(guest, 'GET', `transport/routes/${route}`)).statusCode).toBe(404);
    });
  });

  describe('who', () => {
    it('is for administrators: staff, crew and families who see the route 403, the rest 404, another school 404', async () => {
      const paths: ['GET' | 'PUT' | 'DELETE', string, unknown][] = [
        ['GET', `transport/routes/${w.route}/setup`, undefined],
        ['PUT', `transport/routes/${w.route}/crew`, { vehicle: 'Bus', driverId: null, monitorId: null }],
        ['PUT', `transport/routes/${w.route}/stops`, { stops: [] }],
        ['PUT', `transport/routes/${w.route}/riders/${w.rider.id}`, { pickupStopId: null, dropoffStopId: null }],
        ['DELETE', `transport/routes/${w.route}/riders/${w.rider.id}`, undefined],
      ];
      const before = await setupOf(w.route);
      for (const [method, path, body] of paths) {
        for (const person of [w.teacherA, w.driver, w.employee, w.riderParent, w.rider]) expect((await call(person, method, path, body)).statusCode, `${method} ${path} ${person.firstName}`).toBe(403);
        for (const person of [w.parentA, w.studentA]) expect((await call(person, method, path, body)).statusCode, `${method} ${path} ${person.firstName}`).toBe(404);
        const norte = await t.request({ method, url: `/api/${w.otherSchool.code}/${path}`, token: await t.signIn(w.otherAdmin), body });
        expect(norte.statusCode, `${method} ${path} norte`).toBe(404);
      }
      expect(await setupOf(w.route)).toEqual(before);
      expect((await call(w.admin, 'GET', `transport/routes/${w.tree.classA}/setup`)).statusCode).toBe(404);
    });
  });
});
