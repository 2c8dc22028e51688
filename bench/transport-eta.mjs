// ETA of the bus to its stops (issue 13 §4) on a recorded run: bench/fixtures/route1-run.json (made
// by bench/fixtures/make-route1-run.mjs) is replayed report by report through trackRoute of
// packages/core, keeping its state as the server does, and every prediction is checked against the
// bus's real arrival. Errors at each stop as predicted 10, 5 and 2 minutes before the arrival (the
// last report at or before that moment), and over every prediction from 15 minutes to 30 s before
// an arrival, for trackRoute, a naive estimate (straight line from the bus to the stop at a constant
// 25 km/h) and the schedule alone. Then how many reports per second trackRoute handles. The same on
// bench/fixtures/route1-run-slow.json, a rainy day when everything is 40 % slower.
// No server and no build needed: core is bundled from its TypeScript with esbuild on the fly.
// `node bench/transport-eta.mjs [fixture.json …]`.
import { readFileSync } from 'node:fs';
import { importTypeScript } from '../scripts/import-typescript.mjs';

const { trackRoute, haversineMeters } = await importTypeScript(new URL('../packages/core/src/transport/index.ts', import.meta.url));

const NAIVE_SPEED = 25 / 3.6;
const HORIZONS_MIN = [10, 5, 2];
const WINDOW_S = [30, 15 * 60];
const fixturePaths = process.argv.length > 2 ? process.argv.slice(2) : ['route1-run.json', 'route1-run-slow.json'].map((f) => new URL(`./fixtures/${f}`, import.meta.url).pathname);

