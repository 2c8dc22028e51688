// Live bus positions (issue 13 §5): "≥ 4,000 position reports/s ingested with none lost, fanned out to
// 10,000 WebSocket watchers with p95 ≤ 250 ms from report to delivery, memory recorded".
//
// Setup: the built server (dist/main.js, demo school) gets BENCH_TARGETS bus routes (default 8,000,
// so that 4,000 reports/s is every bus reporting once every 2 s, the spec's cadence), each a route node
// with the demo route's 6 stops and planned times, its own driver (an employee of the route node and
// transport_routes.driver_id), written straight into the database; each run is then started through
// the API (POST transport/routes/{id}/runs, which creates the route's tracked bus). BENCH_WATCHERS
// people (default 10,000) ride the watched routes (route_riders rows), one socket each. Every token
// is signed here with the server's PATIO_JWT_SECRET. Warm-up, not counted: one report of every bus.
//
// Reports come from a minimal HTTP/1.1 client in this process: BENCH_CONNECTIONS keep-alive
// connections (default 128), each the only one to report for its share of the buses, so two reports
// of one bus never overlap. A bus moves 20 m along its route per report; its device timestamp is the
// clock's, or 2 s after its last one when it reports faster than every 2 s (the server refuses reports
// closer than 1.5 s and accepts up to 300 s of skew).
// 1. ingest-max: closed loop, reports back to back for BENCH_SECONDS (default 20): the most the server takes.
// 2. ingest-rate: open loop, BENCH_RATE reports/s (default 4,000: every bus every 2 s) on a fixed
//    schedule whatever the answers; latency from the request write and from the schedule; reports
//    still waiting 5 s after the phase (the server fell behind) are dropped and counted, never sent.
// 3. ingest-cadence: open loop, the first BENCH_CADENCE_BUSES buses (default 1,000) every 2 s.
//    After each phase, "none lost": rows in geo_positions = 201 answers so far, every 201's id a row.
// 4. fanout-one, fanout-spread: BENCH_WATCHERS sockets in BENCH_WATCHER_PROCESSES child processes
//    (default 2; transport-live-watchers.mjs) subscribe to transport/routes/{id}, all on one route,
//    then spread over BENCH_SPREAD routes (default 100), while the buses report in the open loop:
//    the watched buses alone, the cadence buses, then every bus at BENCH_FANOUT_RATE (default
//    BENCH_RATE). Latency = arrival at the watcher − the report's request write (same machine, same
//    clock), for every (report, watcher) pair; delivered vs expected (each live report of a watched
//    route × its subscribed watchers); the server's RSS (VmRSS, VmHWM) before and after the sockets.
// Configurations: SQLite with the in-process event bus; SQLite with Redis as the bus when
// BENCH_REDIS_URL is set; PostgreSQL when BENCH_PG_URL is set (a scratch database).
// BENCH_PROFILE=1: the server runs under --cpu-prof and each phase's CPU is summarised (measure without).
// BENCH_PHASES: a comma list of the phases above (default all). BENCH_CONFIGS: a comma list of the
// configurations' labels (SQLite, SQLite + Redis bus, PostgreSQL; default all). BENCH_NODE_FLAGS: more
// flags for the server's node. BENCH_SERVER: another build's main.js (default apps/server/dist/main.js).
// Needs `npm run build -w apps/server`.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { openDatabase } from './lib.mjs';
import { profileBetween, summariseProfile } from './profile-summary.mjs';
import { databases, startSchool } from './school-data.mjs';

const env = process.env;
const TARGETS = Number(env.BENCH_TARGETS ?? 8000);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 128);
const SECONDS = Number(env.BENCH_SECONDS ?? 20);
const RATE = Number(env.BENCH_RATE ?? 4000);
const FANOUT_RATE = Number(env.BENCH_FANOUT_RATE ?? RATE);
const WATCHERS = Number(env.BENCH_WATCHERS ?? 10_000);
const SPREAD = Number(env.BENCH_SPREAD ?? 100);
const WATCHER_PROCESSES = Number(env.BENCH_WATCHER_PROCESSES ?? 2);
const PROFILE = env.BENCH_PROFILE === '1';
const PHASES = new Set((env.BENCH_PHASES ?? 'ingest-max,ingest-rate,ingest-cadence,fanout-one,fanout-spread').split(','));
const CADENCE_BUSES = Number(env.BENCH_CADENCE_BUSES ?? 1000);
const TARGET_RATE = 4000; // issue 13 §5
const TARGET_P95_MS = 250;
const SECRET = 'bench-only-secret-0123456789abcdef0123456789abcdef';
const ORG = 'demo';
const REPORT_GAP_S = 2; // spec: one report every 2 s
const STEP_M = 20; // a bus at 36 km/h, per report
const here = new URL('.', import.meta.url).pathname;
const secretKey = new TextEncoder().encode(SECRET);

// ── The machine ─────────────────────────────────────────────────────────────────────────────────────

