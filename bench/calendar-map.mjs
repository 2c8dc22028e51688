// Server CPU per request of the two reads a family's phone makes most after the home: the calendar
// month (GET calendar/events?start&end[&feed], as the Calendar screen asks it: one request per shown
// calendar) and a bus route's map data (GET transport/routes/{id}: stops, riders, run and the bus's
// last position). The demo school, signed in as the demo parent; the set-up adds recurring events to
// 7A's calendar through the API (the demo has two), so the month expands several rules.
//
//   node bench/calendar-map.mjs
//
// BENCH_SERVER=…/main.js runs another build (before/after); BENCH_PG_URL=postgres://… adds PostgreSQL;
// BENCH_SECONDS per measurement (default 10); BENCH_ROUNDS alternating rounds, medians (default 1);
// BENCH_ONLY=regexp picks reads; BENCH_PROFILE=1 runs the server under --cpu-prof and prints where
// the CPU went (pick one read with BENCH_ONLY, or the profile mixes them).
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { summariseProfile } from './profile-summary.mjs';
import { databases, startSchool } from './school-data.mjs';
import { signInDemo } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const CONNECTIONS = 10;
const port = 18196;
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const profileDir = process.env.BENCH_PROFILE === '1' ? mkdtempSync(join(tmpdir(), 'patio-profile-')) : null;

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function api(base, token, path, init = {}) {
  const res = await fetch(`${base}/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Local date `days` from today (UTC is close enough: the window only needs to cover the rules). */
const dateIn = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The month grid FullCalendar asks for: six weeks from the Monday on or before the 1st of this month. */
function monthGrid() {
  const first = new Date(`${new Date().toISOString().slice(0, 7)}-01T00:00:00Z`);
  const back = (first.getUTCDay() + 6) % 7;
  const start = new Date(first.getTime() - back * 86_400_000);
  const end = new Date(start.getTime() + 42 * 86_400_000);
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/** Recurring events on 7A's calendar beside the demo's weekly club and monthly meeting. */
async function addRecurringEvents(base, teacher, nodeId) {
  const at = (days, hour) => Math.floor(new Date(`${dateIn(days)}T${String(hour).padStart(2, '0')}:00:00Z`).getTime() / 1000);
  const rule = (freq, more = {}) => ({ freq, interval: 1, count: null, until: null, exceptions: [], ...more });
  const events = [
    { title: 'Refuerzo de matemáticas', startDate: at(-40, 12), endDate: at(-40, 13), recurrence: rule('weekly') },
    { title: 'Entrenamiento de fútbol', startDate: at(-90, 20), endDate: at(-90, 22), recurrence: rule('weekly', { interval: 2 }) },
    { title: 'Lectura en voz alta', startDate: at(-10, 13), endDate: at(-10, 14), recurrence: rule('daily', { count: 60, exceptions: [dateIn(-3), dateIn(4)] }) },
    { title: 'Izada de bandera', startDate: at(-200, 12), endDate: at(-200, 13), recurrence: rule('monthly') },
    { title: 'Día del deporte', startDate: at(-30, 0), endDate: at(-29, 0), allDay: true, recurrence: rule('weekly', { interval: 3 }) },
    { title: 'Salida pedagógica', startDate: at(3, 13), endDate: at(3, 19), recurrence: null },
  ];
  for (const e of events) {
    await api(base, teacher, 'calendar/events', {
      method: 'POST',
      body: JSON.stringify({ nodeId, secondary: '', location: 'Salón 7A', rsvp: false, allDay: false, ...e }),
    });
  }
}

/** The demo driver starts the route's run and reports the bus a little before its second stop. */
async function startRun(base, route) {
  const driver = await signInDemo(base, 'driver');
  const run = await api(base, driver.token, `transport/routes/${route}/runs`, { method: 'POST' });
  const detail = await api(base, driver.token, `transport/routes/${route}`);
  const [a, b] = detail.stops;
  const report = {
    latitude: a.lat + (b.lat - a.lat) * 0.6, longitude: a.lng + (b.lng - a.lng) * 0.6,
    altitude: null, accuracy: 8, altitudeAccuracy: null, heading: 90, speed: 8, timestamp: Math.floor(Date.now() / 1000),
  };
  await api(base, driver.token, `geo/targets/${detail.targetId}/position`, { method: 'POST', body: JSON.stringify(report) });
  return run;
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];

const rows = [];
for await (const db of databases()) {
  const flags = profileDir ? { BENCH_NODE_FLAGS: `--cpu-prof --cpu-prof-dir=${join(profileDir, db.name)}` } : {};
  const school = await startSchool(port, { ...db.env, ...flags });
  try {
    const parent = await signInDemo(school.base, 'parent');
    const teacher = await signInDemo(school.base, 'teacher');
    const { nodes } = await api(school.base, teacher.token, 'nodes');
    const sevenA = nodes.find((n) => n.name === '7A').id;
    await addRecurringEvents(school.base, teacher.token, sevenA);
    const routes = await api(school.base, parent.token, 'transport/routes');
    const route = routes.items?.[0]?.id ?? routes[0]?.id;
    const { start, end } = monthGrid();
    const cases = [
      { name: 'calendar month, every shown calendar', path: `calendar/events?start=${start}&end=${end}` },
      { name: "calendar month, 7A's calendar (the screen's request per feed)", path: `calendar/events?start=${start}&end=${end}&feed=node-${sevenA}` },
      { name: 'route map data (transport/routes/{id}), no run', path: `transport/routes/${route}` },
      { name: 'route map data, the bus on its way', path: `transport/routes/${route}`, before: () => startRun(school.base, route) },
    ].filter((c) => !only || only.test(c.name));
    for (const c of cases) {
      await c.before?.();
      const answer = await api(school.base, parent.token, c.path);
      const size = Array.isArray(answer) ? `${answer.length} occurrences` : `${answer.stops.length} stops`;
      const runs = [];
      for (let round = 0; round < ROUNDS; round++) {
        const before = cpuSeconds(school.pid);
        const r = await autocannon({ url: `${school.base}/${c.path}`, headers: { authorization: `Bearer ${parent.token}` }, connections: CONNECTIONS, duration: DURATION });
        runs.push({ rps: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors, cpuUs: ((cpuSeconds(school.pid) - before) * 1e6) / Math.max(1, r.requests.total) });
      }
      rows.push({
        db: db.name,
        name: `${c.name} · ${size}`,
        rps: median(runs.map((m) => m.rps)),
        p99: median(runs.map((m) => m.p99)),
        cpuUs: median(runs.map((m) => m.cpuUs)),
        bad: runs.reduce((n, m) => n + m.bad, 0),
      });
    }
  } finally {
    await school.stop();
    await db.drop();
  }
}

const load = loadavg().map((n) => n.toFixed(1)).join(' ');
const rounds = ROUNDS > 1 ? ` · medians of ${ROUNDS} rounds` : '';
console.log(`\n${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${CONNECTIONS} connections · ${DURATION} s each${rounds} · load average after: ${load}\n`);
console.log('| database | read (as the demo parent) | req/s | p99 ms | CPU µs/req | non-2xx |');
console.log('|---|---|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.db} | ${r.name} | ${Math.round(r.rps)} | ${r.p99} | ${Math.round(r.cpuUs)} | ${r.bad} |`);
if (profileDir) {
  // The server writes its profile when it exits (SIGTERM, in school.stop()).
  for (const name of readdirSync(profileDir)) {
    const dir = join(profileDir, name);
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    console.log(`\n## ${name}\n${summariseProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')))}`);
  }
  rmSync(profileDir, { recursive: true, force: true });
}
