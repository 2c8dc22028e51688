import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DETOUR_FACTOR, STOP_DWELL_S, trackRoute, type EtaFix, type EtaResult, type EtaStop } from './eta';
import { haversineMeters } from './geo-distance';

// mulberry32: seeded, so a failing case can be replayed.
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const M_PER_DEG = 111_195;
const T0 = 1_795_518_600;

/** A point `meters` from (lat, lng) towards compass `bearing`. */
function offset(lat: number, lng: number, meters: number, bearing: number): [number, number] {
  const b = (bearing * Math.PI) / 180;
  return [lat + (meters * Math.cos(b)) / M_PER_DEG, lng + (meters * Math.sin(b)) / (M_PER_DEG * Math.cos((lat * Math.PI) / 180))];
}

/** A random route in Bogotá: 3–8 stops, 300–3,000 m apart, no two stops within 250 m of each other. */
function randomRoute(random: () => number): EtaStop[] {
  const count = 3 + Math.floor(random() * 6);
  const stops: EtaStop[] = [{ id: 1, lat: 4.65 + random() * 0.05, lng: -74.08 + random() * 0.05, scheduledAt: null }];
  while (stops.length < count) {
    const last = stops[stops.length - 1];
    const [lat, lng] = offset(last.lat, last.lng, 300 + random() * 2700, random() * 360);
    if (stops.every((s) => haversineMeters(s.lat, s.lng, lat, lng) > 250)) stops.push({ id: stops.length + 1, lat, lng, scheduledAt: null });
  }
  return stops;
}

interface Drive {
  fixes: EtaFix[];
  /** When the bus got to each stop (epoch seconds), by index. */
  arrivals: number[];
}

/** The bus drives straight from stop to stop at `speed`, standing `dwell` s at each, a fix every 2 s with up to `noise` m of error. */
function drive(stops: EtaStop[], speed: number, random: () => number, noise = 0, dwell = 20): Drive {
  const fixes: EtaFix[] = [];
  const arrivals: number[] = [T0];
  const legs: { from: EtaStop; to: EtaStop; departAt: number; arriveAt: number }[] = [];
  let clock = T0;
  for (let i = 1; i < stops.length; i++) {
    const meters = haversineMeters(stops[i - 1].lat, stops[i - 1].lng, stops[i].lat, stops[i].lng);
    legs.push({ from: stops[i - 1], to: stops[i], departAt: clock + dwell, arriveAt: clock + dwell + meters / speed });
    clock += dwell + meters / speed;
    arrivals.push(clock);
  }
  for (let t = T0; t <= clock + 2; t += 2) {
    const leg = legs.find((l) => t < l.arriveAt) ?? legs[legs.length - 1];
    const f = Math.min(1, Math.max(0, (t - leg.departAt) / (leg.arriveAt - leg.departAt)));
    const moving = t >= leg.departAt && t < leg.arriveAt;
    const [lat, lng] = offset(leg.from.lat + (leg.to.lat - leg.from.lat) * f, leg.from.lng + (leg.to.lng - leg.from.lng) * f, noise * random(), random() * 360);
    fixes.push({ latitude: lat, longitude: lng, speed: moving ? speed : null, timestamp: t, accuracy: noise || 5 });
  }
  return { fixes, arrivals };
}

/** Feeds the fixes one by one as the server does, keeping the state between reports. */
function replay(stops: EtaStop[], fixes: EtaFix[], start: { nextIndex?: number; speedAvg?: number | null } = {}) {
  let nextIndex = start.nextIndex ?? 0;
  let speedAvg = start.speedAvg ?? null;
  let previous: EtaFix | null = null;
  const results: (EtaResult & { fix: EtaFix })[] = [];
  for (const fix of fixes) {
    const result = trackRoute({ stops, nextIndex, fix, previous, speedAvg });
    results.push({ ...result, fix });
    ({ nextIndex, speedAvg } = result);
    previous = fix;
  }
  return results;
}

/** Planned times that match driving straight at `speed` with the estimator's detour and dwell. */
function scheduleFor(stops: EtaStop[], speed: number): EtaStop[] {
  let at = T0;
  return stops.map((stop, i) => {
    if (i > 0) at += STOP_DWELL_S + (haversineMeters(stops[i - 1].lat, stops[i - 1].lng, stop.lat, stop.lng) * DETOUR_FACTOR) / speed;
    return { ...stop, scheduledAt: Math.round(at) };
  });
}

