#!/usr/bin/env node
// Builds the app exactly as `npm start` does, then runs the Playwright journeys against it.
import { spawnSync } from 'node:child_process';

function step(command, args, cwd) {
  const { status } = spawnSync(command, args, { stdio: 'inherit', cwd, env: process.env });
  if (status !== 0) process.exit(status ?? 1);
}

step('npm', ['run', 'build'], new URL('..', import.meta.url).pathname);
step('npx', ['playwright', 'test', ...process.argv.slice(2)], new URL('.', import.meta.url).pathname);
