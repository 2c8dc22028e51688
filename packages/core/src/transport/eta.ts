import type { StopEta } from '../schemas/transport';
import { distanceToSegmentMeters, haversineMeters, segmentFraction } from './geo-distance';

// The ETA of a bus to each stop still ahead (issue 13 §4), and its progress along the route. Pure:
// the server feeds it the route, the report and the state it keeps per tracked bus.
//
// How it works, per report:
// 1. Trust. A fix that jumps further from the previous one than a bus can go (GLITCH_SPEED) is a GPS
//    glitch, unless the previous one lay clearly further from the route (then that one was). A glitch, or a fix worse than MAX_ACCURACY_M, moves nothing; the ETAs are then
//    worked out from the previous fix.
// 2. Progress. The next stop is reached when the fix is within the reach radius of it, or when the bus
//    is clearly past it: PASS_M beyond it along its segment, or (after a gap in the reports) on a
//    later segment of the remaining path, moving forward along it, and either past the next stop or
//    there already at the previous fix; then every stop before that segment is reached at once. A
//    bus standing near a later stop (parked at the school before the morning run) reaches nothing.
//    Stops are passed in order and each once: `nextIndex` never goes back.
// 3. Speed. An exponentially weighted average over time (SPEED_TAU_S) of the device's speed, or of
//    the displacement since the previous fix when the device gives none. It starts from the planned
//    speed (the first fix is often taken standing). The reach radius around the stop just reached
//    does not count (its dwell is added per stop instead); waiting at lights and in traffic does.
// 4. Remaining path. Straight lines from the fix to the next stop and then stop to stop, times
//    DETOUR_FACTOR for the streets: in a street grid a straight line of any heading is driven in 1 to
//    1.41 times its length, 4/π ≈ 1.27 on average over all headings.
// 5. Time. Each segment is driven at a blend of the observed speed (floored at MIN_SPEED, so a bus
//    stuck in traffic still has an ETA) and the prior: the schedule's planned speed for that segment
//    (road metres over planned minutes less the dwell), or DEFAULT_SPEED without a schedule. The
//    observed speed's weight grows with the metres driven on this run (HISTORY_M: about 0.4 at the
//    first stop, near 0.9 by the end). A bus slower than planned is taken to be held up locally: the
//    observed speed's weight fades with the distance ahead (LOOKAHEAD_M), so a jam slows the next
//    kilometre or two and not the whole route. A bus faster than planned keeps its pace (schedules
//    carry slack). Every stop on the way adds STOP_DWELL_S, and so does the rest of the stop the bus
//    stands at.
//
// The constants were set on the ordinary-day run of bench/transport-eta.mjs and six more runs of its
// generator (bench/fixtures/make-route1-run.mjs, other seeds); bench/RESULTS.md has the errors.

/** Road metres per straight-line metre (see above). */
export const DETOUR_FACTOR = 1.27;
/** A fix this close to a stop (plus up to 30 m for a poor accuracy) has reached it. */
export const STOP_REACH_M = 70;
/** Seconds a bus stands at an intermediate stop. */
export const STOP_DWELL_S = 25;

const PASS_M = 50;
const MAX_ACCURACY_M = 150;
const GLITCH_SPEED = 30;
const GLITCH_SLACK_M = 100;
const CORRIDOR_M = 250;
const MOVING_SPEED = 1.5;
const SANE_SPEED = 30;
const MIN_SPEED = 3;
const MAX_SPEED = 20;
const DEFAULT_SPEED = 7;
const SPEED_TAU_S = 90;
const HISTORY_M = 400;
const START_HISTORY_M = 300;
const MAX_OBSERVED_WEIGHT = 0.9;
const LOOKAHEAD_M = 1500;

export interface EtaStop {
  id: number;
  lat: number;
  lng: number;
  /** Planned arrival on this run, epoch seconds, or null. */
  scheduledAt: number | null;
}

