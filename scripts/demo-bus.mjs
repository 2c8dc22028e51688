#!/usr/bin/env node
// `npm run demo:bus`: drives the demo school's bus along its route so the map is alive (issue 13).
// Signs in as the demo driver, finds the route the driver drives, starts a run (or carries on with
// the one already on, from where the bus was last seen), reports a position every 2 s as a phone
// would (spec §3) along the stops (planDemoRun of packages/core: straight legs at 8–11 m/s, 20 s at
// each stop), finishes the run at the last stop, waits a minute and drives again; `--once` stops
// after one run. Ctrl-C finishes the run on the way out.
//
//   PATIO_URL            the running server (default http://localhost:$PORT, PORT default 8080)
//   PATIO_SCHOOL         the school code (default demo)
//   DEMO_BUS_USER        the driver's username (default driver); DEMO_BUS_PASSWORD (default demo1234)
//   --once               one run, then exit
//
// Needs the repository's dev dependencies (esbuild compiles the path module of packages/core).
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { importTypeScript } from './import-typescript.mjs';

const REPORT_EVERY_MS = 2000; // POSITION_REPORT_INTERVAL_MS of packages/core
const LAYOVER_MS = 60_000;
const RETRY_MS = 5000;

/** planDemoRun, demoPositionAt and demoTimeNearest, compiled from packages/core/src/transport/demo-path.ts. */
const loadDemoPath = () => importTypeScript(new URL('../packages/core/src/transport/demo-path.ts', import.meta.url));

/** Waits `ms`, or less if `signal` aborts meanwhile. */
const sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

class ApiError extends Error {
  constructor(status, body) {
    super(`${status} ${body?.error ?? ''} ${body?.message ?? ''}`.trim());
    this.status = status;
    this.code = body?.error;
  }
}

/** What waiting will not mend: wrong password, no route to drive. */
class FatalError extends Error {}

