// Gzipped size of the JavaScript (and CSS) a newcomer's first screen loads: opens / in Chromium
// with an empty profile, lets it redirect to /code, and gzips every script and stylesheet fetched.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { kib, startProcess } from './lib.mjs';

const TARGET_KIB = 150;
const here = new URL('.', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'patio-bench-'));
const port = 18192;
const server = await startProcess(join(here, '../apps/server/dist/main.js'),
  { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  `http://127.0.0.1:${port}/api/directory/demo`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  const assets = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    assets.push({ type, url: new URL(res.url()).pathname, raw: body.length, gz: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForURL('**/code');
  await page.waitForLoadState('networkidle');
  const js = assets.filter((a) => a.type === 'script');
  const css = assets.filter((a) => a.type === 'stylesheet');
  const sum = (list, key) => list.reduce((n, a) => n + a[key], 0);
  for (const a of assets) console.log(`${a.type.padEnd(10)} ${a.url.padEnd(50)} ${kib(a.raw).padStart(11)} ${kib(a.gz).padStart(10)} gz`);
  const jsGz = sum(js, 'gz');
  console.log(`\nfirst screen (/code): JavaScript ${js.length} files, ${kib(sum(js, 'raw'))} raw, ${kib(jsGz)} gzipped (target ≤ ${TARGET_KIB} KiB); CSS ${kib(sum(css, 'gz'))} gzipped`);
  if (jsGz > TARGET_KIB * 1024) process.exitCode = 1;
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
