// Bundles the server into dist/main.js, the job worker into dist/worker.js (`npm run worker`), the
// school-creation command into dist/school-create.js (`npm run school:create`) and the operations
// commands into dist/backup.js, dist/restore.js and dist/migrate.js (`npm run backup|restore|migrate`).
// Dependencies stay external (installed by npm), except @patio/core, which ships TypeScript source
// and must be compiled in. `--outdir=DIR` builds elsewhere (the shutdown test builds a private copy).
import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build } from 'esbuild';

const here = (path) => new URL(path, import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(here('./package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => name !== '@patio/core');
const outArg = process.argv.find((arg) => arg.startsWith('--outdir='));
const outdir = outArg ? resolve(outArg.slice('--outdir='.length)) : here('./dist');

const result = await build({
  entryPoints: {
    main: here('./src/main.ts'),
    worker: here('./src/worker.ts'),
    'school-create': here('./src/cli/school-create.main.ts'),
    backup: here('./src/cli/backup.main.ts'),
    restore: here('./src/cli/restore.main.ts'),
    migrate: here('./src/cli/migrate.main.ts'),
  },
  outdir,
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
  write: false,
});

// Each file is written beside its place and renamed over it, so a server or worker starting while
// another `npm run worker` or `npm start` builds never loads half a bundle.
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}

// The import's parsing worker is plain JavaScript loaded by URL (new URL('./parse-worker/…',
// import.meta.url)), so it goes beside the bundle as it is.
cpSync(here('./src/modules/import/parse-worker/'), resolve(outdir, 'parse-worker'), {
  recursive: true,
  filter: (source) => !source.endsWith('.d.mts') && !source.endsWith('.test.ts'),
});
