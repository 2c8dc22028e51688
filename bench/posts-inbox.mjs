// Posts at school scale (issue 9 §5), on SQLite and, with BENCH_PG_URL, PostgreSQL:
// 1. publish one circular to ~10,000 recipients (4 imported classes of 1,700 students and their
//    3,400 parents, by a rule on their classes and documents with relatives) — the HTTP round trip of
//    POST people/{me}/posts/sent, whose 201 comes after the stubs are committed;
// 2. the inbox page of the demo parent (30 threads and the demo's own) with ~10,000 stubs in the database and again with
//    ~1,000,000 (99 more such publishes that do not reach the parent): autocannon, 10 connections;
// 3. on SQLite, that inbox page beside its limit (limit-server.mjs on the same database file, the
//    answers checked equal first) at both sizes: req/s, latency and server CPU µs per request.
// Needs `npm run build` first. BENCH_ROUNDS (default 1) alternates Patio and the limit that many times
// at ~1M stubs and reports medians and the median of the paired ratios; BENCH_WARMUP (default 2) is
// the uncounted load, in seconds, before each inbox measurement.
import { join } from 'node:path';
import { signInDemo, startProcess } from './lib.mjs';
import { assertSameAnswer, measure, median } from './limit-pair.mjs';
import { databases, findClasses, importCsv, startSchool, studentsCsv } from './school-data.mjs';

