// Imports a TypeScript module of the repository (one of packages/core, with what it imports) in plain
// Node: esbuild bundles it in memory and the bundle is imported from a data: URL. Needs the
// repository's dev dependencies (esbuild). Used by scripts/demo-bus.mjs and bench/transport-eta.mjs.
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** The exports of the TypeScript module at `url` (a file: URL). */
export async function importTypeScript(url) {
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(url)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].contents).toString('base64')}`);
}
