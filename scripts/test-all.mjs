#!/usr/bin/env node
// `npm test`: every suite in one go — unit and integration (Vitest: core, web, server on SQLite and,
// when PATIO_TEST_PG_URL is set, PostgreSQL), then the Playwright journeys when Chromium is present.
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

run('unit and integration (Vitest)', 'npx', ['vitest', 'run']);

if (existsSync(CHROMIUM)) {
  run('end-to-end journeys (Playwright)', 'npm', ['run', 'test:e2e']);
} else {
  skip('end-to-end journeys (Playwright)', `no Chromium at ${CHROMIUM} (apt-get install chromium)`, Boolean(process.env.PATIO_REQUIRE_E2E));
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? (r.skipped ? 'skipped' : 'passed ') : 'FAILED '}  ${r.name}${r.why ? ` — ${r.why}` : ''}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
