import { LATE_AFTER_MINUTES, type StopEta } from '@patio/core';
import { DEFAULT_TIME_ZONE } from '@patio/core/calendar/times';
import type { EtaStop } from '@patio/core/transport/eta';
import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, ROUTE_1_STOPS, type World } from '../../test/world';
import type { AlertServices } from './transport.alerts';
import { endRunsOf, freshRun, postReport, reportAt } from './transport.fixtures';
import { minutesLate, noticeLateness } from './transport.lateness';
import { updateStopTimes } from './transport.queries';

// A late bus tells the families by itself (issue 13 §3 delay notices): a live report whose ETA at the
// next stop is LATE_AFTER_MINUTES past its planned time logs "delayed" once per run, with no author,
// and the riders' families hear it once — unless the run is another trip on the same stops.

const now = Math.floor(Date.now() / 1000);
const stopsPlanned = (...minutesFromNow: (number | null)[]): EtaStop[] =>
  minutesFromNow.map((m, i) => ({ id: i + 1, lat: 4.6 + i / 100, lng: -74.05, scheduledAt: m === null ? null : now + m * 60 }));
const etasIn = (...minutesFromNow: number[]): StopEta[] => minutesFromNow.map((m, i) => ({ stopId: i + 1, eta: now + m * 60, meters: 1000 * (i + 1) }));

describe('minutesLate', () => {
  it('is the whole minutes behind the next stop, from LATE_AFTER_MINUTES on', () => {
    const stops = stopsPlanned(-30, -20, -10);
    expect(minutesLate(stops, etasIn(-31, -19 + LATE_AFTER_MINUTES, 5), 1, now - 40 * 60)).toBe(LATE_AFTER_MINUTES + 1);
    expect(minutesLate(stops, etasIn(-31, -22 + LATE_AFTER_MINUTES, 5), 1, now - 40 * 60)).toBeNull();
    // The next stop is what counts, not a stop already passed.
    expect(minutesLate(stops, etasIn(-31, -20, -10), 2, now - 40 * 60)).toBeNull();
  });

  it('says nothing without a plan for the next stop, or for a run started over an hour after the first planned stop', () => {
    expect(minutesLate(stopsPlanned(-30, null, -10), etasIn(0, 0, 0), 1, now - 40 * 60)).toBeNull();
    expect(minutesLate(stopsPlanned(null, null, null), etasIn(60, 60, 60), 0, now)).toBeNull();
    // An afternoon run of a morning route: planned hours ago, started now.
    expect(minutesLate(stopsPlanned(-300, -290, -280), etasIn(1, 10, 20), 0, now)).toBeNull();
    expect(minutesLate(stopsPlanned(-50, -40, -30), etasIn(1, 10, 20), 0, now)).toBe(51);
  });

  it('is not late when there is no ETA for the next stop', () => {
    expect(minutesLate(stopsPlanned(-30, -20), [], 0, now - 40 * 60)).toBeNull();
  });
});

/** A second handle on the same database: its memory is apart, as another server process's would be. */
const passThrough: KyselyPlugin = { transformQuery: (args) => args.node, transformResult: async (args) => args.result };

/** HH:MM in the school's zone `minutes` from now. */
function localTime(minutes: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: DEFAULT_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(Date.now() + minutes * 60_000));
  return `${parts.find((p) => p.type === 'hour')!.value}:${parts.find((p) => p.type === 'minute')!.value}`;
}

