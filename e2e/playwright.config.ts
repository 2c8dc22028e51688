import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eBasePort, e2eDataDir, e2eServerUrl, e2eWorkers } from './support/servers';

// One fresh data directory per run, so every journey starts from the seeded demo school.
// Set once in the runner process; workers inherit it through the environment.
process.env.PATIO_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'patio-e2e-'));
const workers = e2eWorkers();
// The single sign-on journey runs a local OpenID provider playing Google here (e2e/auth-sso).
process.env.PATIO_E2E_OIDC_PORT ??= String(e2eBasePort() + 500);

/** Server `index` of the run: the built app as `npm start` serves it, on its own port and data directory. */
function server(index: number) {
  const url = e2eServerUrl(index);
  return {
    command: 'node ../apps/server/dist/main.js',
    url: `${url}/api/directory/demo`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(e2eBasePort() + index),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir(index),
      LOG_LEVEL: 'warn',
      VALIDATE_RESPONSES: '1',
      // The notifications journey runs its own push service on 127.0.0.1.
      PUSH_ALLOW_INSECURE_ENDPOINTS: '1',
      // Google sign-in against the provider e2e/auth-sso starts on 127.0.0.1 (started lazily: discovery runs at the first sign-in).
      OIDC_GOOGLE_ISSUER: `http://127.0.0.1:${process.env.PATIO_E2E_OIDC_PORT}`,
      OIDC_GOOGLE_CLIENT_ID: 'patio-e2e',
      OIDC_GOOGLE_CLIENT_SECRET: 'patio-e2e-secret',
    },
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  // Each worker has a server of its own (support/test.ts points `baseURL` at it).
  workers,
  retries: 0,
  timeout: 60_000,
  // A wait that holds takes no longer for a generous bound; a loaded CI machine needs one now and again.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    locale: 'es-CO',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => server(index)),
});