export interface EtaFix {
  latitude: number;
  longitude: number;
  /** m/s as the device measured it, or null. */
  speed: number | null;
  /** Epoch seconds. */
  timestamp: number;
  /** Radius of 95 % confidence in metres, as the device reported it (widens the reach radius); null or absent: unknown. */
  accuracy?: number | null;
}

export interface EtaInput {
  /** The route's stops in order. */
  stops: EtaStop[];
  /** Index of the first stop not reached yet on this run (0 at the start of a run). */
  nextIndex: number;
  fix: EtaFix;
  /** The previous accepted fix of this run, if any (speed from displacement when the device gives none). */
  previous: EtaFix | null;
  /** Smoothed recent speed (m/s) kept from earlier reports of this run, or null at the start. */
  speedAvg: number | null;
}

export interface EtaResult {
  /** ETA of every stop from the new next stop to the last. */
  etas: StopEta[];
  /** The new next-stop index (never goes back). */
  nextIndex: number;
  /** Ids of the stops this fix reached (in order), each reached once per run. */
  reached: number[];
  /** The smoothed speed to keep for the next report. */
  speedAvg: number | null;
}

// locate() answers in these rather than in a new object: it runs several times per report.
let locatedDistance = 0;
let locatedChainage = 0;

/**
 * The remaining segment a point is on: j is the segment from stop j-1 to stop j, from `next` on (for
 * next = 0, the approach to the first stop). A later segment wins only when it is closer by `margin`,
 * so where the route comes back along its own streets the earlier pass is kept. Sets locatedDistance
 * (metres off that segment) and locatedChainage (straight-line metres from the first stop; negative
 * before it).
 */
function locate(stops: EtaStop[], next: number, lat: number, lng: number, margin: number): number {
  let chainageBefore = 0;
  for (let j = 1; j < next; j++) chainageBefore += segmentLength(stops, j);
  let best = next;
  let bestDistance = next === 0 ? haversineMeters(lat, lng, stops[0].lat, stops[0].lng) : distanceToSegment(stops, next, lat, lng);
  let bestChainage = next === 0 ? -bestDistance : chainageBefore + alongSegment(stops, next, lat, lng);
  let chainage = chainageBefore + (next === 0 ? 0 : segmentLength(stops, next));
  for (let j = Math.max(1, next + 1); j < stops.length; j++) {
    const d = distanceToSegment(stops, j, lat, lng);
    if (d < bestDistance - margin) {
      best = j;
      bestDistance = d;
      bestChainage = chainage + alongSegment(stops, j, lat, lng);
    }
    chainage += segmentLength(stops, j);
  }
  locatedDistance = bestDistance;
  locatedChainage = bestChainage;
  return best;
}

const segmentLength = (stops: EtaStop[], j: number) => haversineMeters(stops[j - 1].lat, stops[j - 1].lng, stops[j].lat, stops[j].lng);
const distanceToSegment = (stops: EtaStop[], j: number, lat: number, lng: number) =>
  distanceToSegmentMeters(stops[j - 1].lat, stops[j - 1].lng, stops[j].lat, stops[j].lng, lat, lng);
const fractionOnSegment = (stops: EtaStop[], j: number, lat: number, lng: number) =>
  segmentFraction(stops[j - 1].lat, stops[j - 1].lng, stops[j].lat, stops[j].lng, lat, lng);
const alongSegment = (stops: EtaStop[], j: number, lat: number, lng: number) =>
  Math.min(1, Math.max(0, fractionOnSegment(stops, j, lat, lng))) * segmentLength(stops, j);

/** The fix lies PASS_M (plus its accuracy) beyond stop `next` along the segment that leads to it. */
const isPast = (stops: EtaStop[], next: number, fix: EtaFix, accuracy: number) =>
  next >= 1 && (fractionOnSegment(stops, next, fix.latitude, fix.longitude) - 1) * segmentLength(stops, next) >= PASS_M + accuracy;

const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));
const accuracyOf = (fix: EtaFix) => (fix.accuracy != null && Number.isFinite(fix.accuracy) ? fix.accuracy : 0);
const reachRadius = (accuracy: number) => STOP_REACH_M + clamp(accuracy - 10, 0, 30);