describe('trackRoute on random routes', () => {
  it('reaches every stop once, in order, as the bus gets there; nextIndex never goes back', () => {
    const failures: string[] = [];
    for (let seed = 1; seed <= 80; seed++) {
      const random = randomFrom(seed);
      const stops = randomRoute(random);
      const speed = 4 + random() * 10;
      const noise = random() * 15;
      const { fixes, arrivals } = drive(stops, speed, random, noise);
      const results = replay(seed % 2 ? scheduleFor(stops, speed) : stops, fixes);
      const reached: number[] = [];
      let nextIndex = 0;
      for (const r of results) {
        if (r.nextIndex < nextIndex || r.nextIndex - nextIndex !== r.reached.length) failures.push(`seed ${seed}: nextIndex ${nextIndex} → ${r.nextIndex}`);
        nextIndex = r.nextIndex;
        for (const id of r.reached) {
          reached.push(id);
          const i = stops.findIndex((s) => s.id === id);
          // Within the reach radius (70–100 m) of the stop or on it, never after leaving it.
          const early = arrivals[i] - r.fix.timestamp;
          if (early > (100 + noise) / speed + 2 || early < -20) failures.push(`seed ${seed}: stop ${i} reached ${early.toFixed(0)} s before the bus got there`);
        }
        for (const eta of r.etas) {
          if (!Number.isInteger(eta.eta) || !Number.isInteger(eta.meters) || eta.eta < r.fix.timestamp) failures.push(`seed ${seed}: ${JSON.stringify(eta)}`);
        }
      }
      if (reached.join() !== stops.map((s) => s.id).join()) failures.push(`seed ${seed}: reached ${reached.join()}`);
      if (results[results.length - 1].etas.length) failures.push(`seed ${seed}: ETAs after the last stop`);
    }
    expect(failures).toEqual([]);
  });

  it('counts down: at a constant speed the time to go to each stop ahead never grows', () => {
    const failures: string[] = [];
    for (let seed = 1; seed <= 60; seed++) {
      const random = randomFrom(1000 + seed);
      const speed = 4 + random() * 10;
      const stops = scheduleFor(randomRoute(random), speed);
      const results = replay(stops, drive(stops, speed, random).fixes);
      for (let k = 1; k < results.length; k++) {
        const before = new Map(results[k - 1].etas.map((e) => [e.stopId, e]));
        for (const eta of results[k].etas) {
          const was = before.get(eta.stopId);
          if (!was) continue;
          const grew = eta.eta - results[k].fix.timestamp - (was.eta - results[k - 1].fix.timestamp);
          // 1 s of rounding.
          if (grew > 1 || eta.meters > was.meters + 1) failures.push(`seed ${seed}, fix ${k}, stop ${eta.stopId}: ${grew} s more, ${was.meters} → ${eta.meters} m`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('predicts the arrival at a steady pace to within the street detour it assumes', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const random = randomFrom(2000 + seed);
      const speed = 4 + random() * 10;
      const stops = scheduleFor(randomRoute(random), speed);
      const { fixes, arrivals } = drive(stops, speed, random);
      const results = replay(stops, fixes);
      // The bus drives straight lines here; the estimator allows DETOUR_FACTOR for streets and 25 s a stop.
      const first = results[0].etas;
      for (const [i, stop] of stops.entries()) {
        if (i === 0) continue; // reached by the first fix, which stands at it
        const eta = first.find((e) => e.stopId === stop.id)!.eta;
        const travel = arrivals[i] - T0;
        expect(eta - T0).toBeGreaterThanOrEqual(travel * 0.95 - 5);
        expect(eta - T0).toBeLessThanOrEqual(travel * DETOUR_FACTOR + 5 * i + 5);
      }
    }
  });
});

// A straight north–south street with three stops 1 km apart and a fourth 1 km east of the third.
const street: EtaStop[] = [
  { id: 11, lat: 4.7, lng: -74.05, scheduledAt: null },
  { id: 12, lat: 4.7 + 1000 / M_PER_DEG, lng: -74.05, scheduledAt: null },
  { id: 13, lat: 4.7 + 2000 / M_PER_DEG, lng: -74.05, scheduledAt: null },
  { id: 14, ...pointAt(2000, 1000), scheduledAt: null },
];
function pointAt(north: number, east: number) {
  const [lat, lng] = offset(4.7 + north / M_PER_DEG, -74.05, east, 90);
  return { lat, lng };
}
const fixAt = (north: number, east: number, timestamp: number, speed: number | null = 10, accuracy = 8): EtaFix => {
  const { lat, lng } = pointAt(north, east);
  return { latitude: lat, longitude: lng, speed, timestamp, accuracy };
};

describe('trackRoute, one situation at a time', () => {
  it('reaches a stop within the reach radius, widened for a poor accuracy', () => {
    expect(trackRoute({ stops: street, nextIndex: 1, fix: fixAt(935, 0, T0), previous: fixAt(915, 0, T0 - 2), speedAvg: 10 }).reached).toEqual([12]);
    expect(trackRoute({ stops: street, nextIndex: 1, fix: fixAt(915, 0, T0), previous: fixAt(895, 0, T0 - 2), speedAvg: 10 }).reached).toEqual([]);
    expect(trackRoute({ stops: street, nextIndex: 1, fix: fixAt(915, 0, T0, 10, 40), previous: fixAt(895, 0, T0 - 2), speedAvg: 10 }).reached).toEqual([12]);
  });

  it('reaches a stop it drove past without coming close (a stop set off the street)', () => {
    const offStreet = street.map((s, i) => (i === 1 ? { ...s, ...pointAt(1000, 150) } : s));
    // 150 m east of the street: never within the reach radius, reached once 58 m past it (50 m and the accuracy).
    const results = replay(offStreet, [900, 950, 1000, 1050, 1100, 1150].map((north, i) => fixAt(north, 0, T0 + 5 * i)), { nextIndex: 1, speedAvg: 10 });
    expect(results.map((r) => r.reached)).toEqual([[], [], [], [], [12], []]);
  });

  it('reaches the stops passed during a gap in the reports together, on the first fix past them', () => {
    const results = replay(street, [fixAt(500, 0, T0), fixAt(2000, 300, T0 + 200), fixAt(2000, 320, T0 + 202), fixAt(2000, 340, T0 + 204)], {
      nextIndex: 1,
      speedAvg: 10,
    });
    expect(results.map((r) => r.reached)).toEqual([[], [12, 13], [], []]);
    expect(results[3].nextIndex).toBe(3);
    expect(results[3].etas.map((e) => e.stopId)).toEqual([14]);
  });

  it('moves nothing on a GPS glitch and keeps the ETAs', () => {
    const before = trackRoute({ stops: street, nextIndex: 1, fix: fixAt(500, 0, T0), previous: fixAt(480, 0, T0 - 2), speedAvg: 10 });
    // Thrown 2 km onto the last street two seconds later, with a confident accuracy.
    const glitch = trackRoute({ stops: street, nextIndex: 1, fix: fixAt(2000, 900, T0 + 2), previous: fixAt(500, 0, T0), speedAvg: before.speedAvg });
    expect(glitch.reached).toEqual([]);
    expect(glitch.nextIndex).toBe(1);
    expect(glitch.speedAvg).toBe(before.speedAvg);
    for (const [i, eta] of glitch.etas.entries()) expect(Math.abs(eta.eta - before.etas[i].eta)).toBeLessThanOrEqual(3);
    // A fix with a 400 m accuracy moves nothing either.
    expect(trackRoute({ stops: street, nextIndex: 1, fix: fixAt(1000, 0, T0 + 2, 10, 400), previous: fixAt(500, 0, T0), speedAvg: 10 }).reached).toEqual([]);
  });

  it('trusts the fix back on the street after a glitch off the route was taken as the previous one', () => {
    const result = trackRoute({ stops: street, nextIndex: 1, fix: fixAt(990, 0, T0 + 4), previous: fixAt(1000, 600, T0 + 2), speedAvg: 10 });
    expect(result.reached).toEqual([12]);
  });

  it('does not take a bus parked at the school (the last stop) for one that drove the route', () => {
    const random = randomFrom(7);
    const school = street[3];
    const fixes = Array.from({ length: 60 }, (_, i) => {
      const [lat, lng] = offset(school.lat, school.lng, random() * 12, random() * 360);
      return { latitude: lat, longitude: lng, speed: random() < 0.5 ? null : random() * 0.5, timestamp: T0 + 2 * i, accuracy: 10 };
    });
    const results = replay(street, fixes);
    expect(results.every((r) => r.nextIndex === 0 && r.reached.length === 0)).toBe(true);
  });

  it('keeps a finite ETA while the bus stands in traffic, growing towards the floor speed', () => {
    const stops = street.map((s) => ({ ...s, scheduledAt: null }));
    let result = trackRoute({ stops, nextIndex: 1, fix: fixAt(500, 0, T0), previous: fixAt(480, 0, T0 - 2), speedAvg: 10 });
    const moving = result.etas[0].eta - T0;
    let previous = fixAt(500, 0, T0);
    for (let i = 1; i <= 300; i++) {
      const fix = fixAt(500, 0, T0 + 2 * i, 0);
      result = trackRoute({ stops, nextIndex: result.nextIndex, fix, previous, speedAvg: result.speedAvg });
      previous = fix;
    }
    expect(result.speedAvg).toBeLessThan(0.1);
    const togo = result.etas[0].eta - previous.timestamp;
    expect(togo).toBeGreaterThan(moving * 2);
    // 500 m of street at no less than 3 m/s, or the no-schedule 7 m/s.
    expect(togo).toBeLessThanOrEqual((500 * DETOUR_FACTOR) / 3 + 1);
  });

  it('starts from the schedule, before any speed was seen', () => {
    const planned = street.map((s, i) => ({ ...s, scheduledAt: T0 + [0, 300, 600, 900][i] }));
    const result = trackRoute({ stops: planned, nextIndex: 1, fix: fixAt(0, 0, T0 + 20, null), previous: null, speedAvg: null });
    const etas = result.etas.map((e) => e.eta - T0);
    expect(etas[0]).toBeGreaterThan(290);
    expect(etas[0]).toBeLessThan(310);
    expect(etas[2]).toBeGreaterThan(880);
    expect(etas[2]).toBeLessThan(920);
  });

  it('answers no ETA once the last stop is reached, and never an ETA before the fix', () => {
    const done = trackRoute({ stops: street, nextIndex: 3, fix: fixAt(2000, 990, T0 + 0.4), previous: fixAt(2000, 970, T0 - 1.6), speedAvg: 10 });
    expect(done).toMatchObject({ etas: [], nextIndex: 4, reached: [14] });
    const there = trackRoute({ stops: street, nextIndex: 1, fix: fixAt(1000, 0, T0 + 0.4, 0), previous: null, speedAvg: 10 });
    expect(there.etas.every((e) => e.eta >= T0 + 1)).toBe(true);
    expect(trackRoute({ stops: [], nextIndex: 0, fix: fixAt(0, 0, T0), previous: null, speedAvg: null })).toMatchObject({ etas: [], nextIndex: 0, reached: [] });
  });
});

describe('trackRoute on recorded runs of the demo route (bench/fixtures, bench/transport-eta.mjs)', () => {
  for (const name of ['route1-run.json', 'route1-run-slow.json']) {
    it(`${name}: reaches each stop once just before the bus stops there; ETAs within bounds`, () => {
      const run = JSON.parse(readFileSync(new URL(`../../../../bench/fixtures/${name}`, import.meta.url), 'utf8'));
      const stops: EtaStop[] = run.stops.map(({ id, lat, lng, scheduledAt }: EtaStop) => ({ id, lat, lng, scheduledAt }));
      const arrival = new Map<number, number>(run.arrivals.map((a: { stopId: number; at: number }) => [a.stopId, a.at]));
      const fixes: EtaFix[] = run.fixes.map((row: number[]) => Object.fromEntries(run.columns.map((c: string, i: number) => [c, row[i]])));
      const results = replay(stops, fixes);

      const reached = results.flatMap((r) => r.reached.map((id) => ({ id, at: r.fix.timestamp })));
      expect(reached.map((r) => r.id)).toEqual(stops.map((s) => s.id));
      for (const r of reached) {
        expect(r.at - arrival.get(r.id)!).toBeGreaterThan(-30);
        expect(r.at - arrival.get(r.id)!).toBeLessThanOrEqual(0);
      }

      let sum = 0;
      let count = 0;
      for (const r of results) {
        for (const eta of r.etas) {
          const ahead = arrival.get(eta.stopId)! - r.fix.timestamp;
          if (ahead < 30 || ahead > 15 * 60) continue;
          const error = Math.abs(eta.eta - arrival.get(eta.stopId)!);
          // Never off by more than 10 minutes, nor by more than 2 minutes when under 2 minutes away.
          expect(error).toBeLessThan(ahead <= 120 ? 120 : 600);
          sum += error;
          count++;
        }
      }
      // Over every prediction from 15 minutes to 30 s before an arrival: under 2 minutes on average.
      expect(sum / count).toBeLessThan(120);
    });
  }
});
