import { test as base } from '@playwright/test';
import { e2eDataDir, e2eServerUrl } from './servers';

// Everything else as Playwright exports it; `test` below takes the place of Playwright's own.
export * from '@playwright/test';

/** Playwright's `test`, pointed at this worker's own server (see servers.ts). */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; there are none
  baseURL: async ({}, use, testInfo) => {
    await use(e2eServerUrl(testInfo.parallelIndex));
  },
});

/** The data directory of the server the running journey talks to (its mailbox, its SQLite file). */
export function currentDataDir(): string {
  return e2eDataDir(test.info().parallelIndex);
}
