import { describe, expect, it } from 'vitest';
import { demoPositionAt, demoTimeNearest, planDemoRun } from './demo-path';
import { DETOUR_FACTOR, trackRoute, type EtaFix } from './eta';
import { haversineMeters } from './geo-distance';

const T0 = 1_795_518_600;

// The demo school's route 1 (apps/server/src/db/seed/demo-people.ts).
const route1 = [
  { lat: 4.6762, lng: -74.0478 },
  { lat: 4.6968, lng: -74.0445 },
  { lat: 4.6948, lng: -74.0306 },
  { lat: 4.702, lng: -74.0418 },
  { lat: 4.7222, lng: -74.0451 },
  { lat: 4.7521, lng: -74.0298 },
];

describe('demo bus path', () => {
  const run = planDemoRun(route1);

  it('stands at the first stop, drives every leg at 8–11 m/s and ends at the last stop', () => {
    expect(demoPositionAt(run, 0)).toMatchObject({ latitude: 4.6762, longitude: -74.0478, speed: 0, heading: null, stopIndex: 0, done: false });
    expect(run.legs).toHaveLength(5);
    for (const leg of run.legs) {
      expect(leg.speed).toBeGreaterThanOrEqual(8);
      expect(leg.speed).toBeLessThanOrEqual(11);
    }
    // 11.4 km of straight legs, 14.4 km of streets at 8–11 m/s and 20 s at each of five stops: 24–32 minutes.
    expect(run.duration).toBeGreaterThan(24 * 60);
    expect(run.duration).toBeLessThan(32 * 60);
    expect(demoPositionAt(run, run.duration)).toMatchObject({ latitude: 4.7521, longitude: -74.0298, stopIndex: 5, done: true });
    expect(demoPositionAt(run, run.duration + 500).done).toBe(true);
  });

  it('moves smoothly: never further in a second than its speed on the streets allows, standing 20 s at each stop', () => {
    let before = demoPositionAt(run, 0);
    const standing = new Map<number, number>([[0, 1]]);
    for (let t = 1; t <= run.duration + 1; t++) {
      const now = demoPositionAt(run, t);
      const moved = haversineMeters(before.latitude, before.longitude, now.latitude, now.longitude);
      expect(moved).toBeLessThanOrEqual(11.01 / DETOUR_FACTOR);
      expect(now.speed).toBeGreaterThanOrEqual(0);
      expect(now.speed).toBeLessThanOrEqual(11);
      expect(Math.abs(now.speed - before.speed)).toBeLessThanOrEqual(1.0001); // 1 m/s² at most
      if (now.stopIndex !== null) standing.set(now.stopIndex, (standing.get(now.stopIndex) ?? 0) + 1);
      else expect(now.heading).not.toBeNull();
      before = now;
    }
    for (let i = 0; i < route1.length - 1; i++) expect(standing.get(i)).toBe(20);
  });

  it('heads along each leg', () => {
    const leg = run.legs[1]; // Santa Bárbara to Parque de Usaquén: east, a little south
    const p = demoPositionAt(run, (leg.departAt + leg.arriveAt) / 2);
    expect(p.heading).toBeGreaterThan(90);
    expect(p.heading).toBeLessThan(100);
    expect(p.speed).toBeCloseTo(leg.speed, 5);
  });

  it('takes its own speeds and dwell', () => {
    const slow = planDemoRun(route1.slice(0, 2), { speeds: [5], dwellSeconds: 30, detour: 1 });
    expect(slow.legs[0]).toMatchObject({ departAt: 30, speed: 5 });
    expect(slow.duration).toBeCloseTo(30 + slow.legs[0].meters / 5 + 5, 5);
    expect(planDemoRun([route1[0]]).duration).toBe(0);
    expect(() => planDemoRun([])).toThrow();
  });

  it('finds where to resume a run already on from the last reported position', () => {
    const t = 700;
    const p = demoPositionAt(run, t);
    expect(Math.abs(demoTimeNearest(run, p.latitude, p.longitude) - t)).toBeLessThanOrEqual(2);
  });
});

describe('demo bus through the tracker', () => {
  it('comes true on the ETAs the map shows, once the tracker has seen it drive for 3 minutes', () => {
    const run = planDemoRun(route1);
    const stops = route1.map((s, i) => ({ id: i + 1, ...s, scheduledAt: null }));
    const arrivals = [0, ...run.legs.map((l) => l.arriveAt)].map((t) => T0 + t);
    let state: { nextIndex: number; speedAvg: number | null; previous: EtaFix | null } = { nextIndex: 0, speedAvg: null, previous: null };
    const errors: { t: number; share: number }[] = [];
    for (let t = 0; t <= run.duration + 2; t += 2) {
      const p = demoPositionAt(run, t);
      const fix: EtaFix = { latitude: p.latitude, longitude: p.longitude, speed: p.speed, timestamp: T0 + t, accuracy: 5 };
      const result = trackRoute({ stops, ...state, fix });
      for (const eta of result.etas) {
        const togo = arrivals[eta.stopId - 1] - fix.timestamp;
        if (togo >= 120 && togo <= 600) errors.push({ t, share: Math.abs(eta.eta - arrivals[eta.stopId - 1]) / togo });
      }
      state = { nextIndex: result.nextIndex, speedAvg: result.speedAvg, previous: fix };
    }
    expect(state.nextIndex).toBe(route1.length);
    // Before any speed is seen, and without a schedule, the tracker assumes 7 m/s: the bus drives 8–11.
    expect(Math.max(...errors.filter((e) => e.t < 180).map((e) => e.share))).toBeLessThan(0.5);
    // Then, 2 to 10 minutes ahead, off by under 8 % of the time to go on average and never by a third (the
    // next legs are driven at other speeds than the current one).
    const later = errors.filter((e) => e.t >= 180).map((e) => e.share);
    expect(later.reduce((a, b) => a + b, 0) / later.length).toBeLessThan(0.08);
    expect(Math.max(...later)).toBeLessThan(0.33);
  });
});
