// Throughput and latency of the signed-in read routes people hit most, each beside its "limit": the
// same reads as hand-written prepared statements in a bare Fastify process (limit-server.mjs) on the
// same database file, with the same JWT check and the same JSON answer. A bare hello-world route and
// the sign-in are measured in the same run. Server, limit and load generator share this machine.
//
// PATIO_MAIN=/path/to/dist/main.js runs another build (e.g. a copy of an older one, for before/after).
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { startProcess } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
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

try {
  const parent = await signIn('parent');
  const teacher = await signIn('teacher');
  const asParent = { authorization: `Bearer ${parent.token}` };
  const asTeacher = { authorization: `Bearer ${teacher.token}` };
  const cases = [
    { name: 'bare Fastify GET /hello (baseline)', url: `http://127.0.0.1:${helloPort}/hello` },
    { name: 'GET people/{id} (parent, own profile)', path: `people/${parent.uid}`, headers: asParent, limit: true },
    { name: 'GET people?q=go (teacher, directory search)', path: 'people?q=go', headers: asTeacher, limit: true },
    { name: 'GET nodes (parent, the tree)', path: 'nodes', headers: asParent, limit: true },
    { name: 'GET nodes (parent, the tree, gzip accepted)', path: 'nodes', headers: { ...asParent, 'accept-encoding': 'gzip' } },
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
    const row = { name: c.name, ...(await run({ ...c, url }, c.url ? hello : patio)) };
    if (c.limit) {
      await assertSameAnswer(c.path, c.headers);
      row.limit = await run({ ...c, url: `${limitBase}/${c.path}` }, limit);
    }
    rows.push(row);
  }
  const load = loadavg().map((n) => n.toFixed(1)).join(' ');
  console.log(`\n${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${CONNECTIONS} connections · ${DURATION} s each · load average after: ${load}\n`);
  // Ratios: req/s against the limit's req/s, and the limit's server CPU per request against this one's.
  console.log('| route | req/s | p50 ms | p99 ms | CPU µs/req | limit req/s | limit p99 ms | limit CPU µs/req | ratio to limit (req/s) | ratio to limit (CPU) | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const dash = '—';
  for (const r of rows) {
    const l = r.limit;
    const pct = (n) => `${Math.round(100 * n)} %`;
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round(r.cpuUs)} | ${l ? Math.round(l.rps) : dash} | ${l ? l.p99 : dash} | ` +
        `${l ? Math.round(l.cpuUs) : dash} | ${l ? pct(r.rps / l.rps) : dash} | ${l ? pct(l.cpuUs / r.cpuUs) : dash} | ${r.bad + (l?.bad ?? 0)} |`,
    );
  }
} finally {
  patio.kill();
  limit.kill();
  hello.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
