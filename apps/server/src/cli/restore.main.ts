import { runRestore } from './restore';

// Entry of `npm run restore` (bundled to dist/restore.js by build.mjs). What it writes (database,
// files, keys) is for the server's user only, as with the server.
process.umask(0o077);
process.exitCode = await runRestore(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
