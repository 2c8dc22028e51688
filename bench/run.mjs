#!/usr/bin/env node
// `npm run bench`: builds the app, then runs each benchmark; copy the printed tables to RESULTS.md.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const here = new URL('.', import.meta.url).pathname;
for (const [cmd, args, cwd] of [
  ['npm', ['run', 'build'], root],
  [process.execPath, ['http-routes.mjs'], here],
  [process.execPath, ['first-screen-size.mjs'], here],
]) {
  const { status } = spawnSync(cmd, args, { stdio: 'inherit', cwd });
  if (status !== 0) process.exit(status ?? 1);
}
