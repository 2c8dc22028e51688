import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

// The real processes, as `npm start` and `npm run worker` run them: built by build.mjs into a private
// folder (beside dist/, so the bundles find node_modules) once per test file, started with only the
// environment a test gives, and killed if a test left them running.

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface BuiltProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; at: number }>;
  output(): string;
}

export interface BuiltProcesses {
  /** Where the bundles are (e.g. for a WEB_ROOT that does not exist). */
  dir(): string;
  /** A process of the build with only `env` (none of the test run's DATABASE_URL, SMTP_URL…). */
  start(entry: 'main.js' | 'worker.js', env: Record<string, string>, logLevel?: string): BuiltProcess;
}

/** Registers the hooks that build the server before the file's tests and clean up after them. */
export function useBuiltProcesses(): BuiltProcesses {
  let outdir = '';
  const children: ChildProcess[] = [];

  beforeAll(() => {
    mkdirSync(join(serverDir, 'dist'), { recursive: true });
    outdir = mkdtempSync(join(serverDir, 'dist', '.process-test-'));
    const built = spawnSync(process.execPath, ['build.mjs', `--outdir=${outdir}`], { cwd: serverDir, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`build.mjs failed: ${built.stderr}`);
  }, 120_000);

  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (outdir) rmSync(outdir, { recursive: true, force: true });
  });

  return {
    dir: () => outdir,
    start(entry, env, logLevel = 'info') {
      const child = spawn(process.execPath, [join(outdir, entry)], {
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: logLevel, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
      return { child, exited, output: () => output };
    },
  };
}
