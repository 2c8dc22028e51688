// A Patio route beside its limit (limit-server.mjs): the two answers must be equal before either is
// measured, and each measurement carries the server's CPU time per answered request, which on a
// shared machine is steadier than req/s.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

/** CPU seconds a process has used (user + system), from /proc. */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * autocannon against `url` (10 connections) and the CPU µs per request of process `pid`, after
 * `warmup` seconds of the same load that are not counted: a process's first seconds on a route
 * include V8 compiling its code (on background threads, in the process's CPU time), which would
 * make whichever measurement comes first look slower.
 */
export async function measure(url, headers, pid, seconds, warmup = 0) {
  const connections = 10;
  if (warmup > 0) await autocannon({ url, headers, connections, duration: warmup });
  const before = cpuSeconds(pid);
  const r = await autocannon({ url, headers, connections, duration: seconds });
  const cpuUs = ((cpuSeconds(pid) - before) * 1e6) / Math.max(1, r.requests.total);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors, cpuUs };
}

/** Throws unless both URLs answer 200 with deeply equal JSON and the same X-Total-Count. */
export async function assertSameAnswer(url, limitUrl, headers) {
  const [a, b] = await Promise.all([fetch(url, { headers }), fetch(limitUrl, { headers })]);
  const [x, y] = [await a.json(), await b.json()];
  const [tx, ty] = [a.headers.get('x-total-count'), b.headers.get('x-total-count')];
  if (a.status !== 200 || b.status !== 200 || tx !== ty || !isDeepStrictEqual(x, y)) {
    throw new Error(`the limit of ${url} differs (status ${a.status} · ${b.status}, total ${tx} · ${ty}):\n${JSON.stringify(x)}\n${JSON.stringify(y)}`);
  }
  return { items: x.length, total: Number(tx) };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
