// Small helpers shared by the bench scripts: start a server process and wait until it answers.
import { spawn } from 'node:child_process';

/**
 * Starts `node script` with env and resolves once `readyUrl` answers 200 (or one of `readyStatuses`).
 * `env.BENCH_NODE_FLAGS` (space-separated) goes on node's command line: flags NODE_OPTIONS refuses, such as --cpu-prof.
 */
export async function startProcess(script, env, readyUrl, readyStatuses = []) {
  const flags = (env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, script], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(readyUrl);
      if (res.ok || readyStatuses.includes(res.status)) return child;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`${script} did not answer ${readyUrl} within 60 s`);
}

/** Formats a number of bytes as KiB with one decimal. */
export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
