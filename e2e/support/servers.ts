import { join } from 'node:path';

// The journeys run in parallel workers, each against its own server with its own data directory,
// so each worker has a demo school of its own and journeys never meet another worker's writes.
// playwright.config.ts starts one server per worker; worker N (Playwright's parallelIndex) uses server N.

/** How many workers (and servers) a run uses: E2E_WORKERS, else 2 (one per core of the CI machine). */
export function e2eWorkers(): number {
  const asked = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(asked) && asked >= 1 ? asked : 2;
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
