// Posts at school scale (issue 9 §5), on SQLite and, with BENCH_PG_URL, PostgreSQL:
// 1. publish one circular to ~10,000 recipients (4 imported classes of 1,700 students and their
//    3,400 parents, by a node rule with relatives) — the HTTP round trip of POST people/{me}/posts/sent,
//    whose 201 comes after the stubs are committed;
// 2. the inbox page of the demo parent (30 threads) with ~10,000 stubs in the database and again with
//    ~1,000,000 (99 more such publishes that do not reach the parent): autocannon, 10 connections.
// Needs `npm run build` first.
import autocannon from 'autocannon';
import { databases, findClasses, importCsv, startSchool, studentsCsv } from './school-data.mjs';

const PER_CLASS = 1700;
const MASS_POSTS = Number(process.env.BENCH_MASS_POSTS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function signIn(base, user) {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${user}:demo1234`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = await res.json();
  return { token, uid: JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).uid };
}

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

async function measureInbox(base, parent) {
  const r = await autocannon({
    url: `${base}/people/${parent.uid}/threads/feed`,
    headers: { authorization: `Bearer ${parent.token}` },
    connections: 10,
    duration: SECONDS,
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors };
}

const rows = [];
let port = 18490;
for await (const db of databases()) {
  const school = await startSchool(port++, db.env);
  try {
    const admin = await signIn(school.base, 'admin');
    const parent = await signIn(school.base, 'parent');
    const classes = (await findClasses(school)).slice(0, 4);
    for (const [i, klass] of classes.entries()) await importCsv(school, klass.id, studentsCsv(PER_CLASS, `P${i}`));
    // The parent's own inbox: 30 threads, the same before and after the mass publishes.
    for (let i = 0; i < 30; i++) await publish(school.base, admin, { people: [parent.uid], rules: null, relatives: false }, `Para la familia ${i}`);
    const imported = { op: 'or', args: classes.map((c) => ({ field: 'node', op: 'eq', args: [c.id] })) };
    const mass = { people: [], rules: imported, relatives: true };
    const fanout = [];
    let audience = 0;
    fanout.push(await publish(school.base, admin, mass, 'Circular 0'));
    audience = fanout[0].count;
    const small = await measureInbox(school.base, parent);
    for (let i = 1; i < MASS_POSTS; i++) fanout.push(await publish(school.base, admin, mass, `Circular ${i}`));
    const large = await measureInbox(school.base, parent);
    const stubs = 30 + audience * MASS_POSTS;
    rows.push(`| ${db.name} | ${audience} | ${median(fanout.map((f) => f.ms)).toFixed(0)} ms | ${Math.max(...fanout.map((f) => f.ms)).toFixed(0)} ms | ` +
      `${Math.round(small.rps)} · ${small.p50}/${small.p99} ms | ${stubs.toLocaleString('en')} | ${Math.round(large.rps)} · ${large.p50}/${large.p99} ms | ` +
      `${(small.rps / Math.max(1, large.rps)).toFixed(2)}× | ${small.bad + large.bad} |`);
  } finally {
    await school.stop();
    await db.drop();
  }
}
console.log('\n| database | recipients | publish median | publish max | inbox at ~10k stubs (req/s · p50/p99) | stubs after | inbox after (req/s · p50/p99) | slowdown | non-2xx |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
console.log(rows.join('\n'));
