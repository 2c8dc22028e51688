import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// One fresh data directory per run, so every journey starts from the seeded demo school.
// Set once in the runner process; workers inherit it through the environment.
process.env.PATIO_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'patio-e2e-'));
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;
// The single sign-on journey runs a local OpenID provider playing Google here (e2e/auth-sso).
process.env.PATIO_E2E_OIDC_PORT ??= String(port + 500);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL,
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
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    url: `${baseURL}/api/directory/demo`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.PATIO_E2E_DATA,
      LOG_LEVEL: 'warn',
      VALIDATE_RESPONSES: '1',
      // The notifications journey runs its own push service on 127.0.0.1.
      PUSH_ALLOW_INSECURE_ENDPOINTS: '1',
      // Google sign-in against the provider e2e/auth-sso starts on 127.0.0.1 (started lazily: discovery runs at the first sign-in).
      OIDC_GOOGLE_ISSUER: `http://127.0.0.1:${process.env.PATIO_E2E_OIDC_PORT}`,
      OIDC_GOOGLE_CLIENT_ID: 'patio-e2e',
      OIDC_GOOGLE_CLIENT_SECRET: 'patio-e2e-secret',
    },
  },
});
