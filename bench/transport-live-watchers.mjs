// A child process of transport-live.mjs holding some of the WebSocket watchers of a bus route (one
// process cannot both send the reports and read 10,000 sockets without delaying one or the other).
// Driven over IPC:
//   {cmd: 'connect', url, secret, org, watchers: [{personId, route}], inFlight} → {event: 'connected', open, openByRoute, failed, errors, ms}
//   {cmd: 'reset'}  forget what was received so far (and restart the CPU count)
//   {cmd: 'collect', sends: [[key, sentAtMs], …]} → {event: 'collected', latencies, spans: {key: [first, last]}, unknown, duplicates, closed, rss, cpuS}
//   {cmd: 'close'}  close every socket and exit
// A watcher signs its own token (HS256, the server's PATIO_JWT_SECRET), opens
// /api/{org}/live?access_token=…, subscribes to transport/routes/{route} and records, for each
// `position` message, the instant it arrived under the key "route:timestamp" (the report's device
// timestamp, unique per route in the bench). Latency = arrival − the instant the report left the
// sending process (same machine, same clock).
import { SignJWT } from 'jose';
import WebSocket from 'ws';

/** key → arrival instants (ms), one per socket that received it. */
let arrivals = new Map();
let duplicates = 0;
let unexpectedCloses = 0;
const sockets = [];

/** The route and device timestamp of a position message, without parsing the whole frame. */
function keyOf(text) {
  if (!text.startsWith('{"type":"position"')) return null;
  const route = /"route":(\d+)/.exec(text);
  const at = text.indexOf('"position":{');
  const ts = /"timestamp":([0-9.]+)/.exec(text.slice(at));
  return route && ts ? `${route[1]}:${Number(ts[1])}` : null;
}

async function sign(secret, org, personId) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ uid: personId, org })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(personId))
    .setIssuedAt(now)
    .setExpirationTime(now + 4 * 3600)
    .sign(secret);
}

/** Opens one watcher; resolves when it is subscribed (true) or refused / failed (an error string). */
async function openWatcher(url, secret, org, { personId, route }) {
  const token = await sign(secret, org, personId);
  return new Promise((resolve) => {
    const socket = new WebSocket(`${url}?access_token=${token}`, { perMessageDeflate: false });
    const seen = new Set();
    let settled = false;
    const done = (result) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    socket.on('open', () => socket.send(JSON.stringify({ subscribe: `transport/routes/${route}` })));
    socket.on('message', (data) => {
      const text = data.toString();
      const key = keyOf(text);
      if (key !== null) {
        const now = Date.now();
        if (seen.has(key)) duplicates++;
        else {
          seen.add(key);
          let list = arrivals.get(key);
          if (!list) arrivals.set(key, (list = []));
          list.push(now);
        }
        return;
      }
      if (settled) return;
      const message = JSON.parse(text);
      if (message.type === 'subscribed') {
        sockets.push({ socket, seen });
        done(true);
      } else if (message.type === 'error') {
        done(`${message.error}`);
        settled = 'refused';
        socket.close();
      }
    });
    socket.on('error', (err) => done(err.code ?? err.message));
    socket.on('close', (code, reason) => {
      if (settled === true) unexpectedCloses++;
      done(`closed ${code} ${reason}`);
    });
  });
}

async function connect({ url, secret, org, watchers, inFlight }) {
  const key = new TextEncoder().encode(secret);
  const t0 = performance.now();
  let open = 0;
  const openByRoute = {};
  const errors = {};
  let next = 0;
  const lane = async () => {
    while (next < watchers.length) {
      const watcher = watchers[next++];
      const result = await openWatcher(url, key, org, watcher);
      if (result === true) {
        open++;
        openByRoute[watcher.route] = (openByRoute[watcher.route] ?? 0) + 1;
      }
      else errors[result] = (errors[result] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
  return { event: 'connected', open, openByRoute, failed: watchers.length - open, errors, ms: performance.now() - t0 };
}

let cpuFrom = process.cpuUsage();

/** Latency of every receipt of a known report, and per report its first and last receipt. */
function collect(sends) {
  const sentAt = new Map(sends);
  const latencies = [];
  const spans = {};
  let unknown = 0;
  for (const [key, list] of arrivals) {
    const at = sentAt.get(key);
    if (at === undefined) {
      unknown += list.length;
      continue;
    }
    let first = Infinity;
    let last = -Infinity;
    for (const t of list) {
      latencies.push(t - at);
      first = Math.min(first, t);
      last = Math.max(last, t);
    }
    spans[key] = [first, last];
  }
  const cpu = process.cpuUsage(cpuFrom);
  return { event: 'collected', latencies, spans, unknown, duplicates, closed: unexpectedCloses, rss: process.memoryUsage().rss, cpuS: (cpu.user + cpu.system) / 1e6 };
}

process.on('message', async (message) => {
  if (message.cmd === 'connect') process.send(await connect(message));
  else if (message.cmd === 'reset') {
    arrivals = new Map();
    duplicates = 0;
    cpuFrom = process.cpuUsage();
    for (const { seen } of sockets) seen.clear();
    process.send({ event: 'reset' });
  } else if (message.cmd === 'collect') process.send(collect(message.sends));
  else if (message.cmd === 'close') {
    for (const { socket } of sockets) socket.terminate();
    process.exit(0);
  }
});
process.send({ event: 'started' });
