// A newcomer's cold /code over the wire: bytes transferred (headers and bodies as Chromium received
// them, so compressed when the server compresses) and the first contentful paint on an emulated
// "Fast 3G" network, Chrome DevTools' preset: 562.5 ms latency, 1.44 Mbit/s down (180,000 B/s),
// 675 kbit/s up (84,375 B/s). Each run uses a new browser context with the cache disabled.
//
// The same for a signed-in parent who opens / and lands on /highlights (the session already stored),
// so that what the newcomer's screen preloads is seen to cost the others nothing much.
//
// PATIO_MAIN=/path/to/dist/main.js measures another build (its web app is the one beside it, or WEB_ROOT).
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { kib, startProcess } from './lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1000 * 1000 / 8) * 0.9, uploadThroughput: (750 * 1000 / 8) * 0.9 };
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
 * answers the bytes received and the first contentful paint.
 */
async function coldLoad(network, session = null) {
  const context = await browser.newContext();
  if (session) await context.addInitScript((stored) => localStorage.setItem('patio.session', JSON.stringify(stored)), session);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) await cdp.send('Network.emulateNetworkConditions', network);
  const types = new Map();
  const bytes = { all: 0, script: 0, files: 0 };
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    bytes.all += e.encodedDataLength;
    bytes.files++;
    if (types.get(e.requestId) === 'Script') bytes.script += e.encodedDataLength;
  });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForURL(session ? '**/highlights' : '**/code');
  await page.waitForLoadState('networkidle');
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  await context.close();
  return { ...bytes, fcp };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
try {
  const session = await parentSession();
  const results = [];
  for (const [name, stored] of [['cold /code (newcomer)', null], ['cold /highlights (signed-in parent)', session]]) {
    const wire = await coldLoad(null, stored);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await coldLoad(FAST_3G, stored));
    results.push({ name, wire, fcps: runs.map((r) => r.fcp) });
  }
  console.log(`\n${new Date().toISOString().slice(0, 10)} · load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  for (const { name, wire, fcps } of results) {
    console.log(`${name}: ${wire.files} responses, ${kib(wire.all)} over the wire, of which JavaScript ${kib(wire.script)}`);
    console.log(`  first contentful paint on Fast 3G: median ${Math.round(median(fcps))} ms of ${RUNS} (${fcps.map((n) => Math.round(n)).join(', ')} ms)`);
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
