import { runSchoolCreate } from './school-create';

// Entry of `npm run school:create` (bundled to dist/school-create.js by build.mjs).
// Whatever it writes (the database, a first signing key) is for its own user only, as with the server.
process.umask(0o077);
process.exitCode = await runSchoolCreate(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
