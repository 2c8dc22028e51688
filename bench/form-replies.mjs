// Form replies at school scale (issue 10 §6): one poll in a circular delivered to ~32,600 people
// (4 imported classes of 5,434 students and their 10,868 parents), then 1,000 replies per second
// for 30 s — each person answering for themselves with their own token — through
// POST people/{id}/data/entities/{formId}/records, paced by the clock (an open-loop client: a slow
// answer does not slow the schedule, and latency counts from the moment a reply was due). One reply
// in 50 repeats a person who answered a second earlier (or, in the first second, just before), as
// a family tapping twice would: it must be 409 `already_answered`. Afterwards every person must have
// exactly one 201 and exactly one stored record (read from the database itself and from
// GET data/entities/{id}/results), and nobody who answered may be left in the form's pending list.
// SQLite always; PostgreSQL too when BENCH_PG_URL is set. Needs `npm run build` first.
// BENCH_RATE (default 1000 replies/s), BENCH_SECONDS (30), BENCH_REPEAT_EVERY (50; 0 = none),
// BENCH_CONNECTIONS (at most this many open sockets, default 128), BENCH_WARMUP (uncounted replies of
// other people at 500/s before, default 2,000). BENCH_PROFILE=1 runs the server
// under `node --cpu-prof` and prints where its CPU went during the measured replies only (the
// profiler slows the server a little: measure without it).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import pg from 'pg';
import { profileBetween, summariseProfile } from './profile-summary.mjs';
import { databases, findClasses, importCsv, startSchool, studentsCsv } from './school-data.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const REPEAT_EVERY = Number(process.env.BENCH_REPEAT_EVERY ?? 50);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 128);
// Uncounted replies before the measurement, so that the reply path is compiled by V8 (fresh people
// too: each person answers once).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2000);
const WARMUP_RATE = 500;
const CLASSES = 4;
// Tokens are minted by the bench with the server's secret: signing 31,000 people in through
// oauth/token would cost ~20 ms of scrypt each, and what is measured is the reply, not the sign-in.
const SECRET = 'bench-only-secret-0123456789abcdef0123456789abcdef';
const key = new TextEncoder().encode(SECRET);

const poll = {
  title: 'Salida al museo',
  description: '¿Autoriza la salida del viernes?',
  fields: [
    { name: 'authorize', type: 'select', title: 'Autorización', description: '', options: 'Sí\nNo\n', order: 1 },
    { name: 'snack', type: 'checkbox', title: 'Envía refrigerio', description: '', options: '', order: 2 },
    { name: 'notes', type: 'text', title: 'Observaciones', description: '', options: '', order: 3 },
  ],
};

