// Bundles the server into dist/main.js. Dependencies stay external (installed by npm), except
// @patio/core, which ships TypeScript source and must be compiled in.
import { cpSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@patio/core');

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __patioCreateRequire } from 'node:module'; const require = __patioCreateRequire(import.meta.url);",
  },
  logLevel: 'info',
});

// The import's parsing worker is plain JavaScript loaded by URL (new URL('./parse-worker/…',
// import.meta.url)), so it goes beside the bundle as it is.
cpSync(new URL('./src/modules/import/parse-worker/', import.meta.url), new URL('./dist/parse-worker/', import.meta.url), {
  recursive: true,
  filter: (source) => !source.endsWith('.d.mts') && !source.endsWith('.test.ts'),
});
