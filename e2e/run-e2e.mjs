#!/usr/bin/env node
// Builds the app exactly as `npm start` does (unless the build is newer than every source), then runs
// the Playwright journeys against it. E2E_REBUILD=1 builds whatever the dates say.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function step(command, args, cwd) {
  const { status } = spawnSync(command, args, { stdio: 'inherit', cwd, env: process.env });
  if (status !== 0) process.exit(status ?? 1);
}

/** The newest modification time under `path` (a file or a folder), skipping build outputs and dependencies. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dev-dist') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html'].map((file) => join(root, file));
const sources = ['packages/core', 'apps/server', 'apps/web', 'package-lock.json'].map((path) => join(root, path));
const isFresh = outputs.every(existsSync) && Math.min(...outputs.map((file) => statSync(file).mtimeMs)) > Math.max(...sources.map(newest));

if (isFresh && process.env.E2E_REBUILD !== '1') console.log('The build is newer than every source: the journeys run on it (E2E_REBUILD=1 rebuilds).');
else step('npm', ['run', 'build'], root);
step('npx', ['playwright', 'test', ...process.argv.slice(2)], new URL('.', import.meta.url).pathname);
