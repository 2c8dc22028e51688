import { join } from 'node:path';

// The journeys run in parallel workers, each against its own server with its own data directory,
// so each worker has a demo school of its own and journeys never meet another worker's writes.
// playwright.config.ts starts one server per worker; worker N (Playwright's parallelIndex) uses server N.

/**
 * How many workers (and servers) a run uses: E2E_WORKERS, else 1. Two workers finish the journeys in
 * about 4 minutes instead of 6 on two cores, but they share the processor with two servers and two
 * browsers, and waits that hold on a quiet machine (a service worker's install, a live announcement)
 * then ran out in CI now and again: one worker until those waits are made to hold under load.
 */
export function e2eWorkers(): number {
  const asked = Number(process.env.E2E_WORKERS ?? 1);
  return Number.isInteger(asked) && asked >= 1 ? asked : 1;
}

/** The first server's port; server N listens on the next ports up. */
export function e2eBasePort(): number {
  return Number(process.env.E2E_PORT ?? 18080);
}

/** The data directory of server `index` (set once in the runner, inherited by the workers). */
export function e2eDataDir(index: number): string {
  const root = process.env.PATIO_E2E_DATA;
  if (!root) throw new Error('PATIO_E2E_DATA is not set: the journeys run through playwright.config.ts');
  return join(root, `server-${index}`);
}

export function e2eServerUrl(index: number): string {
  return `http://127.0.0.1:${e2eBasePort() + index}`;
}
