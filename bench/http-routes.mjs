// Throughput and latency of the signed-in read routes people hit most, each beside its "limit": the
// same reads as hand-written prepared statements in a bare Fastify process (limit-server.mjs) on the
// same database file, with the same JWT check and the same JSON answer. A bare hello-world route and
// the sign-in are measured in the same run. Server, limit and load generator share this machine.
//
// PATIO_MAIN=/path/to/dist/main.js runs another build (e.g. a copy of an older one, for before/after);
// BENCH_ONLY=regexp picks routes, BENCH_SECONDS the duration of each measurement, BENCH_ROUNDS (above).
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { startProcess } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
// Each route and its limit are measured one after the other this many times; the table gives medians
// (and the median of the paired ratios), which a machine shared with other work needs.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const CONNECTIONS = 10;
const here = new URL('.', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'patio-bench-'));
const patioPort = 18190;
const helloPort = 18191;
const limitPort = 18193;
const secret = 'bench-only-secret-0123456789abcdef0123456789abcdef';
const base = `http://127.0.0.1:${patioPort}/api/demo`;
const limitBase = `http://127.0.0.1:${limitPort}/api/demo`;
const basicOf = (user) => `Basic ${Buffer.from(`${user}:demo1234`).toString('base64')}`;
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

const patio = await startProcess(process.env.PATIO_MAIN ?? join(here, '../apps/server/dist/main.js'),
  { PORT: String(patioPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PATIO_JWT_SECRET: secret },
  `http://127.0.0.1:${patioPort}/api/directory/demo`);
// The seeded database exists once Patio answers; the limit server reads the same file.
const limit = await startProcess(join(here, 'limit-server.mjs'),
  { PORT: String(limitPort), DATABASE_FILE: join(dataDir, 'patio.sqlite'), PATIO_JWT_SECRET: secret },
  `http://127.0.0.1:${limitPort}/api/demo/nodes`, [401]);
const hello = await startProcess(join(here, 'hello-server.mjs'), { PORT: String(helloPort) }, `http://127.0.0.1:${helloPort}/hello`);

async function signIn(user) {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { authorization: basicOf(user), 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = await res.json();
  return { token, uid: JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).uid };
}

/** The limit must answer exactly what Patio answers, or its row means nothing. */
async function assertSameAnswer(path, headers) {
  const [a, b] = await Promise.all([fetch(`${base}/${path}`, { headers }), fetch(`${limitBase}/${path}`, { headers })]);
  const [x, y] = [await a.json(), await b.json()];
  if (a.status !== 200 || !isDeepStrictEqual(x, y)) {
    throw new Error(`limit of ${path} differs:\n${JSON.stringify(x)}\n${JSON.stringify(y)}`);
  }
}

/** CPU seconds a process has used (user + system), from /proc: steadier than req/s on a shared machine. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const run = async (c, server) => {
  const before = cpuSeconds(server.pid);
  const r = await autocannon({ ...c, connections: CONNECTIONS, duration: DURATION });
  const cpuUs = ((cpuSeconds(server.pid) - before) * 1e6) / Math.max(1, r.requests.total);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors, cpuUs };
};

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];

/** Medians of several measurements (failed requests summed). */
function summary(list) {
  const of = (key) => median(list.map((m) => m[key]));
  return { rps: of('rps'), p50: of('p50'), p99: of('p99'), cpuUs: of('cpuUs'), bad: list.reduce((n, m) => n + m.bad, 0) };
}

try {
  const parent = await signIn('parent');
  const teacher = await signIn('teacher');
  const admin = await signIn('admin');
  const asParent = { authorization: `Bearer ${parent.token}` };
  const asTeacher = { authorization: `Bearer ${teacher.token}` };
  const asAdmin = { authorization: `Bearer ${admin.token}` };
  const cases = [
    { name: 'bare Fastify GET /hello (baseline)', url: `http://127.0.0.1:${helloPort}/hello` },
    { name: 'GET people/{id} (parent, own profile)', path: `people/${parent.uid}`, headers: asParent, limit: true },
    { name: 'GET people?q=go (teacher, directory search)', path: 'people?q=go', headers: asTeacher, limit: true },
    // The Groups screen's tree is for staff: every node for an administrator, a teacher's subtrees.
    { name: 'GET nodes (administrator, the tree)', path: 'nodes', headers: asAdmin, limit: true },
    { name: 'GET nodes (administrator, the tree, gzip accepted)', path: 'nodes', headers: { ...asAdmin, 'accept-encoding': 'gzip' } },
    { name: 'GET nodes (teacher, their subtrees)', path: 'nodes', headers: asTeacher },
    { name: 'GET nodes/{id}/members (teacher, own class)', path: 'nodes/9/members', headers: asTeacher },
    { name: 'GET people/{id}/children (parent)', path: `people/${parent.uid}/children`, headers: asParent },
    { name: 'GET people/{id}/contacts (parent)', path: `people/${parent.uid}/contacts`, headers: asParent },
    { name: 'GET node-types (teacher)', path: 'node-types', headers: asTeacher },
    { name: 'GET vue/settings (public)', path: 'vue/settings' },
    {
      name: 'POST oauth/token (scrypt check + JWT)', path: 'oauth/token', method: 'POST',
      headers: { authorization: basicOf('parent'), 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials',
    },
  ].filter((c) => !only || only.test(c.name) || c.url);
  const rows = [];
  for (const c of cases) {
    const url = c.url ?? `${base}/${c.path}`;
    if (c.limit) await assertSameAnswer(c.path, c.headers);
    const own = [];
    const limits = [];
    for (let round = 0; round < ROUNDS; round++) {
      own.push(await run({ ...c, url }, c.url ? hello : patio));
      if (c.limit) limits.push(await run({ ...c, url: `${limitBase}/${c.path}` }, limit));
    }
    const row = { name: c.name, ...summary(own) };
    if (c.limit) {
      row.limit = summary(limits);
      row.ratioRps = median(own.map((m, i) => m.rps / limits[i].rps));
      row.ratioCpu = median(own.map((m, i) => limits[i].cpuUs / m.cpuUs));
    }
    rows.push(row);
  }
  const load = loadavg().map((n) => n.toFixed(1)).join(' ');
  const rounds = ROUNDS > 1 ? ` · medians of ${ROUNDS} rounds` : '';
  console.log(`\n${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${CONNECTIONS} connections · ${DURATION} s each${rounds} · load average after: ${load}\n`);
  // Ratios: req/s against the limit's req/s, and the limit's server CPU per request against this one's.
  console.log('| route | req/s | p50 ms | p99 ms | CPU µs/req | limit req/s | limit p99 ms | limit CPU µs/req | ratio to limit (req/s) | ratio to limit (CPU) | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const dash = '—';
  for (const r of rows) {
    const l = r.limit;
    const pct = (n) => `${Math.round(100 * n)} %`;
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round(r.cpuUs)} | ${l ? Math.round(l.rps) : dash} | ${l ? l.p99 : dash} | ` +
        `${l ? Math.round(l.cpuUs) : dash} | ${l ? pct(r.ratioRps) : dash} | ${l ? pct(r.ratioCpu) : dash} | ${r.bad + (l?.bad ?? 0)} |`,
    );
  }
} finally {
  patio.kill();
  limit.kill();
  hello.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