/** The process's CPU time so far, in seconds (utime + stime of /proc/{pid}/stat). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const memoryOf = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
const mib = (bytes) => `${Math.round(bytes / 1048576)} MiB`;
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (n) => (n > 0 && n < 10 && !Number.isInteger(n) ? n.toFixed(1) : Math.round(n).toLocaleString('en'));

function percentiles(values) {
  const sorted = Float64Array.from(values).sort();
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.length ? sorted[sorted.length - 1] : NaN };
}
const ms = (v) => (Number.isNaN(v) ? '—' : v < 10 ? v.toFixed(1) : v.toFixed(0));
const trio = (p) => `${ms(p.p50)} / ${ms(p.p95)} / ${ms(p.p99)}`;

// ── The database from the outside ───────────────────────────────────────────────────────────────────

/** Multi-row inserts of `rows` (arrays in `columns` order), 400 at a time. */
async function insertRows(conn, table, columns, rows) {
  for (let from = 0; from < rows.length; from += 400) {
    const chunk = rows.slice(from, from + 400);
    const params = [];
    const values = chunk.map((row) => `(${row.map((value) => `$${params.push(value)}`).join(', ')})`);
    await conn.all(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`, params);
  }
}

// ── The routes ──────────────────────────────────────────────────────────────────────────────────────

// The demo's Ruta 1 (apps/server/src/db/seed/demo-people.ts): every bench route drives it.
const STOPS = [
  { name: 'Parque El Chicó', lat: 4.6762, lng: -74.0478 },
  { name: 'Santa Bárbara', lat: 4.6968, lng: -74.0445 },
  { name: 'Parque de Usaquén', lat: 4.6948, lng: -74.0306 },
  { name: 'Unicentro', lat: 4.702, lng: -74.0418 },
  { name: 'Cedritos', lat: 4.7222, lng: -74.0451 },
  { name: 'Colegio Los Andes', lat: 4.7521, lng: -74.0298 },
];
const rad = (d) => (d * Math.PI) / 180;
function meters(a, b) {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
const legs = STOPS.slice(1).map((b, i) => ({ a: STOPS[i], b, length: meters(STOPS[i], b) }));
const routeLength = legs.reduce((s, l) => s + l.length, 0);

/** Where a bus is after `distance` metres of the route, and its heading. */
function pointAt(distance) {
  let rest = Math.min(distance, routeLength - 1);
  for (const leg of legs) {
    if (rest <= leg.length) {
      const f = rest / leg.length;
      const heading = ((Math.atan2(leg.b.lng - leg.a.lng, leg.b.lat - leg.a.lat) * 180) / Math.PI + 360) % 360;
      return { latitude: leg.a.lat + f * (leg.b.lat - leg.a.lat), longitude: leg.a.lng + f * (leg.b.lng - leg.a.lng), heading };
    }
    rest -= leg.length;
  }
  return { latitude: STOPS.at(-1).lat, longitude: STOPS.at(-1).lng, heading: 0 };
}

async function sign(personId) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ uid: personId, org: ORG })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(personId))
    .setIssuedAt(now)
    .setExpirationTime(now + 4 * 3600)
    .sign(secretKey);
}

/** People named "Bench <kind><n>"; answers their ids in n order. */
async function insertPeople(conn, orgId, kind, count) {
  const now = new Date().toISOString();
  const rows = [];
  for (let i = 0; i < count; i++) {
    const first = 'Bench';
    const last = `${kind}${String(i).padStart(5, '0')}`;
    rows.push([orgId, first, last, 0, now, `${first}|${last}||`.toLowerCase(), `${last}\t\t${first}`.toLowerCase()]);
  }
  await insertRows(conn, 'people', ['org_id', 'first_name', 'last_name', 'is_admin', 'created_at', 'search_key', 'sort_key'], rows);
  const found = await conn.all("SELECT id, last_name FROM people WHERE org_id = $1 AND first_name = 'Bench' AND last_name LIKE $2", [orgId, `${kind}%`]);
  const byName = new Map(found.map((r) => [r.last_name, Number(r.id)]));
  return rows.map((r) => byName.get(r[2]));
}

/**
 * TARGETS routes with their stops, drivers and riders (the watchers) written into the database; each
 * run started through the API. Answers the buses (target, route, driver, token) and the watcher ids.
 */
async function seed(conn, school) {
  const t0 = performance.now();
  const [org] = await conn.all("SELECT id FROM orgs WHERE code = 'demo'");
  const orgId = Number(org.id);
  const [type] = await conn.all("SELECT id FROM node_types WHERE org_id = $1 AND key = 'route'", [orgId]);
  const [demoRoute] = await conn.all("SELECT parent_id FROM nodes WHERE org_id = $1 AND name = 'Ruta 1'", [orgId]);
  const now = new Date().toISOString();
  const drivers = await insertPeople(conn, orgId, 'Driver', TARGETS);
  const watchers = await insertPeople(conn, orgId, 'Watcher', WATCHERS);
  const names = Array.from({ length: TARGETS }, (_, i) => `Bench route ${String(i).padStart(5, '0')}`);
  await insertRows(conn, 'nodes', ['org_id', 'parent_id', 'type_id', 'name', 'position', 'created_at'],
    names.map((name, i) => [orgId, demoRoute.parent_id, Number(type.id), name, 100 + i, now]));
  const nodeRows = await conn.all("SELECT id, name FROM nodes WHERE org_id = $1 AND name LIKE 'Bench route %'", [orgId]);
  const nodeOf = new Map(nodeRows.map((r) => [r.name, Number(r.id)]));
  const routes = names.map((name) => nodeOf.get(name));
  await insertRows(conn, 'memberships', ['org_id', 'node_id', 'person_id', 'role', 'created_at'], routes.map((id, i) => [orgId, id, drivers[i], 'employee', now]));
  await insertRows(conn, 'transport_routes', ['org_id', 'node_id', 'vehicle', 'driver_id'], routes.map((id, i) => [orgId, id, `BUS-${i}`, drivers[i]]));
  await insertRows(conn, 'route_stops', ['org_id', 'node_id', 'position', 'name', 'lat', 'lng', 'scheduled_time'],
    routes.flatMap((id) => STOPS.map((s, k) => [orgId, id, k + 1, s.name, s.lat, s.lng, `06:${String(10 + 8 * k).padStart(2, '0')}`])));
  // Watcher j rides route 0 (the single-route case) and route j % SPREAD (the spread case).
  const riders = new Set();
  watchers.forEach((person, j) => {
    riders.add(`${routes[0]}:${person}`);
    riders.add(`${routes[j % SPREAD]}:${person}`);
  });
  await insertRows(conn, 'route_riders', ['org_id', 'node_id', 'person_id'], [...riders].map((pair) => [orgId, ...pair.split(':').map(Number)]));
  const seedMs = performance.now() - t0;

  // Start every run through the API, 16 at a time, as each route's driver.
  const t1 = performance.now();
  const tokens = await Promise.all(drivers.map(sign));
  let next = 0;
  const failures = [];
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next < routes.length) {
      const i = next++;
      const res = await fetch(`${school.base}/transport/routes/${routes[i]}/runs`, { method: 'POST', headers: { authorization: `Bearer ${tokens[i]}` } });
      const body = await res.text();
      if (res.status !== 201) failures.push(`${res.status} ${body}`);
    }
  }));
  if (failures.length) throw new Error(`${failures.length} runs did not start: ${failures.slice(0, 3).join('; ')}`);
  const runsMs = performance.now() - t1;
  const targetRows = await conn.all('SELECT id, node_id FROM geo_targets WHERE org_id = $1', [orgId]);
  const targetOf = new Map(targetRows.map((r) => [Number(r.node_id), Number(r.id)]));
  const startTs = Math.floor(Date.now() / 1000) - 200; // device time may trail the run's start by up to 300 s
  const buses = routes.map((route, i) => ({
    index: i,
    route,
    target: targetOf.get(route),
    token: tokens[i],
    head: `POST /api/${ORG}/geo/targets/${targetOf.get(route)}/position HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tokens[i]}\r\nContent-Type: application/json\r\nContent-Length: `,
    lastTs: startTs - REPORT_GAP_S,
    // Each bus starts at its first stop (a few metres apart from the others): its first report reaches
    // that stop, then a stop comes every ~100 reports, as on a real run.
    distance: (i * 7) % 40,
  }));
  return { orgId, buses, watchers, routes, seedMs, runsMs };
}

// ── The reporting client ────────────────────────────────────────────────────────────────────────────

/** One keep-alive HTTP/1.1 connection, one request at a time; answers {status, body}. */
class Lane {
  constructor(port) {
    this.port = port;
    this.socket = null;
    this.pending = null;
    this.buffer = null;
    this.queue = [];
    this.busy = false;
  }

  open() {
    return new Promise((resolve, reject) => {
      const socket = net.connect(this.port, '127.0.0.1', () => resolve());
      socket.setNoDelay(true);
      socket.on('data', (chunk) => this.onData(chunk));
      socket.on('error', (err) => {
        reject(err);
        this.fail(err);
      });
      socket.on('close', () => this.fail(new Error('connection closed')));
      this.socket = socket;
      this.buffer = null;
    });
  }

  fail(err) {
    this.socket = null;
    const pending = this.pending;
    this.pending = null;
    pending?.reject(err);
  }

  async request(bytes) {
    if (!this.socket) await this.open();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  onData(chunk) {
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end === -1) return;
    const head = this.buffer.toString('latin1', 0, end);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < end + 4 + length) return;
    const body = this.buffer.toString('utf8', end + 4, end + 4 + length);
    this.buffer = null;
    const pending = this.pending;
    this.pending = null;
    pending?.resolve({ status: Number(head.slice(9, 12)), body });
  }

  close() {
    this.socket?.destroy();
  }
}

/** What one phase of reports gives: answers, latencies, ids, the send instant of each live watched report. */
function newTally(watched) {
  return { sent: 0, dropped: 0, statuses: new Map(), latencies: [], lags: [], fromSchedule: [], ids: [], live: 0, notLive: 0, errors: 0, watched, sends: new Map(), firstAt: Infinity, lastAt: 0 };
}

/** Sends the next report of `bus` on `lane` and records its answer. */
async function report(lane, bus, tally, dueAt) {
  const nowS = Math.floor(Date.now() / 1000);
  const timestamp = Math.max(nowS, bus.lastTs + REPORT_GAP_S);
  bus.lastTs = timestamp;
  bus.distance += STEP_M;
  const point = pointAt(bus.distance);
  const body = JSON.stringify({ latitude: point.latitude, longitude: point.longitude, altitude: 2600, accuracy: 8, altitudeAccuracy: 12, heading: point.heading, speed: 10, timestamp });
  const wallAt = Date.now();
  const t0 = performance.now();
  if (dueAt !== undefined) tally.lags.push(t0 - dueAt);
  tally.sent++;
  tally.firstAt = Math.min(tally.firstAt, t0);
  let answer;
  try {
    answer = await lane.request(`${bus.head}${Buffer.byteLength(body)}\r\n\r\n${body}`);
  } catch {
    tally.errors++;
    return;
  }
  const t1 = performance.now();
  tally.lastAt = Math.max(tally.lastAt, t1);
  tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
  tally.latencies.push(t1 - t0);
  if (dueAt !== undefined) tally.fromSchedule.push(t1 - dueAt);
  if (answer.status === 201) {
    const { id, live } = JSON.parse(answer.body);
    tally.ids.push(String(id));
    if (live) {
      tally.live++;
      if (tally.watched?.has(bus.route)) tally.sends.set(`${bus.route}:${timestamp}`, wallAt);
    } else tally.notLive++;
  } else if (tally.errorSample === undefined) tally.errorSample = `${answer.status} ${answer.body.slice(0, 200)}`;
}

async function openLanes(port, count) {
  const lanes = Array.from({ length: count }, () => new Lane(port));
  await Promise.all(lanes.map((l) => l.open()));
  return lanes;
}

/**
 * Closed loop: each lane reports for its buses, one after the other, back to back, until `seconds`
 * pass (or each of its buses reported `rounds` times).
 */
async function closedLoop(lanes, buses, seconds, tally, rounds = Infinity) {
  const until = performance.now() + seconds * 1000;
  await Promise.all(lanes.map(async (lane, j) => {
    const own = buses.filter((_, i) => i % lanes.length === j);
    for (let k = 0; performance.now() < until && k < rounds * own.length; k++) await report(lane, own[k % own.length], tally);
  }));
}

/** How long after its phase a report still waiting in the client is sent rather than dropped. */
const GRACE_MS = 5000;

/**
 * Open loop: report n of the list is due at start + n / rate (bus n mod length), whatever the answers;
 * each bus always on the same lane, so its reports never overlap. Reports still waiting for their lane
 * GRACE_MS after the phase (the server did not keep up) are dropped, never sent, and counted.
 * Ends when the last answer is in.
 */
async function openLoop(lanes, buses, rate, seconds, tally) {
  const total = Math.round(rate * seconds);
  const start = performance.now() + 20;
  const cutoff = start + seconds * 1000 + GRACE_MS;
  const laneOf = (bus) => lanes[bus.index % lanes.length];
  const pumps = [];
  const pump = async (lane) => {
    lane.busy = true;
    while (lane.queue.length) {
      if (performance.now() > cutoff) {
        tally.dropped += lane.queue.length;
        lane.queue.length = 0;
        break;
      }
      const { bus, dueAt } = lane.queue.shift();
      await report(lane, bus, tally, dueAt);
    }
    lane.busy = false;
  };
  let n = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (; n < total && start + (n * 1000) / rate <= now; n++) {
        const bus = buses[n % buses.length];
        const lane = laneOf(bus);
        lane.queue.push({ bus, dueAt: start + (n * 1000) / rate });
        if (!lane.busy) pumps.push(pump(lane));
      }
      if (n < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(pumps);
}

// ── Checks ──────────────────────────────────────────────────────────────────────────────────────────

/** Rows in geo_positions against the 201 answers so far: counts, and every answered id present. */
async function checkNoneLost(conn, orgId, answeredIds) {
  const rows = await conn.all('SELECT id FROM geo_positions WHERE org_id = $1', [orgId]);
  const stored = new Set(rows.map((r) => String(r.id)));
  let missing = 0;
  for (const id of answeredIds) if (!stored.has(id)) missing++;
  const distinct = new Set(answeredIds).size;
  return { rows: stored.size, answered: answeredIds.length, missing, duplicateIds: answeredIds.length - distinct, ok: missing === 0 && stored.size === answeredIds.length && distinct === answeredIds.length };
}

// ── Watchers ────────────────────────────────────────────────────────────────────────────────────────

function ask(child, message, event) {
  return new Promise((resolve, reject) => {
    const onMessage = (m) => {
      if (m.event !== event) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m);
    };
    const onExit = (code) => reject(new Error(`watcher process exited (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message) child.send(message);
  });
}

