#!/usr/bin/env node
// `npm test`: every suite in one go — unit and integration (Vitest: core, web, server on SQLite and,
// when PATIO_TEST_PG_URL is set, PostgreSQL; Redis when redis-server or PATIO_TEST_REDIS_URL is there),
// then the Playwright journeys when Chromium is present.
// What cannot run here is said plainly and counted as skipped; CI sets PATIO_REQUIRE_PG and
// PATIO_REQUIRE_E2E so that nothing is ever skipped there.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results = [];

function run(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const { status } = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  results.push({ name, ok: status === 0 });
}

function skip(name, why, required) {
  console.log(`\n=== ${name} === SKIPPED: ${why}`);
  results.push({ name, ok: !required, skipped: true, why });
}

if (process.env.PATIO_TEST_PG_URL) {
  console.log(`PostgreSQL integration: on (${process.env.PATIO_TEST_PG_URL.replace(/\/\/[^@]*@/, '//…@')})`);
} else {
  console.log('PostgreSQL integration: SKIPPED — set PATIO_TEST_PG_URL=postgres://user@127.0.0.1:5432/postgres to run it');
  if (process.env.PATIO_REQUIRE_PG) results.push({ name: 'PostgreSQL required', ok: false });
}

if (process.env.PATIO_TEST_REDIS_URL) {
  console.log(`Redis integration: on (${process.env.PATIO_TEST_REDIS_URL.replace(/\/\/[^@]*@/, '//…@')})`);
} else if (existsSync(process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server')) {
  console.log('Redis integration: on (the tests start redis-server on 127.0.0.1)');
} else {
  console.log('Redis integration: SKIPPED — install redis-server or set PATIO_TEST_REDIS_URL=redis://127.0.0.1:6379 to run it');
  if (process.env.PATIO_REQUIRE_REDIS) results.push({ name: 'Redis required', ok: false });
}

// Import boundaries (.dependency-cruiser*.cjs) first: seconds to check, and a broken one fails the run.
run('boundaries (dependency-cruiser)', 'npm', ['run', '--silent', 'boundaries']);

run('unit and integration (Vitest)', 'npx', ['vitest', 'run']);

if (existsSync(CHROMIUM)) {
  run('end-to-end journeys (Playwright)', 'npm', ['run', 'test:e2e']);
} else {
  skip('end-to-end journeys (Playwright)', `no Chromium at ${CHROMIUM} (apt-get install chromium)`, Boolean(process.env.PATIO_REQUIRE_E2E));
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? (r.skipped ? 'skipped' : 'passed ') : 'FAILED '}  ${r.name}${r.why ? ` — ${r.why}` : ''}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
