// Notifications outbox drain (issue 12 §5): one post published to 10,000 people, each with an email
// address and one Web Push browser, so 20,000 sends through the job queue (fan-out, then send jobs of
// 100) to local sinks: a minimal SMTP server and an HTTP push endpoint answering 201, both in this
// process, counting what arrives and keeping no bodies. Every subscription has a real P-256 key (one
// key pair shared, each its own endpoint path), so the server encrypts and signs every push as it would
// for a browser. Measured: publish request, fan-out, first and last receipt, last delivery marked sent
// (its sent_at), sends/s = deliveries ÷ (last sent_at − publish start), send jobs, failures, retries,
// the server's RSS and CPU, and that each address got one mail and each endpoint one push.
// SQLite always; PostgreSQL too when BENCH_PG_URL is set. Needs `npm run build` first.
// BENCH_PEOPLE (default 10,000), BENCH_JOBS_CONCURRENCY (the server's JOBS_CONCURRENCY; its default
// when unset), BENCH_WORKERS (job-only processes, `apps/server/dist/worker.js`, beside the server; default
// 0), BENCH_TIMEOUT (s, default 600). BENCH_PROFILE=1 runs the server under `--cpu-prof` and
// prints where its CPU went between the publish and the last delivery (measure without it).
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './lib.mjs';
import { profileBetween, summariseProfile } from './profile-summary.mjs';
import { databases, startSchool } from './school-data.mjs';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 10_000);
const CONCURRENCY = process.env.BENCH_JOBS_CONCURRENCY;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 0);
const workerScript = new URL('../apps/server/dist/worker.js', import.meta.url).pathname;
const TIMEOUT_MS = 1000 * Number(process.env.BENCH_TIMEOUT ?? 600);
const POLL_MS = 100;
const CHANNELS = 2; // email + web
const TARGET = 1000; // sends/s (issue 12 §5)