/** A small client of the school's API that signs in again when its token is refused. */
function apiClient({ url, school, username, password }) {
  const base = `${url.replace(/\/$/, '')}/api/${school}`;
  let token = null;
  const signIn = async () => {
    const res = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const body = await res.json().catch(() => null);
    if (res.status === 401 || res.status === 403) throw new FatalError(`${username} cannot sign in at ${school}: ${body?.message ?? res.status}`);
    if (res.status !== 200) throw new ApiError(res.status, body);
    token = body.access_token;
    // The token's subject is the person's id.
    return Number(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub);
  };
  const call = async (method, path, body) => {
    for (let attempt = 0; ; attempt++) {
      if (!token) await signIn();
      const res = await fetch(`${base}/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = await res.json().catch(() => null);
      if (res.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (res.status >= 400) throw new ApiError(res.status, answer);
      return answer;
    }
  };
  return { base, signIn, call };
}

/**
 * Drives the bus until `signal` aborts (or after one run with `once`); the run on at that moment is
 * finished. `log` receives a line per event: run started, stop reached, run finished, trouble.
 */
export async function driveDemoBus({ url, school = 'demo', username = 'driver', password = 'demo1234', once = false, signal, log = console.log }) {
  const { planDemoRun, demoPositionAt, demoTimeNearest } = await loadDemoPath();
  const api = apiClient({ url, school, username, password });

  /** `step` until it succeeds; the server may be starting, restarting or briefly away. Null once aborted. */
  const retrying = async (what, step) => {
    while (!signal?.aborted) {
      try {
        return await step();
      } catch (err) {
        if (err instanceof FatalError) throw err;
        log(`demo bus: ${what}: ${err.cause?.code ?? err.message}; trying again in ${RETRY_MS / 1000} s`);
        await sleep(RETRY_MS, signal);
      }
    }
    return null;
  };

  const me = await retrying(`signing in at ${api.base}`, api.signIn);

  /** The driver's route and a run of it: a new one, or the one already on from where the bus was last seen. */
  const startRun = async () => {
    const routes = await api.call('GET', 'transport/routes');
    const route = routes.find((r) => r.canDrive && r.driver?.id === me) ?? routes.find((r) => r.canDrive);
    if (!route) throw new FatalError(`${username} drives no route at ${school}`);
    if (route.stops.length < 2) throw new FatalError(`${route.name} has fewer than two stops`);
    const stops = [...route.stops].sort((a, b) => a.position - b.position);
    const plan = planDemoRun(stops);
    try {
      const { id } = await api.call('POST', `transport/routes/${route.id}/runs`);
      log(`demo bus: ${route.name}: run ${id} started, ${stops.length} stops, about ${Math.round(plan.duration / 60)} min`);
      return { route, stops, plan, runId: id, offset: 0 };
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'run_in_progress') throw err;
      const current = await api.call('GET', `transport/routes/${route.id}`);
      if (!current.run) throw err; // finished meanwhile: start again
      const seen = current.lastPosition;
      const offset = seen ? demoTimeNearest(plan, seen.latitude, seen.longitude) : 0;
      log(`demo bus: ${route.name}: carrying on with run ${current.run.id}, ${Math.round(offset / 60)} min in`);
      return { route, stops, plan, runId: current.run.id, offset };
    }
  };

  /** Reports every 2 s until the last stop (the run is finished), the run is finished by someone else, or abort. */
  const drive = async ({ route, stops, plan, runId, offset }) => {
    const startedAt = Date.now() - offset * 1000;
    let lastStop = -1;
    while (!signal?.aborted) {
      const tickAt = Date.now();
      const position = demoPositionAt(plan, (tickAt - startedAt) / 1000);
      try {
        await api.call('POST', `geo/targets/${route.targetId}/position`, {
          latitude: position.latitude,
          longitude: position.longitude,
          altitude: null,
          accuracy: 5,
          altitudeAccuracy: null,
          heading: position.heading,
          speed: position.speed,
          timestamp: tickAt / 1000,
        });
      } catch (err) {
        if (err instanceof FatalError) throw err;
        if (err instanceof ApiError && err.status === 409) {
          log(`demo bus: run ${runId} is not on any more (${err.message})`);
          return;
        }
        // 429: a report came too soon after the last; anything else: say so and carry on.
        if (!(err instanceof ApiError && err.status === 429)) log(`demo bus: report not taken: ${err.cause?.code ?? err.message}`);
      }
      if (position.stopIndex !== null && position.stopIndex !== lastStop) {
        lastStop = position.stopIndex;
        log(`demo bus: at stop ${lastStop + 1}/${stops.length}, ${stops[lastStop].name}`);
      }
      if (position.done) break;
      await sleep(Math.max(0, REPORT_EVERY_MS - (Date.now() - tickAt)), signal);
    }
    await api.call('POST', `transport/routes/${route.id}/runs/${runId}/finish`).then(
      () => log(`demo bus: run ${runId} finished`),
      (err) => log(`demo bus: finishing run ${runId}: ${err.message}`),
    );
  };

  while (me !== null && !signal?.aborted) {
    const run = await retrying('starting a run', startRun);
    if (!run) break;
    await drive(run);
    if (once) break;
    await sleep(LAYOVER_MS, signal);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const controller = new AbortController();
  let stopping = false;
  for (const name of ['SIGINT', 'SIGTERM']) {
    process.on(name, () => {
      if (stopping) process.exit(130);
      stopping = true;
      controller.abort();
      // The run is finished on the way out; never wait long for it.
      setTimeout(() => process.exit(0), 5000).unref();
    });
  }
  const url = process.env.PATIO_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;
  driveDemoBus({
    url,
    school: process.env.PATIO_SCHOOL ?? 'demo',
    username: process.env.DEMO_BUS_USER ?? 'driver',
    password: process.env.DEMO_BUS_PASSWORD ?? 'demo1234',
    once: process.argv.includes('--once'),
    signal: controller.signal,
  }).then(
    () => process.exit(0),
    (err) => {
      console.error(`demo bus: ${err.message}`);
      process.exit(1);
    },
  );
}