async function api(base, token, method, path, body) {
  const res = await fetch(`${base}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function expectStatus(promise, status, what) {
  const res = await promise;
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res;
}

const uidOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).uid;

/** The poll in a circular to every imported student and their relatives: form id, post id, audience. */
async function publishPoll(school, prefix) {
  const adminId = uidOf(school.token);
  const form = await expectStatus(api(school.base, school.token, 'POST', 'data/entities', poll), 201, 'POST data/entities');
  const audience = { people: [], rules: { field: 'document', op: 'beginsWith', args: [prefix] }, relatives: true };
  const post = await expectStatus(api(school.base, school.token, 'POST', `people/${adminId}/posts/sent`,
    { type: 'circular', title: poll.title, description: `<p>${poll.description}</p>`, audience }), 201, 'publish');
  await expectStatus(api(school.base, school.token, 'POST', `posts/${post.body.id}/blocks`, { type: 'form', url: `data/entities/${form.body.id}` }), 201, 'POST blocks');
  return { formId: form.body.id, postId: post.body.id, audience: post.body.audienceCount };
}

/** Every page of GET data/entities/{id}/pending: the people the post reached who have not answered. */
async function pendingIds(school, formId) {
  const ids = [];
  for (let page = 1; ; page++) {
    const res = await expectStatus(api(school.base, school.token, 'GET', `data/entities/${formId}/pending?page=${page}&limit=100`), 200, 'pending');
    ids.push(...res.body.map((p) => p.id));
    if (res.body.length < 100) return { ids, total: Number(res.headers.get('x-total-count')) };
  }
}

const tokenFor = (uid) => new SignJWT({ uid, org: 'demo' })
  .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(String(uid)).setIssuedAt().setExpirationTime('2h').sign(key);

/** The server's CPU time so far, in seconds (utime + stime of /proc/{pid}/stat, 100 ticks a second). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

/**
 * Sends `plan` (each {at: ms after the start, uid, token}) open-loop: every reply leaves when it is
 * due, whatever earlier ones are doing. Answers per reply its status and times.
 */
function runPlan(port, formId, plan) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const results = new Array(plan.length);
  let done = 0;
  let next = 0;
  const start = performance.now() + 20;
  return new Promise((resolve) => {
    const finish = (i, status, error) => {
      results[i] = { ...results[i], status, error, end: performance.now() - start };
      if (++done === plan.length) {
        agent.destroy();
        resolve({ results, start });
      }
    };
    const send = (i) => {
      const { uid, token, at } = plan[i];
      const body = JSON.stringify({ authorize: i % 3 === 0 ? 'No' : 'Sí', snack: i % 2, notes: `respuesta ${i}` });
      results[i] = { due: at, sent: performance.now() - start };
      const req = http.request({
        agent, host: '127.0.0.1', port, method: 'POST', path: `/api/demo/people/${uid}/data/entities/${formId}/records`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        res.resume();
        res.on('end', () => finish(i, res.statusCode));
        res.on('error', (err) => finish(i, 0, err.message));
      });
      req.on('error', (err) => finish(i, 0, err.message));
      req.end(body);
    };
    const tick = () => {
      const now = performance.now() - start;
      while (next < plan.length && plan[next].at <= now) send(next++);
      if (next < plan.length) setTimeout(tick, 1);
    };
    setTimeout(tick, 20);
  });
}

/** Fresh replies at `rate` from `people`, with a repeat after every REPEAT_EVERY-th (see the header). */
function makePlan(people, rate, withRepeats) {
  const plan = [];
  people.forEach((person, i) => {
    const at = (i * 1000) / rate;
    plan.push({ ...person, at, repeat: false });
    if (withRepeats && REPEAT_EVERY > 0 && i % REPEAT_EVERY === REPEAT_EVERY - 1) {
      plan.push({ ...people[i >= rate ? i - rate : i - 1], at, repeat: true });
    }
  });
  return plan;
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** Records of the form straight from the database: person id → how many. */
async function storedRecords(db, school, formId) {
  const sql = 'SELECT r.person_id AS person_id, COUNT(*) AS n FROM form_records r JOIN orgs o ON o.id = r.org_id WHERE o.code = \'demo\' AND r.form_id = $1 GROUP BY r.person_id';
  let rows;
  if (db.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: db.env.DATABASE_URL });
    await client.connect();
    rows = (await client.query(sql, [formId])).rows;
    await client.end();
  } else {
    const sqlite = new Database(join(school.dataDir, 'patio.sqlite'), { readonly: true });
    rows = sqlite.prepare(sql.replace('$1', '?')).all(formId);
    sqlite.close();
  }
  return new Map(rows.map((r) => [Number(r.person_id), Number(r.n)]));
}

const rows = [];
const notes = [];
let port = 18590;
for await (const db of databases()) {
  const profileDir = process.env.BENCH_PROFILE === '1' ? mkdtempSync(join(tmpdir(), 'patio-replies-profile-')) : null;
  const profiling = profileDir ? { BENCH_NODE_FLAGS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {};
  const school = await startSchool(port, { ...db.env, ...profiling, PATIO_JWT_SECRET: SECRET });
  const serverPort = port++;
  let measured; // the replies' start and end (CLOCK_MONOTONIC µs), for the profile
  try {
    const needed = WARMUP + RATE * SECONDS;
    const perClass = 2 * Math.ceil(needed / 3 / CLASSES + 50); // two students per family: 1.5 people per student
    const classes = (await findClasses(school)).slice(0, CLASSES);
    let t0 = performance.now();
    for (const [i, klass] of classes.entries()) await importCsv(school, klass.id, studentsCsv(perClass, `F${i}`));
    const importMs = performance.now() - t0;
    t0 = performance.now();
    const { formId, audience } = await publishPoll(school, 'F');
    const publishMs = performance.now() - t0;
    t0 = performance.now();
    const before = await pendingIds(school, formId);
    const pendingMs = performance.now() - t0;
    if (before.ids.length !== audience || before.total !== audience) throw new Error(`pending lists ${before.ids.length} (total ${before.total}) of an audience of ${audience}`);
    if (audience < needed) throw new Error(`the post reached ${audience} people, fewer than the ${needed} needed`);

    const people = await Promise.all(before.ids.slice(0, needed).map(async (uid) => ({ uid, token: await tokenFor(uid) })));
    const warm = await runPlan(serverPort, formId, makePlan(people.slice(0, WARMUP), WARMUP_RATE, false));
    const plan = makePlan(people.slice(WARMUP), RATE, true);
    const load = [loadAverage()];
    const cpu0 = cpuSeconds(school.pid);
    const client0 = process.cpuUsage();
    const from = monotonicUs();
    const { results } = await runPlan(serverPort, formId, plan);
    measured = [from, monotonicUs()];
    const serverCpu = cpuSeconds(school.pid) - cpu0;
    const clientCpu = process.cpuUsage(client0);
    load.push(loadAverage());

    // Who got what: every person exactly one 201 (the fresh reply or, when they raced, its repeat).
    const created = new Map();
    for (const r of [...warm.results.map((r, i) => ({ ...r, uid: people[i].uid })), ...results.map((r, i) => ({ ...r, uid: plan[i].uid }))]) {
      if (r.status === 201) created.set(r.uid, (created.get(r.uid) ?? 0) + 1);
    }
    const count = (status) => results.filter((r) => r.status === status).length;
    const c201 = count(201);
    const c409 = count(409);
    const other = results.length - c201 - c409;
    const otherKinds = [...new Set(results.filter((r) => r.status !== 201 && r.status !== 409).map((r) => r.error ?? r.status))].slice(0, 5);
    const repeats = plan.filter((p) => p.repeat).length;
    const stored = await storedRecords(db, school, formId);
    const lost = [...created.keys()].filter((uid) => !stored.has(uid)).length;
    const doubled = [...stored.values()].filter((n) => n > 1).length;
    const twice201 = [...created.values()].filter((n) => n > 1).length;
    const storedWithout201 = [...stored.keys()].filter((uid) => !created.has(uid)).length;
    const storedTotal = [...stored.values()].reduce((a, b) => a + b, 0);
    const resultsApi = (await expectStatus(api(school.base, school.token, 'GET', `data/entities/${formId}/results`), 200, 'results')).body;
    // Nobody who answered is still pending (a parent whose child answered leaves the list too).
    const after = await pendingIds(school, formId);
    const pendingAfter = after.total;
    const answeredSet = new Set(people.map((p) => p.uid));
    const stillPending = after.ids.filter((uid) => answeredSet.has(uid)).length;

    const fresh = results.filter((r, i) => !plan[i].repeat && r.status === 201);
    const lastEnd = Math.max(...results.map((r) => r.end));
    const firstDue = plan[0].at;
    const achieved = fresh.length / ((lastEnd - firstDue) / 1000);
    const fromDue = results.map((r) => r.end - r.due).sort((a, b) => a - b);
    const fromSent = results.map((r) => r.end - r.sent).sort((a, b) => a - b);
    const lateSends = results.filter((r) => r.sent - r.due > 10).length;
    const perSecond = new Array(Math.ceil(lastEnd / 1000)).fill(0);
    for (const r of fresh) perSecond[Math.floor(r.end / 1000)]++;
    const intact = lost === 0 && doubled === 0 && twice201 === 0 && storedWithout201 === 0 && created.size === needed &&
      storedTotal === needed && resultsApi.answered === needed && stillPending === 0 && pendingAfter <= audience - needed && c409 === repeats && other === 0;
    const kept = (lastEnd - firstDue) / 1000 <= SECONDS + 1;
    const ms = (x) => x.toFixed(1);
    rows.push(`| ${db.name} | ${audience.toLocaleString('en')} | ${RATE} for ${SECONDS} s + ${repeats} repeats | ${plan.length.toLocaleString('en')} | ` +
      `${c201.toLocaleString('en')} · ${c409} · ${other} | ${Math.round(achieved)}/s in ${((lastEnd - firstDue) / 1000).toFixed(1)} s | ` +
      `${ms(percentile(fromDue, 50))} / ${ms(percentile(fromDue, 99))} / ${ms(fromDue.at(-1))} | ${ms(percentile(fromSent, 50))} / ${ms(percentile(fromSent, 99))} | ` +
      `${Math.round((serverCpu * 1e6) / results.length)} µs · ${Math.round((100 * serverCpu) / (lastEnd / 1000))} % | ` +
      `${storedTotal.toLocaleString('en')} · ${resultsApi.answered.toLocaleString('en')} · ${pendingAfter} | ${intact ? 'none' : 'SEE BELOW'} | ${kept && intact ? 'yes' : 'no'} | ${load.join(' → ')} |`);
    notes.push(`${db.name}: import ${(importMs / 1000).toFixed(1)} s, publish + form ${Math.round(publishMs)} ms, ${Math.ceil(audience / 100)} pending pages ${(pendingMs / 1000).toFixed(1)} s; ` +
      `replies sent more than 10 ms late by the client: ${lateSends}; client CPU ${Math.round((clientCpu.user + clientCpu.system) / 1000)} ms; ` +
      `fresh 201s per second: ${perSecond.join(' ')}` +
      (intact ? '' : `; CHECK: lost ${lost}, records twice ${doubled}, 201 twice ${twice201}, stored without a 201 ${storedWithout201}, ` +
        `201 people ${created.size}/${needed}, stored ${storedTotal}, results.answered ${resultsApi.answered}, pending after ${pendingAfter} (of them answered ${stillPending}), ` +
        `409 ${c409}/${repeats}, other ${other} ${JSON.stringify(otherKinds)}`));
  } finally {
    await school.stop();
    await db.drop();
  }
  if (profileDir && measured) notes.push(`${db.name}, server CPU profile during the replies:\n${summariseProfile(profileBetween(profileDir, ...measured))}`);
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
}
console.log('\n| database | audience | offered (replies/s) | requests | 201 · 409 · other | fresh 201s achieved | ms from due p50 / p99 / max | ms from send p50 / p99 | server CPU per reply · busy | stored · results.answered · pending after | lost or duplicated | 1,000/s kept | load average |');
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|');
console.log(rows.join('\n'));
console.log(`\n${notes.join('\n')}`);