/** Starts the watcher processes and connects `assignments` ({personId, route}) spread over them. */
async function startWatchers(port, assignments) {
  const children = Array.from({ length: WATCHER_PROCESSES }, () => fork(join(here, 'transport-live-watchers.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  await Promise.all(children.map((c) => ask(c, null, 'started')));
  const url = `ws://127.0.0.1:${port}/api/${ORG}/live`;
  const t0 = performance.now();
  const results = await Promise.all(children.map((child, k) =>
    ask(child, { cmd: 'connect', url, secret: SECRET, org: ORG, watchers: assignments.filter((_, i) => i % children.length === k), inFlight: 100 }, 'connected')));
  const errors = {};
  const openByRoute = new Map();
  for (const r of results) {
    for (const [e, n] of Object.entries(r.errors)) errors[e] = (errors[e] ?? 0) + n;
    for (const [route, n] of Object.entries(r.openByRoute)) openByRoute.set(Number(route), (openByRoute.get(Number(route)) ?? 0) + n);
  }
  return {
    children,
    openByRoute,
    open: results.reduce((s, r) => s + r.open, 0),
    failed: results.reduce((s, r) => s + r.failed, 0),
    errors,
    connectMs: performance.now() - t0,
  };
}

async function collectWatchers(children, sends) {
  const list = [...sends];
  const results = await Promise.all(children.map((c) => ask(c, { cmd: 'collect', sends: list }, 'collected')));
  await Promise.all(children.map((c) => ask(c, { cmd: 'reset' }, 'reset')));
  // Per report: from its first receipt to its last (every watcher process), and the last one's latency.
  const spans = new Map();
  for (const r of results) {
    for (const [key, [first, last]] of Object.entries(r.spans)) {
      const known = spans.get(key);
      spans.set(key, known ? [Math.min(known[0], first), Math.max(known[1], last)] : [first, last]);
    }
  }
  return {
    spread: [...spans.values()].map(([first, last]) => last - first),
    lastLatency: [...spans].map(([key, [, last]]) => last - sends.get(key)),
    cpuS: results.reduce((s, r) => s + r.cpuS, 0),
    latencies: results.flatMap((r) => r.latencies),
    unknown: results.reduce((s, r) => s + r.unknown, 0),
    duplicates: results.reduce((s, r) => s + r.duplicates, 0),
    closed: results.reduce((s, r) => s + r.closed, 0),
    clientRss: results.reduce((s, r) => s + r.rss, 0),
  };
}

async function stopWatchers(children) {
  await Promise.all(children.map((c) => new Promise((resolve) => {
    if (c.exitCode !== null) return resolve();
    c.once('exit', resolve);
    c.send({ cmd: 'close' });
  })));
}

// ── Profile ─────────────────────────────────────────────────────────────────────────────────────────

const INGEST_PATH = [
  'reportPosition', 'insertPosition', 'swapTargetState', 'targetEntry', 'loadTarget', 'liveState', 'trackRoute', 'announce', 'insertLogEntry',
  'publishPosition', 'publishRouteEvent', 'checkApproach', 'deliverTopic', 'sendText', 'reportsPosition', 'authenticate', 'verify', 'findSignedInCaller',
  'evaluatePolicy', 'executeQuery', 'preValidation', 'validate', 'serialize', 'parse', 'onSendHookRunner', 'writev', 'writeGeneric', 'frame', 'sendFrame',
];

/** Inclusive shares under the ingest and fan-out functions, beside the generic summary. */
function phaseProfile(dir, fromUs, toUs) {
  const profile = profileBetween(dir, fromUs, toUs);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const under = new Map(INGEST_PATH.map((name) => [name, 0]));
  let busy = 0;
  for (const id of profile.samples) {
    if (byId.get(id).callFrame.functionName === '(idle)') continue;
    busy++;
    const seen = new Set();
    for (let n = id; n !== undefined; n = parentOf.get(n)) {
      const name = byId.get(n).callFrame.functionName;
      if (under.has(name) && !seen.has(name)) {
        seen.add(name);
        under.set(name, under.get(name) + 1);
      }
    }
  }
  const pct = (n) => `${((100 * n) / Math.max(1, busy)).toFixed(1).padStart(5)} %`;
  const lines = [...under].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]).map(([name, n]) => `  ${pct(n)}  ${name}`);
  // Who calls the heaviest functions: their most frequent callers, four frames up.
  const frame = (id) => byId.get(id).callFrame.functionName || '(anonymous)';
  const selfOf = new Map();
  for (const id of profile.samples) {
    const name = frame(id);
    if (name === '(idle)' || name === '(garbage collector)' || name === '(program)') continue;
    let chains = selfOf.get(name);
    if (!chains) selfOf.set(name, (chains = { n: 0, chains: new Map() }));
    chains.n++;
    const up = [];
    for (let n = parentOf.get(id), k = 0; n !== undefined && k < 4; n = parentOf.get(n), k++) up.push(frame(n));
    const chain = up.join(' ← ');
    chains.chains.set(chain, (chains.chains.get(chain) ?? 0) + 1);
  }
  const callers = [...selfOf].sort((a, b) => b[1].n - a[1].n).slice(0, 8).map(([name, { n, chains }]) =>
    `  ${pct(n)}  ${name}\n${[...chains].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([chain, c]) => `           ${pct(c)}  ← ${chain}`).join('\n')}`);
  return `${summariseProfile(profile, 40)}\nunder (inclusive, ingest and fan-out path; async stacks stop at the last await):\n${lines.join('\n')}\n` +
    `callers of the heaviest functions (self):\n${callers.join('\n')}`;
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────────────

const ingestRows = [];
const fanoutRows = [];
const notes = [];
const profiles = [];

/** Not counted: the first report of every bus (cold caches, its first stop reached), closed loop. */
async function warmUp(label, school, conn, ctx) {
  const lanes = await openLanes(school.port, CONNECTIONS);
  const tally = newTally(null);
  const t0 = performance.now();
  try {
    await closedLoop(lanes, ctx.buses, Infinity, tally, 1);
  } finally {
    for (const lane of lanes) lane.close();
  }
  const wallS = (performance.now() - t0) / 1000;
  for (const id of tally.ids) ctx.answered.push(id);
  const lost = await checkNoneLost(conn, ctx.orgId, ctx.answered);
  const lat = percentiles(tally.latencies);
  notes.push(`${label}: warm-up, the first report of each bus (caches cold, first stop reached and logged): ${fmt(tally.sent)} in ${wallS.toFixed(1)} s, ` +
    `${fmt((tally.statuses.get(201) ?? 0) / wallS)} 201/s, p50 / p95 / p99 ${trio(lat)} ms, ${lost.ok ? 'none lost' : `LOST ${lost.missing}`}`);
}

async function ingestPhase(label, school, conn, ctx, kind) {
  const lanes = await openLanes(school.port, CONNECTIONS);
  try {
    const tally = newTally(null);
    const load0 = loadAverage();
    const cpu0 = cpuSeconds(school.pid);
    const client0 = process.cpuUsage();
    const from = monotonicUs();
    const t0 = performance.now();
    if (kind === 'max') await closedLoop(lanes, ctx.buses, SECONDS, tally);
    else if (kind === 'rate') await openLoop(lanes, ctx.buses, RATE, SECONDS, tally);
    else await openLoop(lanes, ctx.cadenceBuses, ctx.cadenceBuses.length / REPORT_GAP_S, SECONDS, tally);
    const wallS = (performance.now() - t0) / 1000;
    const to = monotonicUs();
    const cpu = cpuSeconds(school.pid) - cpu0;
    const client = process.cpuUsage(client0);
    for (const id of tally.ids) ctx.answered.push(id);
    const lost = await checkNoneLost(conn, ctx.orgId, ctx.answered);
    const accepted = tally.statuses.get(201) ?? 0;
    const lat = percentiles(tally.latencies);
    const sched = percentiles(tally.fromSchedule);
    const lag = percentiles(tally.lags);
    const non2xx = [...tally.statuses].filter(([s]) => s !== 201).map(([s, n]) => `${s}: ${fmt(n)}`).join(', ') || '0';
    const rate = accepted / wallS;
    // Closed loop: the rate itself. Open loop: every report of a ≥ 4,000/s schedule sent and accepted, none more than 1 s late.
    const offered = kind === 'rate' ? RATE : kind === 'cadence' ? ctx.cadenceBuses.length / REPORT_GAP_S : 0;
    const meets = kind === 'max' ? rate >= TARGET_RATE : offered >= TARGET_RATE && !tally.dropped && accepted === tally.sent && lag.p99 < 1000;
    const load = { max: `closed loop, ${CONNECTIONS} connections`, rate: `open loop, ${fmt(RATE)}/s offered`, cadence: `open loop, ${fmt(ctx.cadenceBuses.length / REPORT_GAP_S)}/s offered` }[kind];
    const busCount = kind === 'cadence' ? ctx.cadenceBuses.length : TARGETS;
    const every = kind === 'max' ? (busCount * wallS) / Math.max(1, tally.sent) : kind === 'rate' ? busCount / RATE : REPORT_GAP_S;
    ingestRows.push(`| ${label} | ${load} | ${fmt(busCount)}, each every ${every.toFixed(1)} s | ` +
      `${fmt(tally.sent)} in ${wallS.toFixed(1)} s${tally.dropped ? ` (${fmt(tally.dropped)} not sent: the server fell behind)` : ''} | ` +
      `**${fmt(rate)}** | ${fmt(tally.live)} · ${fmt(tally.notLive)} | ${trio(lat)} (max ${ms(lat.max)}) | ${kind === 'max' ? '—' : `${trio(sched)} (lag p99 ${ms(lag.p99)})`} | ` +
      `${non2xx}${tally.errors ? `, ${tally.errors} failed` : ''} | ${lost.ok ? `none (${fmt(lost.rows)} rows = ${fmt(lost.answered)} 201s)` : `**${lost.missing} missing, rows ${lost.rows} vs ${lost.answered}**`} | ` +
      `${(cpu / wallS).toFixed(2)} · ${fmt((cpu * 1e6) / Math.max(1, tally.sent))} µs | ${((client.user + client.system) / 1e6 / wallS).toFixed(2)} | ${mib(memoryOf(school.pid, 'VmRSS'))} | ${meets ? 'yes' : 'no'} | ${load0} → ${loadAverage()} |`);
    if (tally.errorSample) notes.push(`${label}, ${kind}: first refusal: ${tally.errorSample}`);
    const log = await conn.all('SELECT kind, COUNT(*) AS n FROM route_log WHERE org_id = $1 GROUP BY kind ORDER BY kind', [ctx.orgId]);
    notes.push(`${label}, after ingest ${kind}: route log ${log.map((r) => `${r.kind} ${fmt(Number(r.n))}`).join(', ')}`);
    if (PROFILE) profiles.push({ label: `${label}, ingest ${kind}`, from, to });
  } finally {
    for (const lane of lanes) lane.close();
  }
}

async function fanoutPhase(label, school, conn, ctx, kind) {
  const watchedRoutes = kind === 'one' ? [ctx.routes[0]] : ctx.routes.slice(0, SPREAD);
  const assignments = ctx.watchers.map((personId, j) => ({ personId, route: kind === 'one' ? ctx.routes[0] : ctx.routes[j % SPREAD] }));
  const perRoute = new Map();
  for (const a of assignments) perRoute.set(a.route, (perRoute.get(a.route) ?? 0) + 1);
  await sleep(1000);
  const rssIdle = memoryOf(school.pid, 'VmRSS');
  const watchers = await startWatchers(school.port, assignments);
  await sleep(2000);
  const rssConnected = memoryOf(school.pid, 'VmRSS');
  await Promise.all(watchers.children.map((c) => ask(c, { cmd: 'reset' }, 'reset'))); // their CPU from here on
  // Freed memory of earlier sockets is reused, so the RSS per socket means something on a server's first sockets only.
  const perSocket = ctx.hadSockets ? '' : `; ${((rssConnected - rssIdle) / Math.max(1, watchers.open) / 1024).toFixed(1)} KiB/socket`;
  ctx.hadSockets = true;
  if (watchers.failed) notes.push(`${label}, fan-out ${kind}: ${watchers.failed} watchers did not subscribe: ${JSON.stringify(watchers.errors)}`);
  const lanes = await openLanes(school.port, CONNECTIONS);
  const watchedBuses = ctx.buses.filter((b) => perRoute.has(b.route));
  try {
    for (const [background, buses, rate] of [
      [`watched buses only (${fmt(watchedBuses.length / REPORT_GAP_S)}/s)`, watchedBuses, watchedBuses.length / REPORT_GAP_S],
      [`${fmt(ctx.cadenceBuses.length)} buses (${fmt(ctx.cadenceBuses.length / REPORT_GAP_S)}/s)`, ctx.cadenceBuses, ctx.cadenceBuses.length / REPORT_GAP_S],
      [`every bus (${fmt(FANOUT_RATE)}/s offered)`, ctx.buses, FANOUT_RATE],
    ]) {
      const tally = newTally(new Set(watchedRoutes));
      const load0 = loadAverage();
      const cpu0 = cpuSeconds(school.pid);
      const from = monotonicUs();
      const t0 = performance.now();
      await openLoop(lanes, buses, rate, SECONDS, tally);
      await sleep(2000); // the last deliveries
      const wallS = (performance.now() - t0) / 1000 - 2;
      const to = monotonicUs();
      const cpu = cpuSeconds(school.pid) - cpu0;
      for (const id of tally.ids) ctx.answered.push(id);
      const got = await collectWatchers(watchers.children, tally.sends);
      let expected = 0;
      for (const key of tally.sends.keys()) expected += watchers.openByRoute.get(Number(key.split(':')[0])) ?? 0;
      const lat = percentiles(got.latencies);
      const spread = percentiles(got.spread);
      const accepted = tally.statuses.get(201) ?? 0;
      const rssAfter = memoryOf(school.pid, 'VmRSS');
      const answer = percentiles(tally.latencies);
      fanoutRows.push(`| ${label} | ${fmt(watchers.open)} on ${watchedRoutes.length} route${watchedRoutes.length > 1 ? 's' : ''} | ${background} | ${fmt(accepted / wallS)}${tally.dropped ? ` (${fmt(tally.dropped)} not sent)` : ''} · ${ms(answer.p95)} ms | ` +
        `${fmt(tally.sends.size)} | ${fmt(expected)} · ${fmt(got.latencies.length)} | ${fmt(expected - got.latencies.length)} · ${got.duplicates} · ${got.closed} | ` +
        `**${trio(lat)}** (max ${ms(lat.max)}) | ${ms(spread.p50)} / ${ms(spread.max)} | ${lat.p95 <= TARGET_P95_MS ? 'yes' : '**no**'} | ${(cpu / wallS).toFixed(2)} · ${(got.cpuS / wallS).toFixed(2)} | ` +
        `${mib(rssIdle)} → ${mib(rssConnected)} → ${mib(rssAfter)} (HWM ${mib(memoryOf(school.pid, 'VmHWM'))})${perSocket} | ` +
        `${(watchers.connectMs / 1000).toFixed(1)} s | ${load0} → ${loadAverage()} |`);
      if (got.unknown) notes.push(`${label}, fan-out ${kind}, ${background}: ${got.unknown} position messages of reports not answered live (or of another phase)`);
      notes.push(`${label}, fan-out ${kind}, ${background}: watcher processes' RSS ${mib(got.clientRss)} in all`);
      if (tally.errorSample) notes.push(`${label}, fan-out ${kind}, ${background}: first refusal: ${tally.errorSample}`);
      if (PROFILE) profiles.push({ label: `${label}, fan-out ${kind}, ${background}`, from, to });
    }
  } finally {
    for (const lane of lanes) lane.close();
    await stopWatchers(watchers.children);
  }
  const lost = await checkNoneLost(conn, ctx.orgId, ctx.answered);
  if (!lost.ok) notes.push(`${label}, after fan-out ${kind}: LOST ${lost.missing}, rows ${lost.rows} vs 201s ${lost.answered}`);
}

/**
 * The configurations: SQLite (in-process bus, then Redis when BENCH_REDIS_URL), PostgreSQL (BENCH_PG_URL);
 * BENCH_CONFIGS, a comma list of their labels, keeps only those.
 */
async function* configurations() {
  const only = env.BENCH_CONFIGS ? new Set(env.BENCH_CONFIGS.split(',')) : null;
  for await (const db of databases()) {
    const all = [{ label: db.name, db, env: db.env }];
    if (db.name === 'SQLite' && env.BENCH_REDIS_URL) all.push({ label: 'SQLite + Redis bus', db, env: { ...db.env, REDIS_URL: env.BENCH_REDIS_URL } });
    const kept = all.filter((config) => !only || only.has(config.label));
    if (kept.length === 0) await db.drop();
    for (const config of kept) yield config;
  }
}

let port = 18710;
for await (const config of configurations()) {
  const profileDir = PROFILE ? mkdtempSync(join(tmpdir(), 'patio-transport-profile-')) : null;
  const school = await startSchool(port, {
    ...config.env,
    PATIO_JWT_SECRET: SECRET,
    BENCH_NODE_FLAGS: [env.BENCH_NODE_FLAGS ?? '', profileDir ? `--cpu-prof --cpu-prof-dir=${profileDir}` : ''].join(' '),
  });
  school.port = port++;
  const conn = openDatabase(config.db, school);
  try {
    const seeded = await seed(conn, school);
    // The spec's cadence on a load the server can take: the first BENCH_CADENCE_BUSES buses (the watched ones among them).
    const ctx = { ...seeded, answered: [], cadenceBuses: seeded.buses.slice(0, Math.max(CADENCE_BUSES, SPREAD)) };
    notes.push(`${config.label}: ${fmt(TARGETS)} routes, ${fmt(TARGETS * STOPS.length)} stops, ${fmt(TARGETS + WATCHERS)} people written in ${(seeded.seedMs / 1000).toFixed(1)} s; ` +
      `${fmt(TARGETS)} runs started through the API in ${(seeded.runsMs / 1000).toFixed(1)} s (${fmt(TARGETS / (seeded.runsMs / 1000))}/s, 16 at a time); server RSS ${mib(memoryOf(school.pid, 'VmRSS'))} after`);
    await warmUp(config.label, school, conn, ctx);
    if (PHASES.has('ingest-max')) await ingestPhase(config.label, school, conn, ctx, 'max');
    if (PHASES.has('ingest-rate')) await ingestPhase(config.label, school, conn, ctx, 'rate');
    if (PHASES.has('ingest-cadence')) await ingestPhase(config.label, school, conn, ctx, 'cadence');
    if (PHASES.has('fanout-one')) await fanoutPhase(config.label, school, conn, ctx, 'one');
    if (PHASES.has('fanout-spread')) await fanoutPhase(config.label, school, conn, ctx, 'spread');
  } finally {
    await conn.close();
    await school.stop();
    await config.db.drop();
  }
  if (profileDir) {
    for (const p of profiles.splice(0)) notes.push(`\n${p.label}, server CPU profile:\n${phaseProfile(profileDir, p.from, p.to)}`);
    rmSync(profileDir, { recursive: true, force: true });
  }
}

console.log(`\nIngest (${fmt(TARGETS)} buses; ${SECONDS} s per phase; ≥ ${fmt(TARGET_RATE)}/s wanted):\n`);
console.log('| configuration | load | buses, cadence | reports sent | **201/s** | live · not live | answer p50 / p95 / p99 ms | from schedule p50 / p95 / p99 ms | non-2xx | lost | server CPU cores · per report | client CPU cores | server RSS | ≥ 4,000/s | load average |');
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|---|');
console.log(ingestRows.join('\n'));
console.log(`\nFan-out (${SECONDS} s per row; p95 ≤ ${TARGET_P95_MS} ms wanted; latency from the report's request write to the watcher's receipt):\n`);
console.log('| configuration | watchers | reports | 201/s in the phase · answer p95 | live reports to watched routes | deliveries expected · received | missing · duplicated · sockets cut | **latency p50 / p95 / p99 ms** | one report, first → last watcher: p50 / max ms | p95 ≤ 250 ms | CPU cores: server · watcher processes | server RSS idle → with sockets → after | connect time | load average |');
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---|---:|---|---:|---|');
console.log(fanoutRows.join('\n'));
console.log(`\n${notes.join('\n')}`);