const PER_CLASS = 1700;
const MASS_POSTS = Number(process.env.BENCH_MASS_POSTS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
// Uncounted load before each measurement (seconds): see measure() in limit-pair.mjs.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
// Patio and the limit server verify the same tokens.
const SECRET = 'bench-only-secret-0123456789abcdef0123456789abcdef';
const LIMIT_PORT = 18499;
const here = new URL('.', import.meta.url).pathname;

async function publish(base, admin, audience, title) {
  const t0 = performance.now();
  const res = await fetch(`${base}/people/${admin.uid}/posts/sent`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'circular', title, description: `<p>${title}</p>`, audience }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`publish answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms: performance.now() - t0, count: body.audienceCount };
}

const inboxPath = (parent) => `people/${parent.uid}/threads/feed`;
const bearer = (parent) => ({ authorization: `Bearer ${parent.token}` });
/** Threads in the parent's inbox (Patio's X-Total-Count): the same before and after the mass publishes, or the comparison means nothing. */
async function inboxTotal(base, parent) {
  const res = await fetch(`${base}/${inboxPath(parent)}`, { headers: bearer(parent) });
  await res.arrayBuffer();
  return Number(res.headers.get('x-total-count'));
}
const measureInbox = (base, parent, pid) => measure(`${base}/${inboxPath(parent)}`, bearer(parent), pid, SECONDS, WARMUP);

/** The limit server on the school's SQLite file; its answer checked equal to Patio's. */
async function startLimit(school) {
  const limit = await startProcess(join(here, 'limit-server.mjs'),
    { PORT: String(LIMIT_PORT), DATABASE_FILE: join(school.dataDir, 'patio.sqlite'), PATIO_JWT_SECRET: SECRET },
    `http://127.0.0.1:${LIMIT_PORT}/api/demo/nodes`, [401]);
  return { limit, base: `http://127.0.0.1:${LIMIT_PORT}/api/demo` };
}

const sameAnswer = (school, limitBase, parent) =>
  assertSameAnswer(`${school.base}/${inboxPath(parent)}`, `${limitBase}/${inboxPath(parent)}`, bearer(parent));

/** Medians of each side and of the paired ratios, as one table row. */
function limitRow(name, { patio, limit }) {
  const of = (list, key) => median(list.map((m) => m[key]));
  const pct = (n) => `${Math.round(100 * n)} %`;
  const ratioRps = median(patio.map((m, i) => m.rps / Math.max(1, limit[i].rps)));
  const ratioCpu = median(patio.map((m, i) => limit[i].cpuUs / Math.max(1, m.cpuUs)));
  const bad = [...patio, ...limit].reduce((n, m) => n + m.bad, 0);
  return `| ${name} | ${Math.round(of(patio, 'rps'))} | ${of(patio, 'p50')}/${of(patio, 'p99')} | ${Math.round(of(patio, 'cpuUs'))} | ` +
    `${Math.round(of(limit, 'rps'))} | ${of(limit, 'p50')}/${of(limit, 'p99')} | ${Math.round(of(limit, 'cpuUs'))} | ${pct(ratioRps)} · ${pct(ratioCpu)} | ${bad} |`;
}

const rows = [];
const limitRows = [];
let port = 18490;
for await (const db of databases()) {
  const school = await startSchool(port++, { ...db.env, PATIO_JWT_SECRET: SECRET });
  let limit = null;
  try {
    const admin = await signInDemo(school.base, 'admin');
    const parent = await signInDemo(school.base, 'parent');
    const classes = (await findClasses(school)).slice(0, 4);
    for (const [i, klass] of classes.entries()) await importCsv(school, klass.id, studentsCsv(PER_CLASS, `P${i}`));
    // The parent's own inbox: 30 threads, the same before and after the mass publishes.
    for (let i = 0; i < 30; i++) await publish(school.base, admin, { people: [parent.uid], rules: null, relatives: false }, `Para la familia ${i}`);
    // The imported students (documents "P…"; the demo's own are numbers) and, below, their relatives:
    // the classes also hold the demo parent's children, whose relatives the circulars must not reach.
    const inClasses = { op: 'or', args: classes.map((c) => ({ field: 'node', op: 'eq', args: [c.id] })) };
    const imported = { op: 'and', args: [inClasses, { field: 'document', op: 'beginsWith', args: ['P'] }] };
    const mass = { people: [], rules: imported, relatives: true };
    const fanout = [];
    let audience = 0;
    fanout.push(await publish(school.base, admin, mass, 'Circular 0'));
    audience = fanout[0].count;
    const threadsBefore = await inboxTotal(school.base, parent);
    const small = await measureInbox(school.base, parent, school.pid);
    const pairs = { small: null, large: null };
    if (db.name === 'SQLite') {
      // Started after the measurement above so that it runs alone; it sees later commits (WAL).
      limit = await startLimit(school);
      const answer = await sameAnswer(school, limit.base, parent);
      pairs.small = { answer, patio: [small], limit: [await measureInbox(limit.base, parent, limit.limit.pid)] };
    }
    for (let i = 1; i < MASS_POSTS; i++) fanout.push(await publish(school.base, admin, mass, `Circular ${i}`));
    const threadsAfter = await inboxTotal(school.base, parent);
    if (threadsAfter !== threadsBefore) throw new Error(`the parent's inbox grew from ${threadsBefore} to ${threadsAfter} threads`);
    const large = await measureInbox(school.base, parent, school.pid);
    if (limit) {
      const answer = await sameAnswer(school, limit.base, parent);
      pairs.large = { answer, patio: [large], limit: [] };
      for (let round = 0; round < ROUNDS; round++) {
        if (round > 0) pairs.large.patio.push(await measureInbox(school.base, parent, school.pid));
        pairs.large.limit.push(await measureInbox(limit.base, parent, limit.limit.pid));
      }
    }
    const stubs = 30 + audience * MASS_POSTS;
    rows.push(`| ${db.name} | ${audience} | ${median(fanout.map((f) => f.ms)).toFixed(0)} ms | ${Math.max(...fanout.map((f) => f.ms)).toFixed(0)} ms | ` +
      `${Math.round(small.rps)} · ${small.p50}/${small.p99} ms | ${stubs.toLocaleString('en')} | ${Math.round(large.rps)} · ${large.p50}/${large.p99} ms | ` +
      `${(small.rps / Math.max(1, large.rps)).toFixed(2)}× | ${Math.round(small.cpuUs)} → ${Math.round(large.cpuUs)} | ${small.bad + large.bad} |`);
    for (const [label, pair] of [['~10k', pairs.small], ['~1M', pairs.large]]) {
      if (pair) limitRows.push(limitRow(`inbox at ${label} stubs (${db.name}, ${pair.answer.items} threads of ${pair.answer.total})`, pair));
    }
  } finally {
    if (limit) {
      limit.limit.kill();
      await new Promise((r) => limit.limit.once('exit', r));
    }
    await school.stop();
    await db.drop();
  }
}
console.log('\n| database | recipients | publish median | publish max | inbox at ~10k stubs (req/s · p50/p99) | stubs after | inbox after (req/s · p50/p99) | slowdown | inbox CPU µs/req (10k → after) | non-2xx |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
console.log(rows.join('\n'));
if (limitRows.length > 0) {
  const rounds = ROUNDS > 1 ? ` (at ~1M: medians of ${ROUNDS} rounds)` : '';
  console.log(`\nThe inbox page beside its limit${rounds}; ratio = Patio req/s ÷ limit req/s · limit CPU ÷ Patio CPU:\n`);
  console.log('| row | Patio req/s | Patio p50/p99 ms | Patio CPU µs/req | limit req/s | limit p50/p99 ms | limit CPU µs/req | ratio (req/s · CPU) | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(limitRows.join('\n'));
}