/** An SMTP server that says yes to everything and counts messages per recipient; bodies are dropped as they stream. */
async function startSmtpSink() {
  const mails = new Map();
  const times = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('latin1');
    let buffer = '';
    let inData = false;
    let rcpt = [];
    socket.write('220 bench-sink ESMTP\r\n');
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) {
            buffer = buffer.slice(-4); // the terminator may straddle two chunks
            return;
          }
          buffer = buffer.slice(end + 5);
          inData = false;
          for (const to of rcpt) mails.set(to, (mails.get(to) ?? 0) + 1);
          times.push(Date.now());
          rcpt = [];
          socket.write('250 OK\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-bench-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'RCPT') {
          rcpt.push(/<([^>]*)>/.exec(line)?.[1].toLowerCase() ?? '');
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          buffer = `\r\n${buffer}`; // an empty body ends with ".\r\n" right away
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (verb === 'RSET') {
          rcpt = [];
          socket.write('250 OK\r\n');
        } else socket.write('250 OK\r\n'); // MAIL, NOOP
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${server.address().port}`, mails, times, close: () => new Promise((r) => server.close(r)) };
}

/** A push service that answers 201 Created to every POST and counts them per path. */
async function startPushSink() {
  const pushes = new Map();
  const times = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      pushes.set(req.url, (pushes.get(req.url) ?? 0) + 1);
      times.push(Date.now());
      res.writeHead(201, { 'content-length': '0' }).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, pushes, times, close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }) };
}

/** `count` people with an email address and one web browser each, in multi-row inserts; answers their ids. */
async function insertPeople(conn, orgId, count, pushBase) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  const now = new Date().toISOString();
  const ids = [];
  const CHUNK = 500;
  for (let from = 0; from < count; from += CHUNK) {
    const values = [];
    const params = [];
    for (let i = from; i < Math.min(count, from + CHUNK); i++) {
      const first = 'Bench';
      const last = `Recipient${String(i).padStart(5, '0')}`;
      const row = [orgId, first, last, `bench${i}@example.com`, 0, now, `${first}|${last}||`.toLowerCase(), `${last}\t\t${first}`.toLowerCase()];
      values.push(`(${row.map((_, k) => `$${params.length + k + 1}`).join(', ')})`);
      params.push(...row);
    }
    const rows = await conn.all(`INSERT INTO people (org_id, first_name, last_name, email, is_admin, created_at, search_key, sort_key) VALUES ${values.join(', ')} RETURNING id`, params);
    ids.push(...rows.map((r) => Number(r.id)));
  }
  for (let from = 0; from < ids.length; from += CHUNK) {
    const values = [];
    const params = [];
    for (const id of ids.slice(from, from + CHUNK)) {
      const token = JSON.stringify({ endpoint: `${pushBase}/push/${id}`, keys });
      const row = [orgId, id, `bench-browser-${id}`, token, 'web', 'Chromium', now, now];
      values.push(`(${row.map((_, k) => `$${params.length + k + 1}`).join(', ')})`);
      params.push(...row);
    }
    await conn.all(`INSERT INTO devices (org_id, person_id, uuid, token, platform, model, created_at, updated_at) VALUES ${values.join(', ')}`, params);
  }
  return ids;
}

/** Waits until no notification job is queued or running; answers the jobs by `kind state` then. */
async function quietJobs(conn) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    const rows = await conn.all("SELECT kind, state, COUNT(*) AS n FROM jobs WHERE kind LIKE 'notifications.%' GROUP BY kind, state");
    if (!rows.some((r) => r.state === 'queued' || r.state === 'running')) return new Map(rows.map((r) => [`${r.kind} ${r.state}`, Number(r.n)]));
  }
  throw new Error('the demo school\'s notifications did not go out within 60 s');
}

/** The server's CPU time so far, in seconds (utime + stime of /proc/{pid}/stat, 100 ticks a second). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const memoryOf = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
const mib = (bytes) => `${Math.round(bytes / 1048576)} MiB`;

/** Inclusive share of the busy samples under a few functions of the send path, between two monotonic instants (µs). */
function sendPathProfile(dir, fromUs, toUs) {
  const profile = profileBetween(dir, fromUs, toUs);
  const { samples } = profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const interest = ['handle', 'sendClaimed', 'sendMail', 'sendMailMessage', 'generateRequestDetails', 'encrypt', 'getVapidHeaders', 'postOnce',
    'claimJobs', 'claimDeliveries', 'markSent', 'insertDeliveries', 'findRecipients', 'scheduleSends', 'enqueue', 'mailOf', 'pushMessageOf', 'executeQuery'];
  const under = new Map(interest.map((name) => [name, 0]));
  let busy = 0;
  for (const id of samples) {
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
  const pct = (n) => `${((100 * n) / busy).toFixed(1).padStart(5)} %`;
  const lines = [...under].sort((a, b) => b[1] - a[1]).map(([name, n]) => `  ${pct(n)}  ${name}`);
  const stages = [...stagesOf(samples, byId, parentOf)].sort((a, b) => b[1] - a[1]).map(([name, n]) => `  ${pct(n)}  ${name}`);
  return `${summariseProfile(profile)}\nunder (inclusive, send path):\n${lines.join('\n')}\n` +
    `by stage (a busy sample counts for the first of these its stack shows; async stacks stop at the last await):\n${stages.join('\n')}`;
}

/** Busy samples per stage of the drain, by the code on their stack. */
function stagesOf(samples, byId, parentOf) {
  const STAGES = [
    ['Web Push: VAPID JWT (ES256 sign)', (f) => f.functionName === 'getVapidHeaders'],
    ['Web Push: payload encryption (ECDH, HKDF, AES-GCM)', (f) => f.functionName === 'encrypt' || /http_ece/.test(f.url)],
    ['Web Push: HTTP request and answer', (f) => f.functionName === 'postOnce' || /web-push|_http_|node:http$/.test(f.url)],
    ['email: nodemailer (SMTP dialogue, MIME build, sockets)', (f) => /nodemailer/.test(f.url)],
    ['fan-out: scheduleSends', (f) => f.functionName === 'scheduleSends'],
    ['database driver and Kysely', (f) => /kysely|better-sqlite3|node_modules\/pg|pg-protocol/.test(f.url)],
  ];
  const counts = new Map([...STAGES.map(([name]) => [name, 0]), ['garbage collector', 0], ['other', 0]]);
  for (const id of samples) {
    const leaf = byId.get(id).callFrame;
    if (leaf.functionName === '(idle)') continue;
    if (leaf.functionName === '(garbage collector)') {
      counts.set('garbage collector', counts.get('garbage collector') + 1);
      continue;
    }
    const frames = [];
    for (let n = id; n !== undefined; n = parentOf.get(n)) frames.push(byId.get(n).callFrame);
    const stage = STAGES.find(([, test]) => frames.some(test))?.[0] ?? 'other';
    counts.set(stage, counts.get(stage) + 1);
  }
  return counts;
}
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

const rows = [];
const notes = [];
let port = 18610;
for await (const db of databases()) {
  const smtp = await startSmtpSink();
  const push = await startPushSink();
  const profileDir = process.env.BENCH_PROFILE === '1' ? mkdtempSync(join(tmpdir(), 'patio-drain-profile-')) : null;
  const env = {
    ...db.env,
    SMTP_URL: smtp.url,
    PUSH_ALLOW_INSECURE_ENDPOINTS: '1',
    ...(CONCURRENCY ? { JOBS_CONCURRENCY: CONCURRENCY } : {}),
    ...(profileDir ? { BENCH_NODE_FLAGS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
  };
  const school = await startSchool(port++, env);
  const conn = openDatabase(db, school);
  const workers = Array.from({ length: WORKERS }, () => spawn(process.execPath, [workerScript],
    { env: { ...process.env, ...env, DATA_DIR: school.dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] }));
  const processes = [school.pid, ...workers.map((w) => w.pid)];
  let measured;
  try {
    const [org] = await conn.all("SELECT id FROM orgs WHERE code = 'demo'");
    let t0 = performance.now();
    const ids = await insertPeople(conn, Number(org.id), PEOPLE, push.base);
    const setupMs = performance.now() - t0;
    const admin = JSON.parse(Buffer.from(school.token.split('.')[1], 'base64url').toString()).uid;
    const expected = ids.length * CHANNELS;
    // The demo seed publishes posts too: let their notifications go out first, then count from zero.
    const jobsBefore = await quietJobs(conn);
    smtp.mails.clear();
    push.pushes.clear();
    smtp.times.length = 0;
    push.times.length = 0;
    const rssBefore = memoryOf(school.pid, 'VmRSS');
    const load = [loadAverage()];
    const cpu0 = processes.map(cpuSeconds);
    const client0 = process.cpuUsage();

    const publishAt = Date.now();
    measured = [monotonicUs()];
    const res = await fetch(`${school.base}/people/${admin}/posts/sent`, {
      method: 'POST',
      headers: { authorization: `Bearer ${school.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'circular', title: 'Reunión de padres', description: '<p>El jueves a las 18:00 en el salón.</p>', audience: { people: ids } }),
    });
    const post = await res.json();
    const publishMs = Date.now() - publishAt;
    if (res.status !== 201) throw new Error(`publish answered ${res.status}: ${JSON.stringify(post)}`);

    // Until every delivery is sent or failed: states, running send jobs, the server's RSS.
    let fanoutDoneAt = null;
    let peakRss = 0;
    const running = [];
    let states = {};
    for (;;) {
      const stateRows = await conn.all('SELECT state, COUNT(*) AS n FROM notification_deliveries WHERE org_id = $1 AND post_id = $2 GROUP BY state', [Number(org.id), post.id]);
      states = Object.fromEntries(stateRows.map((r) => [r.state, Number(r.n)]));
      const jobRows = await conn.all("SELECT kind, state, COUNT(*) AS n FROM jobs WHERE kind LIKE 'notifications.%' AND state IN ('running', 'done') GROUP BY kind, state");
      const jobs = (kind, state) => Number(jobRows.find((r) => r.kind === kind && r.state === state)?.n ?? 0);
      if (!fanoutDoneAt && jobs('notifications.fanout', 'done') > (jobsBefore.get('notifications.fanout done') ?? 0)) fanoutDoneAt = Date.now();
      if (fanoutDoneAt) running.push(jobs('notifications.send', 'running'));
      peakRss = Math.max(peakRss, memoryOf(school.pid, 'VmRSS')); // the server's own
      const settled = (states.sent ?? 0) + (states.failed ?? 0);
      if (settled >= expected && !states.queued && !states.sending) break;
      if (Date.now() - publishAt > TIMEOUT_MS) throw new Error(`not drained after ${TIMEOUT_MS / 1000} s: ${JSON.stringify(states)}`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    measured.push(monotonicUs());
    const serverCpu = processes.reduce((sum, pid, i) => sum + cpuSeconds(pid) - cpu0[i], 0);
    const clientCpu = process.cpuUsage(client0);
    load.push(loadAverage());
    const peakHwm = memoryOf(school.pid, 'VmHWM');

    const [last] = await conn.all("SELECT MAX(sent_at) AS last, MIN(sent_at) AS first, SUM(CASE WHEN attempts > 0 THEN 1 ELSE 0 END) AS retried FROM notification_deliveries WHERE org_id = $1 AND post_id = $2 AND state = 'sent'", [Number(org.id), post.id]);
    const jobRows = (await conn.all("SELECT kind, state, COUNT(*) AS n FROM jobs WHERE kind LIKE 'notifications.%' GROUP BY kind, state ORDER BY kind, state"))
      .map((r) => ({ ...r, n: Number(r.n) - (jobsBefore.get(`${r.kind} ${r.state}`) ?? 0) })).filter((r) => r.n > 0);
    const sendJobs = jobRows.filter((r) => r.kind === 'notifications.send').reduce((n, r) => n + Number(r.n), 0);
    const otherJobs = jobRows.filter((r) => !['notifications.send', 'notifications.fanout'].includes(r.kind)).map((r) => `${r.kind} ${r.state} ${r.n}`);
    const drainMs = Date.parse(last.last) - publishAt;
    const sent = states.sent ?? 0;
    const failed = states.failed ?? 0;
    const rate = sent / (drainMs / 1000);

    // Each address one mail, each endpoint path one push, nothing else.
    const wantedPaths = new Set(ids.map((id) => `/push/${id}`));
    const wantedMails = new Set(ids.map((_, i) => `bench${i}@example.com`));
    const mailsOnce = [...smtp.mails].filter(([to, n]) => wantedMails.has(to) && n === 1).length;
    const pushesOnce = [...push.pushes].filter(([path, n]) => wantedPaths.has(path) && n === 1).length;
    const mailsTotal = [...smtp.mails.values()].reduce((a, b) => a + b, 0);
    const pushesTotal = [...push.pushes.values()].reduce((a, b) => a + b, 0);
    const intact = mailsOnce === ids.length && pushesOnce === ids.length && mailsTotal === ids.length && pushesTotal === ids.length && sent === expected;
    const lastReceipt = Math.max(smtp.times.at(-1) ?? 0, push.times.at(-1) ?? 0);
    const firstReceipt = Math.min(smtp.times[0] ?? Infinity, push.times[0] ?? Infinity);
    const s = (ms) => (ms / 1000).toFixed(1);
    const meanRunning = running.length ? running.reduce((a, b) => a + b, 0) / running.length : 0;

    rows.push(`| ${db.name} | ${ids.length.toLocaleString('en')} × ${CHANNELS} | ${CONCURRENCY ?? 'default'}${WORKERS ? ` + ${WORKERS} worker${WORKERS > 1 ? 's' : ''}` : ''} | ${publishMs} ms | ${fanoutDoneAt ? s(fanoutDoneAt - publishAt) : '?'} s | ` +
      `${s(firstReceipt - publishAt)} s | ${s(lastReceipt - publishAt)} s | **${s(drainMs)} s** | **${Math.round(rate).toLocaleString('en')}** | ` +
      `${sendJobs} · ${Math.max(0, ...running)} / ${meanRunning.toFixed(1)} | ${failed} · ${Number(last.retried ?? 0)} | ` +
      `${mailsTotal.toLocaleString('en')} · ${pushesTotal.toLocaleString('en')} | ${intact ? 'none' : 'SEE BELOW'} | ` +
      `${(serverCpu / (drainMs / 1000)).toFixed(2)} | ${mib(rssBefore)} → ${mib(peakRss)} (HWM ${mib(peakHwm)}) | ${rate >= TARGET ? 'yes' : 'no'} | ${load.join(' → ')} |`);
    notes.push(`${db.name}: ${ids.length.toLocaleString('en')} people and devices inserted in ${s(setupMs)} s; server${WORKERS ? ' and workers' : ''} CPU ${serverCpu.toFixed(1)} s over ${s(drainMs)} s; ` +
      `bench process (sinks, poller) CPU ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)} s; mails ${s(smtp.times[0] - publishAt)}–${s(smtp.times.at(-1) - publishAt)} s, ` +
      `pushes ${s(push.times[0] - publishAt)}–${s(push.times.at(-1) - publishAt)} s; first sent_at ${s(Date.parse(last.first) - publishAt)} s; jobs: ` +
      `${jobRows.map((r) => `${r.kind} ${r.state} ${r.n}`).join(', ')}${otherJobs.length ? ' (retries above)' : ''}` +
      (intact ? '' : `; CHECK: mails once ${mailsOnce}/${ids.length} (total ${mailsTotal}), pushes once ${pushesOnce}/${ids.length} (total ${pushesTotal}), states ${JSON.stringify(states)}`));
  } finally {
    for (const w of workers) {
      w.kill();
      await new Promise((r) => (w.exitCode === null ? w.once('exit', r) : r()));
    }
    await conn.close();
    await school.stop();
    await smtp.close();
    await push.close();
    await db.drop();
  }
  if (profileDir && measured?.length === 2) notes.push(`${db.name}, server CPU profile from the publish to the last delivery:\n${sendPathProfile(profileDir, ...measured)}`);
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
}
console.log('\n| database | recipients × channels | JOBS_CONCURRENCY | publish | fan-out done | first receipt | last receipt | last sent_at (drain) | sends/s | send jobs · running max / mean | failed · retried | mails · pushes received | lost or duplicated | server CPU cores busy | server RSS before → peak | ≥ 1,000/s | load average |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|---|');
console.log(rows.join('\n'));
console.log(`\n${notes.join('\n')}`);
