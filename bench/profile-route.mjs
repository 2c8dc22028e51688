// Where a signed-in read spends its CPU: runs Patio under `node --cpu-prof`, loads one route with
// autocannon (10 connections), stops the server and prints the profile's heaviest functions (self
// time) and packages, and the share under a few functions of interest (inclusive time).
//
//   node bench/profile-route.mjs [path] [user]     e.g. `people/me`, `nodes`, `people?q=go`
//
// `people/me` stands for the signed-in user's own id. PATIO_MAIN picks another build; BENCH_SECONDS
// the duration (default 10); PROFILE_KEEP=1 keeps the .cpuprofile (for Chrome DevTools).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { summariseProfile } from './profile-summary.mjs';

const here = new URL('.', import.meta.url).pathname;
const [pathArg = 'people/me', user = 'parent'] = process.argv.slice(2);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = 18195;
const dataDir = mkdtempSync(join(tmpdir(), 'patio-profile-'));
const profileDir = join(dataDir, 'profile');
const base = `http://127.0.0.1:${port}/api/demo`;

const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, process.env.PATIO_MAIN ?? join(here, '../apps/server/dist/main.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dataDir, 'data'), LOG_LEVEL: 'warn', JOBS_IN_PROCESS: '0' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const exited = new Promise((resolve) => child.on('exit', resolve));

try {
  for (let ready = false, deadline = Date.now() + 60_000; !ready; ) {
    if (Date.now() > deadline) throw new Error('Patio did not start within 60 s');
    ready = await fetch(`${base.replace('/api/demo', '/api/directory/demo')}`).then((r) => r.ok, () => false);
    if (!ready) await new Promise((r) => setTimeout(r, 250));
  }
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${user}:demo1234`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = await res.json();
  const uid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).uid;
  const path = pathArg.replace(/^people\/me\b/, `people/${uid}`);
  const url = `${base}/${path}`;
  const check = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
  const result = await autocannon({ url, headers: { authorization: `Bearer ${token}` }, connections: 10, duration: seconds });
  console.log(`${path} as ${user}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);
} finally {
  child.kill('SIGTERM');
  await exited;
}

const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
console.log(summariseProfile(JSON.parse(readFileSync(join(profileDir, file), 'utf8'))));
if (process.env.PROFILE_KEEP === '1') console.log(`profile kept: ${join(profileDir, file)}`);
else rmSync(dataDir, { recursive: true, force: true });
