import { runBackup } from './backup';

// Entry of `npm run backup` (bundled to dist/backup.js by build.mjs). The backup holds the signing
// keys and everyone's data: it is written for this user only.
process.umask(0o077);
process.exitCode = await runBackup(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