for (const fixturePath of fixturePaths) {
  const run = JSON.parse(readFileSync(fixturePath, 'utf8'));
  const stops = run.stops.map(({ id, lat, lng, scheduledAt }) => ({ id, lat, lng, scheduledAt }));
  const arrivalOf = new Map(run.arrivals.map((a) => [a.stopId, a.at]));
  const fixes = run.fixes.map((row) => Object.fromEntries(run.columns.map((name, i) => [name, row[i]])));


  /** Replays the run through trackRoute; answers, per report, its time and the predicted arrival per stop id. */
  function replay() {
    let nextIndex = 0;
    let previous = null;
    let speedAvg = null;
    const predictions = [];
    const reachedAt = new Map();
    for (const fix of fixes) {
      const result = trackRoute({ stops, nextIndex, fix, previous, speedAvg });
      if (result.nextIndex < nextIndex) throw new Error(`nextIndex went back at ${fix.timestamp}`);
      for (const id of result.reached) {
        if (reachedAt.has(id)) throw new Error(`stop ${id} reached twice`);
        reachedAt.set(id, fix.timestamp);
      }
      ({ nextIndex, speedAvg } = result);
      previous = fix;
      predictions.push({ at: fix.timestamp, fix, etas: new Map(result.etas.map((e) => [e.stopId, e.eta])) });
    }
    return { predictions, reachedAt };
  }

  const { predictions, reachedAt } = replay();
  const methods = {
    trackRoute: (p, stop) => p.etas.get(stop.id),
    'naive (straight line, 25 km/h)': (p, stop) => p.at + haversineMeters(p.fix.latitude, p.fix.longitude, stop.lat, stop.lng) / NAIVE_SPEED,
    'schedule only': (_p, stop) => stop.scheduledAt,
  };

  /** The error (s, predicted − actual) of `method` for `stop` as predicted by the last report at or before `at`. */
  function errorAt(method, stop, at) {
    const p = predictions.findLast((q) => q.at <= at);
    if (!p || p.at < predictions[0].at) return null;
    const eta = methods[method](p, stop);
    return eta === undefined ? null : { error: eta - arrivalOf.get(stop.id), ahead: arrivalOf.get(stop.id) - p.at };
  }

  const fmt = (e) => (e === null ? '—' : `${e.error >= 0 ? '+' : '−'}${Math.abs(e.error).toFixed(0)} s (${((100 * Math.abs(e.error)) / e.ahead).toFixed(0)} %)`);
  const names = Object.keys(methods);

  console.log(`\nRecorded run: ${fixes.length} reports over ${((fixes.at(-1).timestamp - fixes[0].timestamp) / 60).toFixed(0)} min, ${(run.roadMeters / 1000).toFixed(1)} km of road, ${stops.length} stops (${fixturePath.split('/').slice(-2).join('/')})`);
  console.log(`\n| stop | arrived | scheduled | reached by trackRoute | ${HORIZONS_MIN.map((h) => `${h} min before: ${names.map((n) => n.split(' ')[0]).join(' · ')}`).join(' | ')} |`);
  console.log(`|---|---|---|---|${HORIZONS_MIN.map(() => '---|').join('')}`);
  const clock = (epoch) => new Date((epoch - 5 * 3600) * 1000).toISOString().slice(11, 19);
  for (const stop of run.stops) {
    const arrival = arrivalOf.get(stop.id);
    const reached = reachedAt.get(stop.id);
    const cells = HORIZONS_MIN.map((h) => names.map((n) => fmt(errorAt(n, stop, arrival - h * 60))).join(' · '));
    console.log(`| ${stop.name.split(' (')[0]} | ${clock(arrival)} | ${stop.scheduledTime} | ${reached === undefined ? 'never' : `${(arrival - reached).toFixed(0)} s before`} | ${cells.join(' | ')} |`);
  }

  console.log(`\n| estimator | ${HORIZONS_MIN.map((h) => `mean abs error ${h} min before`).join(' | ')} | mean abs error, all predictions 15 min–30 s before | max abs error (same) | mean error as % of the time to go |`);
  console.log(`|---|${HORIZONS_MIN.map(() => '---:|').join('')}---:|---:|---:|`);
  for (const name of names) {
    const atHorizon = HORIZONS_MIN.map((h) => {
      const errors = stops.map((s) => errorAt(name, s, arrivalOf.get(s.id) - h * 60)).filter(Boolean);
      return errors.length ? `${(errors.reduce((sum, e) => sum + Math.abs(e.error), 0) / errors.length).toFixed(0)} s` : '—';
    });
    let sum = 0;
    let sumPct = 0;
    let max = 0;
    let count = 0;
    for (const p of predictions) {
      for (const stop of stops) {
        const ahead = arrivalOf.get(stop.id) - p.at;
        if (ahead < WINDOW_S[0] || ahead > WINDOW_S[1]) continue;
        const eta = methods[name](p, stop);
        if (eta === undefined) continue;
        const error = Math.abs(eta - arrivalOf.get(stop.id));
        sum += error;
        sumPct += (100 * error) / ahead;
        max = Math.max(max, error);
        count++;
      }
    }
    console.log(`| ${name} | ${atHorizon.join(' | ')} | ${(sum / count).toFixed(0)} s | ${max.toFixed(0)} s | ${(sumPct / count).toFixed(0)} % |`);
  }

  // Throughput: trackRoute alone, on the inputs the replay gave it (state included), again and again.
  const inputs = [];
  {
    let nextIndex = 0;
    let previous = null;
    let speedAvg = null;
    for (const fix of fixes) {
      inputs.push({ stops, nextIndex, fix, previous, speedAvg });
      ({ nextIndex, speedAvg } = trackRoute(inputs.at(-1)));
      previous = fix;
    }
  }
  const REPEAT = 300;
  for (const input of inputs) trackRoute(input);
  const startedAt = performance.now();
  for (let i = 0; i < REPEAT; i++) for (const input of inputs) trackRoute(input);
  const ms = performance.now() - startedAt;
  console.log(`\ntrackRoute: ${Math.round((REPEAT * inputs.length) / (ms / 1000)).toLocaleString('en')} reports/s on one core (${((1000 * ms) / (REPEAT * inputs.length)).toFixed(1)} µs each, ${stops.length} stops)`);
}
