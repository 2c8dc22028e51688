// A newcomer's cold /code over the wire: responses, bytes transferred (headers and bodies as Chromium
// received them, so compressed when the server compresses), of which JavaScript, the responses that
// finished before the first contentful paint, and the first contentful paint itself, on the network
// issue 32 names: "Fast 3G" as 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, with the CPU slowed
// 4× (a mid-range phone). Each run uses a new browser context with the cache disabled.
//
// The same for a signed-in parent who opens / and lands on /highlights (the session already stored),
// so that what the newcomer's screen preloads is seen to cost the others nothing much.
//
// BENCH_LOCALE (default es-CO, the families' phones) is the browser's language: a newcomer's screens
// speak it, so it decides which dictionary /code loads. BENCH_RUNS (default 3) runs per screen, the median is reported. BENCH_URLS=1 lists every response of
// the first run per screen (to see which chunks a screen pulls in).
// PATIO_MAIN=/path/to/dist/main.js measures another build (its web app is the one beside it, or WEB_ROOT).
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { kib, startProcess } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FAST_3G = { offline: false, latency: 150, downloadThroughput: 1.6 * 1000 * 1000 / 8, uploadThroughput: 750 * 1000 / 8 };
const CPU_SLOWDOWN = 4;
const LOCALE = process.env.BENCH_LOCALE ?? 'es-CO';
const here = new URL('.', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'patio-bench-'));
const port = 18194;
const server = await startProcess(process.env.PATIO_MAIN ?? join(here, '../apps/server/dist/main.js'),
  { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  `http://127.0.0.1:${port}/api/directory/demo`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** A signed-in parent's stored session (what the app keeps in localStorage), for an init script. */
async function parentSession() {
  const url = `http://127.0.0.1:${port}/api/demo/`;
  const res = await fetch(`${url}oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('parent:demo1234').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = await res.json();
  const school = await (await fetch(`http://127.0.0.1:${port}/api/directory/demo`)).json();
  return { url, school: { code: school.code, title: school.title, logo: school.logo }, language: 'es', token, registrationPending: false };
}

/**
 * Opens / (the app sends a newcomer to /code, a signed-in person with `session` to /highlights) and
 * answers the responses and bytes received, those finished before the first contentful paint, and
 * that paint. `throttle` applies the slow network and the CPU slowdown.
 */
async function coldLoad(throttle, session = null) {
  const context = await browser.newContext({ locale: LOCALE });
  if (session) await context.addInitScript((stored) => localStorage.setItem('patio.session', JSON.stringify(stored)), session);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  const responses = new Map();
  const bytes = { all: 0, script: 0, files: 0 };
  cdp.on('Network.responseReceived', (e) => responses.set(e.requestId, { type: e.type, url: e.response.url }));
  cdp.on('Network.loadingFinished', (e) => {
    bytes.all += e.encodedDataLength;
    bytes.files++;
    const response = responses.get(e.requestId);
    if (response) response.size = e.encodedDataLength;
    if (response?.type === 'Script') bytes.script += e.encodedDataLength;
  });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForURL(session ? '**/highlights' : '**/code');
  await page.waitForLoadState('networkidle');
  const { fcp, beforePaint } = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    // The document itself plus every resource whose body had arrived when the first text was drawn.
    const early = paint === null ? 0 : performance.getEntriesByType('resource').filter((r) => r.responseEnd <= paint).length + 1;
    return { fcp: paint, beforePaint: early };
  });
  await context.close();
  return { ...bytes, fcp, beforePaint, responses: [...responses.values()] };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
try {
  const session = await parentSession();
  const results = [];
  for (const [name, stored] of [['cold /code (newcomer)', null], ['cold /highlights (signed-in parent)', session]]) {
    const wire = await coldLoad(false, stored);
    if (process.env.BENCH_URLS) for (const r of wire.responses) console.log(`  ${name} ${r.type} ${new URL(r.url).pathname} ${kib(r.size ?? 0)}`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(true, stored));
    results.push({ name, wire, fcps: runs.map((r) => r.fcp), early: runs.map((r) => r.beforePaint) });
  }
  console.log(`\n${new Date().toISOString().slice(0, 10)} · browser language ${LOCALE} · load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  for (const { name, wire, fcps, early } of results) {
    console.log(`${name}: ${wire.files} responses, ${kib(wire.all)} over the wire, of which JavaScript ${kib(wire.script)}`);
    console.log(`  Fast 3G (150 ms RTT) + CPU ×${CPU_SLOWDOWN}: first contentful paint median ${Math.round(median(fcps))} ms of ${RUNS} (${fcps.map((n) => Math.round(n)).join(', ')} ms); responses before it: median ${median(early)}`);
  }
  const [code, home] = results.map((r) => median(r.fcps));
  console.log(`signed-in home's first paint / cold /code's: ${(home / code).toFixed(2)}×`);
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
