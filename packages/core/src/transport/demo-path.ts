import { DETOUR_FACTOR } from './eta';
import { bearingDegrees, haversineMeters } from './geo-distance';

// The demo bus (issue 13): where a bus driving a route's stops is at any second of its run, so the
// map of the demo school is alive. `npm run demo:bus` (scripts/demo-bus.mjs) reports these positions
// to a running server; the server may also drive it in-process. The bus stands at each stop (the
// first one too: riders board), then drives to the next stop, speeding up and slowing down at
// ACCELERATION, cruising at the leg's speed. It stands for a bus on the streets, which are longer
// than the straight line between two stops by the detour (DETOUR_FACTOR, as the ETA assumes): it
// reports its street speed but moves along the straight line at that speed divided by the detour,
// so the ETAs the map shows come true.

export interface DemoPathStop {
  lat: number;
  lng: number;
}

export interface DemoRunOptions {
  /** Cruising speed of each leg in m/s (leg i goes from stop i to stop i+1); default 8–11 m/s, varying by leg. */
  speeds?: number[];
  /** Seconds standing at each stop but the last (default 20). */
  dwellSeconds?: number;
  /** Street metres per straight-line metre (default DETOUR_FACTOR; 1 drives the straight line at full speed). */
  detour?: number;
}

export interface DemoLeg {
  from: DemoPathStop;
  to: DemoPathStop;
  /** Street metres: the straight line times the detour. */
  meters: number;
  /** Cruising speed on the street, m/s. */
  speed: number;
  /** Compass bearing of the leg, degrees. */
  heading: number;
  /** Seconds from the start of the run at which the bus leaves `from` and reaches `to`. */
  departAt: number;
  arriveAt: number;
}

export interface DemoRun {
  stops: DemoPathStop[];
  legs: DemoLeg[];
  dwellSeconds: number;
  /** Seconds from the start of the run to the arrival at the last stop. */
  duration: number;
}

export interface DemoPosition {
  latitude: number;
  longitude: number;
  /** m/s. */
  speed: number;
  /** Degrees, or null while standing (as browsers report it). */
  heading: number | null;
  /** Index of the stop the bus stands at, or null while driving. */
  stopIndex: number | null;
  /** The bus stands at the last stop: the run is over. */
  done: boolean;
}

const ACCELERATION = 1;
const DEFAULT_DWELL_S = 20;

/** The default cruising speed of leg i: 8–11 m/s, spread by the golden ratio so neighbouring legs differ. */
const defaultSpeed = (i: number) => 8 + 3 * (((i + 1) * 0.618_034) % 1);

/** Seconds to drive `meters` from standstill to standstill at cruising speed `v`. */
function legSeconds(meters: number, v: number): number {
  const ramp = (v * v) / ACCELERATION; // metres spent speeding up and slowing down
  return meters >= ramp ? meters / v + v / ACCELERATION : 2 * Math.sqrt(meters / ACCELERATION);
}

/** Street metres driven `t` seconds after leaving, and the speed then, on a leg of `meters` at cruising speed `v`. */
function legProgress(meters: number, v: number, t: number): [number, number] {
  const total = legSeconds(meters, v);
  const peak = Math.min(v, Math.sqrt(meters * ACCELERATION));
  const rampTime = peak / ACCELERATION;
  if (t <= 0) return [0, 0];
  if (t >= total) return [meters, 0];
  if (t < rampTime) return [(ACCELERATION * t * t) / 2, ACCELERATION * t];
  const left = total - t;
  if (left < rampTime) return [meters - (ACCELERATION * left * left) / 2, ACCELERATION * left];
  return [(peak * rampTime) / 2 + peak * (t - rampTime), peak];
}

/** The timetable of a demo run along `stops` (at least one). */
export function planDemoRun(stops: DemoPathStop[], options: DemoRunOptions = {}): DemoRun {
  if (stops.length === 0) throw new Error('A demo run needs at least one stop');
  const dwellSeconds = options.dwellSeconds ?? DEFAULT_DWELL_S;
  const detour = options.detour ?? DETOUR_FACTOR;
  const legs: DemoLeg[] = [];
  let clock = 0;
  for (let i = 0; i + 1 < stops.length; i++) {
    const from = stops[i];
    const to = stops[i + 1];
    const meters = haversineMeters(from.lat, from.lng, to.lat, to.lng) * detour;
    const speed = options.speeds?.[i] ?? defaultSpeed(i);
    const departAt = clock + dwellSeconds;
    clock = departAt + legSeconds(meters, speed);
    legs.push({ from, to, meters, speed, heading: bearingDegrees(from.lat, from.lng, to.lat, to.lng), departAt, arriveAt: clock });
  }
  return { stops, legs, dwellSeconds, duration: clock };
}

/** Where the demo bus is `seconds` after the start of its run (before 0: at the first stop; after the end: at the last). */
export function demoPositionAt(run: DemoRun, seconds: number): DemoPosition {
  const standing = (i: number): DemoPosition => ({
    latitude: run.stops[i].lat,
    longitude: run.stops[i].lng,
    speed: 0,
    heading: null,
    stopIndex: i,
    done: i === run.stops.length - 1,
  });
  for (let i = 0; i < run.legs.length; i++) {
    const leg = run.legs[i];
    if (seconds < leg.departAt) return standing(i);
    if (seconds < leg.arriveAt) {
      const [meters, speed] = legProgress(leg.meters, leg.speed, seconds - leg.departAt);
      const f = leg.meters > 0 ? meters / leg.meters : 1;
      return {
        latitude: leg.from.lat + (leg.to.lat - leg.from.lat) * f,
        longitude: leg.from.lng + (leg.to.lng - leg.from.lng) * f,
        speed,
        heading: leg.heading,
        stopIndex: null,
        done: false,
      };
    }
  }
  return standing(run.stops.length - 1);
}

/** The second of the run at which the demo bus passes closest to a point (to resume a run already on), to `step` seconds. */
export function demoTimeNearest(run: DemoRun, lat: number, lng: number, step = 2): number {
  let best = 0;
  let bestMeters = Infinity;
  for (let t = 0; t <= run.duration; t += step) {
    const p = demoPositionAt(run, t);
    const meters = haversineMeters(lat, lng, p.latitude, p.longitude);
    if (meters < bestMeters) {
      bestMeters = meters;
      best = t;
    }
  }
  return best;
}
