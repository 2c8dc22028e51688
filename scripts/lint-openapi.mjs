#!/usr/bin/env node
// `npm run lint:openapi`: starts the server in-process on an empty SQLite database in a temporary
// folder (no network), writes its OpenAPI document (GET /api/docs/json) to a temporary file and
// lints it with Redocly CLI under redocly.yaml. `--keep` leaves the document and prints its path.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const serverPkg = JSON.parse(readFileSync(join(root, 'apps/server/package.json'), 'utf8'));
// Dependencies stay external (resolved from the repository's node_modules); @patio/core ships
// TypeScript source and is compiled in, as in apps/server/build.mjs.
const external = Object.keys(serverPkg.dependencies ?? {}).filter((name) => name !== '@patio/core');
// The bundle sits inside node_modules so that its bare imports resolve there.
const bundleDir = join(root, 'node_modules/.cache/patio-openapi');
mkdirSync(bundleDir, { recursive: true });
const bundle = join(bundleDir, `document-${process.pid}.mjs`);
const work = mkdtempSync(join(tmpdir(), 'patio-openapi-lint-'));
const document = join(work, 'openapi.json');

let status;
try {
  await build({
    entryPoints: [join(root, 'apps/server/src/http/openapi-lint.main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, ...external.map((name) => `${name}/*`)],
    banner: { js: "import { createRequire as __patioCreateRequire } from 'node:module'; const require = __patioCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const written = spawnSync(process.execPath, [bundle, document], { stdio: 'inherit' });
  if (written.status !== 0) throw new Error('the OpenAPI document could not be generated');
  const lint = spawnSync(
    process.execPath,
    [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--config', join(root, 'redocly.yaml'), document],
    // Redocly's usage reports and update checks would reach the network.
    { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  status = lint.status ?? 1;
} finally {
  rmSync(bundle, { force: true });
  if (process.argv.includes('--keep')) console.log(`OpenAPI document kept at ${document}`);
  else rmSync(work, { recursive: true, force: true });
}
process.exit(status);
