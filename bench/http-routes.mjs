// Throughput and latency of an authenticated GET people/{id} and of POST oauth/token, beside a bare
// hello-world route, all in one run on this machine (server and load generator share its 2 cores).
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess } from './lib.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const here = new URL('.', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'patio-bench-'));
const patioPort = 18190;
const helloPort = 18191;
const base = `http://127.0.0.1:${patioPort}/api/demo`;
const basic = `Basic ${Buffer.from('parent:demo1234').toString('base64')}`;

const patio = await startProcess(join(here, '../apps/server/dist/main.js'),
  { PORT: String(patioPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  `http://127.0.0.1:${patioPort}/api/directory/demo`);
const hello = await startProcess(join(here, 'hello-server.mjs'), { PORT: String(helloPort) }, `http://127.0.0.1:${helloPort}/hello`);

try {
  const signIn = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = await signIn.json();
  const uid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).uid;

  const cases = [
    { name: 'bare Fastify GET /hello (baseline)', url: `http://127.0.0.1:${helloPort}/hello` },
    { name: 'GET people/{id} (authenticated)', url: `${base}/people/${uid}`, headers: { authorization: `Bearer ${token}` } },
    {
      name: 'POST oauth/token (scrypt check + JWT)', url: `${base}/oauth/token`, method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials',
    },
  ];
  const rows = [];
  for (const c of cases) {
    const r = await autocannon({ ...c, connections: CONNECTIONS, duration: DURATION });
    rows.push({ name: c.name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
  }
  const baseline = rows[0].rps;
  console.log(`\n${new Date().toISOString().slice(0, 10)} · node ${process.version} · ${CONNECTIONS} connections · ${DURATION} s each\n`);
  console.log('| route | req/s | p50 ms | p99 ms | ratio to baseline | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${(r.rps / baseline).toFixed(2)} | ${r.non2xx + r.errors} |`);
  }
} finally {
  patio.kill();
  hello.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