/** The planned speed (m/s, road metres) of segment j (stop j-1 → stop j) from the schedule, or null. */
function scheduledSpeed(stops: EtaStop[], j: number): number | null {
  const from = stops[j - 1].scheduledAt;
  const to = stops[j].scheduledAt;
  if (from == null || to == null || to <= from) return null;
  return clamp((segmentLength(stops, j) * DETOUR_FACTOR) / Math.max(30, to - from - STOP_DWELL_S), MIN_SPEED, MAX_SPEED);
}

/** The route's planned speed over all scheduled segments, for the approach to the first stop; or null. */
function meanScheduledSpeed(stops: EtaStop[]): number | null {
  let meters = 0;
  let seconds = 0;
  for (let j = 1; j < stops.length; j++) {
    const from = stops[j - 1].scheduledAt;
    const to = stops[j].scheduledAt;
    if (from == null || to == null || to <= from) continue;
    meters += segmentLength(stops, j) * DETOUR_FACTOR;
    seconds += Math.max(30, to - from - STOP_DWELL_S);
  }
  return seconds > 0 ? clamp(meters / seconds, MIN_SPEED, MAX_SPEED) : null;
}

/** Progress, ETAs and smoothed speed of a bus on its route after one position report (issue 13 §4). */
export function trackRoute(input: EtaInput): EtaResult {
  const { stops, fix, previous } = input;
  const n = stops.length;
  let next = clamp(Math.trunc(input.nextIndex) || 0, 0, n);
  const reached: number[] = [];

  // 1. Trust.
  const accuracy = accuracyOf(fix);
  const dt = previous ? fix.timestamp - previous.timestamp : 0;
  const jump = previous ? haversineMeters(previous.latitude, previous.longitude, fix.latitude, fix.longitude) : 0;
  const jumpPlausible = !previous || jump <= GLITCH_SPEED * Math.max(0, dt) + GLITCH_SLACK_M;
  let trusted = accuracy <= MAX_ACCURACY_M;
  let fixSegment = next;
  let fixDistance = 0;
  let fixChainage = 0;
  if (next < n) {
    fixSegment = locate(stops, next, fix.latitude, fix.longitude, Math.max(50, accuracy));
    fixDistance = locatedDistance;
    fixChainage = locatedChainage;
  }
  if (trusted && !jumpPlausible && next < n) {
    // One of the two is a glitch: the fix, unless the previous one was clearly further off the route.
    locate(stops, next, previous!.latitude, previous!.longitude, 50);
    trusted = fixDistance + GLITCH_SLACK_M < locatedDistance;
  }

  // 3 (first half). The speed this fix shows, if any.
  let observed: number | null = null;
  if (fix.speed != null && Number.isFinite(fix.speed) && fix.speed >= 0 && fix.speed <= SANE_SPEED) observed = fix.speed;
  else if (trusted && jumpPlausible && previous && dt >= 1 && dt <= 60) observed = Math.min(SANE_SPEED, jump / dt);
  const moving = observed != null && observed >= MOVING_SPEED;

  // 2. Progress.
  if (trusted && next < n) {
    const radius = reachRadius(accuracy);
    const mayPass = moving && jumpPlausible;
    if (fixSegment > next && previous && jumpPlausible && moving) {
      const prevSegment = locate(stops, next, previous.latitude, previous.longitude, Math.max(50, accuracyOf(previous)));
      const progress = fixChainage - locatedChainage;
      const corridor = CORRIDOR_M + 0.3 * segmentLength(stops, fixSegment) + accuracy;
      if ((prevSegment > next || (mayPass && isPast(stops, next, fix, accuracy))) && progress >= 10 && fixDistance <= corridor) {
        while (next < fixSegment) reached.push(stops[next++].id);
      }
    }
    while (next < n && (haversineMeters(fix.latitude, fix.longitude, stops[next].lat, stops[next].lng) <= radius || (mayPass && isPast(stops, next, fix, accuracy)))) {
      reached.push(stops[next++].id);
    }
  }

  // Where the ETAs are measured from: the fix, or the previous one when the fix is not trusted.
  const here = trusted || !previous ? fix : previous;
  const lastStop = next >= 1 ? stops[next - 1] : null;
  const fromLastStop = lastStop ? haversineMeters(here.latitude, here.longitude, lastStop.lat, lastStop.lng) : Infinity;
  const atLastStop = fromLastStop <= reachRadius(accuracyOf(here));
  // Reached within the radius but not there yet: the path still goes through it.
  const rollingIn = atLastStop && previous != null && haversineMeters(previous.latitude, previous.longitude, lastStop!.lat, lastStop!.lng) > fromLastStop + 1;

  // 3 (second half). Rolling into, standing at and leaving the stop just reached is its dwell, not traffic.
  // The average starts from the planned speed, not from the first fix (often taken standing).
  const routePrior = meanScheduledSpeed(stops) ?? DEFAULT_SPEED;
  let speedAvg = input.speedAvg != null && Number.isFinite(input.speedAvg) ? clamp(input.speedAvg, 0, SANE_SPEED) : null;
  if (trusted && observed != null && !atLastStop) {
    speedAvg ??= (next >= 1 && next < n ? scheduledSpeed(stops, next) : null) ?? routePrior;
    speedAvg += (1 - Math.exp(-clamp(previous ? dt : 2, 0.5, 60) / SPEED_TAU_S)) * (observed - speedAvg);
  }
  if (speedAvg != null) speedAvg = Math.round(speedAvg * 1000) / 1000;

  if (next >= n) return { etas: [], nextIndex: next, reached, speedAvg };

  // 4 and 5. Remaining path and time.
  // Metres along the route from the first stop to the bus: how much of this run the speed has seen.
  let history = START_HISTORY_M + (next >= 1 ? alongSegment(stops, next, here.latitude, here.longitude) : 0);
  for (let j = 1; j < next; j++) history += segmentLength(stops, j);
  const observedWeight = speedAvg == null ? 0 : (MAX_OBSERVED_WEIGHT * history) / (history + HISTORY_M);
  const observedSpeed = speedAvg == null ? DEFAULT_SPEED : clamp(speedAvg, MIN_SPEED, MAX_SPEED);

  // The rest of the dwell at the stop just reached: all of it while still rolling in, half once standing.
  let seconds = atLastStop ? (moving ? (rollingIn ? STOP_DWELL_S : 0) : STOP_DWELL_S / 2) : 0;

  const etas: StopEta[] = [];
  const earliest = Math.ceil(fix.timestamp);
  let meters = 0;
  for (let j = next; j < n; j++) {
    const straight =
      j > next ? segmentLength(stops, j)
      : rollingIn ? fromLastStop + segmentLength(stops, j)
      : haversineMeters(here.latitude, here.longitude, stops[j].lat, stops[j].lng);
    const road = straight * DETOUR_FACTOR;
    const ahead = meters;
    meters += road;
    if (j > next) seconds += STOP_DWELL_S;
    const prior = (j >= 1 ? scheduledSpeed(stops, j) : null) ?? routePrior;
    // ∫ of 1/speed over the segment, the observed speed's weight fading as w·e^(−x/LOOKAHEAD_M) with
    // the distance x ahead of the bus: a jam slows the next kilometre or two, not the whole route.
    const slower = observedSpeed < prior;
    const fade = slower ? LOOKAHEAD_M * (Math.exp(-ahead / LOOKAHEAD_M) - Math.exp(-meters / LOOKAHEAD_M)) : road;
    seconds += road / prior + observedWeight * (1 / observedSpeed - 1 / prior) * fade;
    etas.push({ stopId: stops[j].id, eta: Math.max(earliest, Math.round(fix.timestamp + seconds)), meters: Math.round(meters) });
  }
  return { etas, nextIndex: next, reached, speedAvg };
}