describeOnDatabases('transport: a late bus', (t) => {
  let w: World;
  let services: AlertServices & { events: typeof t.app.patio.events };

  const delaysOf = (runId: number) =>
    t.db.selectFrom('route_log').select(['kind', 'minutes', 'stop_id', 'actor_id']).where('org_id', '=', w.school.id).where('run_id', '=', runId).where('kind', '=', 'delayed').execute();
  const sendsOf = (runId: number) =>
    t.db.selectFrom('transport_alert_sends').select(['person_id', 'kind']).where('org_id', '=', w.school.id).where('run_id', '=', runId).execute();

  beforeAll(async () => {
    w = await makeWorld(t);
    services = { db: t.db, jobs: t.app.patio.jobs, events: t.app.patio.events, log: t.app.log };
  });

  it('logs the delay once per run, without an author, and tells the riders\u2019 families once, in any process', async () => {
    const runId = await freshRun(t, w);
    const stops = w.stops.map((id, i) => ({ id, lat: ROUTE_1_STOPS[i].lat, lng: ROUTE_1_STOPS[i].lng, scheduledAt: now - (40 - 10 * i) * 60 }));
    const named = w.stops.map((id, i) => ({ id, name: ROUTE_1_STOPS[i].name }));
    const late = { orgId: w.school.id, routeId: w.route, runId, runStartedAt: now - 45 * 60, stops, named, nextIndex: 1, at: now };
    // Calle 109 was planned 30 minutes ago and the bus is 2 minutes away from it.
    await noticeLateness(services, { ...late, etas: [{ stopId: w.stops[1], eta: now + 120, meters: 900 }] });
    expect(await delaysOf(runId)).toEqual([{ kind: 'delayed', minutes: 32, stop_id: w.stops[1], actor_id: null }]);
    const told = await sendsOf(runId);
    expect(told.map((s) => s.person_id)).toContain(w.riderParent.id);
    expect(told.every((s) => s.kind === 'delayed')).toBe(true);

    // Later reports, here or in another process, add nothing.
    await noticeLateness(services, { ...late, etas: [{ stopId: w.stops[1], eta: now + 600, meters: 800 }] });
    await noticeLateness({ ...services, db: t.db.withPlugin(passThrough) }, { ...late, etas: [{ stopId: w.stops[1], eta: now + 900, meters: 700 }] });
    expect(await delaysOf(runId)).toHaveLength(1);
    expect(await sendsOf(runId)).toHaveLength(told.length);
  });

  it('says nothing of a bus on time', async () => {
    const runId = await freshRun(t, w);
    const stops = w.stops.map((id, i) => ({ id, lat: ROUTE_1_STOPS[i].lat, lng: ROUTE_1_STOPS[i].lng, scheduledAt: now + 10 * i * 60 }));
    await noticeLateness(services, {
      orgId: w.school.id,
      routeId: w.route,
      runId,
      runStartedAt: now - 5 * 60,
      stops,
      named: [],
      nextIndex: 1,
      at: now,
      etas: [{ stopId: w.stops[1], eta: now + 12 * 60, meters: 900 }],
    });
    expect(await delaysOf(runId)).toEqual([]);
    expect(await sendsOf(runId)).toEqual([]);
  });

  it('finds a late bus from its driver\u2019s reports', async () => {
    // Planned times are times of day: within 45 minutes after midnight "half an hour ago" was yesterday,
    // so then the clock (Date, here and in the server) moves just past it, forward only.
    const minutesOfDay = Number(localTime(0).slice(0, 2)) * 60 + Number(localTime(0).slice(3));
    if (minutesOfDay < 45) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (46 - minutesOfDay) * 60_000, shouldAdvanceTime: true });
    const at = Math.floor(Date.now() / 1000);
    await endRunsOf(t, w);
    await updateStopTimes(t.db, w.school.id, w.route, [localTime(-30), localTime(-25), localTime(-20), localTime(-15)]);
    try {
      const runId = await freshRun(t, w);
      const stop = ROUTE_1_STOPS[0];
      const res = await postReport(t, w, w.driver, reportAt(stop.lat - 0.005, stop.lng, at, { speed: 8 }));
      expect(res.statusCode, res.body).toBe(201);
      const [delay] = await delaysOf(runId);
      expect(delay).toMatchObject({ kind: 'delayed', stop_id: w.stops[0], actor_id: null });
      expect(delay!.minutes).toBeGreaterThanOrEqual(30);
      const log = (await t.request({ method: 'GET', url: `/api/${w.school.code}/transport/routes/${w.route}/log?runId=${runId}`, token: await t.signIn(w.riderParent) })).json();
      expect(log.items ?? log).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'delayed', actor: null, stop: { id: w.stops[0], name: stop.name } })]));
    } finally {
      vi.useRealTimers();
      await updateStopTimes(t.db, w.school.id, w.route, ROUTE_1_STOPS.map((s) => s.scheduledTime));
    }
  });
});
