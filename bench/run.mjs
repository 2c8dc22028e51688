#!/usr/bin/env node
// `npm run bench`: builds the app, then runs each benchmark; copy the printed tables to RESULTS.md.
// Set BENCH_PG_URL=postgres://… to run the import, audience, notifications and transport benchmarks on
// PostgreSQL too, and BENCH_REDIS_URL=redis://… to run the transport benchmark with Redis as the event bus.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const here = new URL('.', import.meta.url).pathname;
for (const [cmd, args, cwd] of [
  ['npm', ['run', 'build'], root],
  [process.execPath, ['http-routes.mjs'], here],
  [process.execPath, ['first-screen-size.mjs'], here],
  [process.execPath, ['screen-closure.mjs'], here],
  [process.execPath, ['first-paint.mjs'], here],
  [process.execPath, ['import-1000.mjs'], here],
  [process.execPath, ['audience-5000.mjs'], here],
  [process.execPath, ['avatar-upload.mjs'], here],
  [process.execPath, ['busy-server.mjs'], here],
  [process.execPath, ['notifications-drain.mjs'], here],
  [process.execPath, ['transport-live.mjs'], here],
]) {
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', cwd });
  if (status !== 0) process.exit(status ?? 1);
}
