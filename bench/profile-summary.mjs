import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Reads a V8 .cpuprofile (node --cpu-prof) into a short text: the share of samples per package and
// per function (self time), and under a few functions of interest (inclusive time, counted once per
// sample however deep the recursion).

const INTEREST = [
  /* request path */ 'runPreParsing', 'preHandlerCallback', 'onSendHookRunner', 'serialize', 'onSendEnd',
  /* database */ 'executeQuery', 'compileQuery', 'compile', 'transformQuery', 'acquireConnection',
  /* JWT */ 'jwtVerify',
  /* the school scope */ 'authenticate', 'evaluatePolicy',
];

/** `node_modules/<package>` of a script URL, `node:` for Node's own code, `app` for the bundle. */
function packageOf(url) {
  if (!url) return '(native / GC / idle)';
  const match = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (match) return match[1];
  if (url.startsWith('node:')) return 'node:internal';
  return url.includes('/dist/') ? 'app (bundle)' : url.replace(/^file:\/\//, '');
}

/** A readable summary of `profile` (the JSON of a .cpuprofile). */
export function summariseProfile(profile, top = 30) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const self = new Map(); // node id → samples
  for (const id of profile.samples) self.set(id, (self.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const idle = profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').reduce((s, n) => s + (self.get(n.id) ?? 0), 0);
  const busy = total - idle;

  const label = (n) => `${n.callFrame.functionName || '(anonymous)'} ${packageOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  const fnSelf = new Map();
  const pkgSelf = new Map();
  const inclusive = new Map(INTEREST.map((name) => [name, 0]));
  for (const [id, count] of self) {
    const node = byId.get(id);
    if (node.callFrame.functionName === '(idle)') continue;
    fnSelf.set(label(node), (fnSelf.get(label(node)) ?? 0) + count);
    const pkg = ['(garbage collector)', '(program)'].includes(node.callFrame.functionName) ? node.callFrame.functionName : packageOf(node.callFrame.url);
    pkgSelf.set(pkg, (pkgSelf.get(pkg) ?? 0) + count);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const name = byId.get(at).callFrame.functionName;
      if (inclusive.has(name) && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, inclusive.get(name) + count);
      }
    }
  }
  const pct = (n) => `${((100 * n) / busy).toFixed(1).padStart(5)} %`;
  const list = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${pct(v)}  ${k}`)
      .join('\n');
  return [
    `samples: ${total}, busy (not idle): ${busy}; shares below are of the busy samples`,
    'by package (self):',
    list(pkgSelf, 15),
    'by function (self):',
    list(fnSelf, top),
    'under (inclusive):',
    list(inclusive, INTEREST.length),
  ].join('\n');
}

/**
 * The server's CPU profile in `dir` (the main thread's: the one with most samples, worker threads
 * write theirs beside it), cut to the samples taken between two CLOCK_MONOTONIC instants (µs).
 */
export function profileBetween(dir, fromUs, toUs) {
  const profile = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')))
    .sort((a, b) => b.samples.length - a.samples.length)[0];
  const samples = [];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i];
    if (at >= fromUs && at <= toUs) samples.push(id);
  });
  return { nodes: profile.nodes, samples };
}
