import { runMigrate } from './migrate';

// Entry of `npm run migrate` (bundled to dist/migrate.js by build.mjs).
process.umask(0o077);
process.exitCode = await runMigrate(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
