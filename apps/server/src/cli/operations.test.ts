import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { DatabaseUnreachableError, knownMigrations, migrationStatus } from '../db/migrate';
import { migrations } from '../db/migrations/index';
import { fillAtOldLevel, OLD_FILE_TEXT, OLD_LEVEL } from '../db/old-schema.fixtures';
import { useBuiltProcesses } from '../test/built-processes';
import { createFreshDatabase, type FreshDatabase, testDatabases } from '../test/databases';
import { basic } from '../test/factories';
import { testConfig } from '../test/harness';
import { runBackup } from './backup';
import { PENDING_EXIT_CODE, runMigrate } from './migrate';
import { runRestore } from './restore';

// Issue 31 §2 and §5: `npm run migrate [-- --check]`, restoring an older backup, two real processes
// migrating at once, and a database that cannot be reached: one clear line, a non-zero exit, no write.

type Command = typeof runMigrate;

async function run(command: Command, args: string[], env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(args, env, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const envOf = (place: { dataDir: string; databaseUrl?: string }) => ({ DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl, PATH: process.env.PATH });

const built = useBuiltProcesses();

for (const kind of testDatabases) {
  describe.skipIf(kind.skip)(`operations commands on ${kind.label}`, () => {
    const places: FreshDatabase[] = [];
    const scratch: string[] = [];
    const freshPlace = async () => {
      const place = await createFreshDatabase(kind);
      places.push(place);
      return place;
    };
    afterAll(async () => {
      for (const place of places) await place.drop();
      for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
    });
    const tablesOf = async (place: FreshDatabase) => {
      const { db } = openDatabase(place);
      try {
        return (await db.introspection.getTables({ withInternalKyselyTables: true })).length;
      } finally {
        await db.destroy();
      }
    };

    it('item 5: migrate --check names the pending migrations and changes nothing; migrate applies them and says which', async () => {
      const place = await freshPlace();
      const all = knownMigrations();
      const check = await run(runMigrate, ['--check'], envOf(place));
      expect(check.code).toBe(PENDING_EXIT_CODE);
      expect(check.out).toContain(`${all.length} migrations are pending`);
      // Nothing was created: no SQLite file, no PostgreSQL table, no key.
      if (kind.name === 'SQLite') expect(existsSync(join(place.dataDir, 'patio.sqlite'))).toBe(false);
      else expect(await tablesOf(place)).toBe(0);
      expect(readdirSync(place.dataDir)).toEqual([]);

      const migrated = await run(runMigrate, [], envOf(place));
      expect(migrated).toMatchObject({ code: 0, err: '' });
      expect(migrated.out).toBe(`Applied ${all.length} migrations to the ${kind.name} database ${kind.name === 'SQLite' ? join(place.dataDir, 'patio.sqlite') : place.databaseUrl}: ${all.join(', ')}.`);
      expect(await run(runMigrate, ['--check'], envOf(place))).toMatchObject({ code: 0, out: expect.stringContaining(`is up to date (migration ${all.at(-1)})`) });
      expect((await run(runMigrate, [], envOf(place))).out).toContain('Nothing to migrate');

      // One migration undone: --check says which, exit code 2, and leaves it pending.
      const { db } = openDatabase(place);
      try {
        await new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true }).migrateDown();
        const partly = await run(runMigrate, ['--check'], envOf(place));
        expect(partly).toMatchObject({ code: PENDING_EXIT_CODE, out: expect.stringContaining(`1 migrations are pending on the ${kind.name} database`) });
        expect(partly.out).toContain(`: ${all.at(-1)}.`);
        expect((await migrationStatus(db)).pending).toEqual([all.at(-1)]);
      } finally {
        await db.destroy();
      }
      expect(await run(runMigrate, ['--bogus'], envOf(place))).toMatchObject({ code: 1, err: expect.stringContaining("Unknown option '--bogus'") });
    });

    it(`item 2: a backup of a database at ${OLD_LEVEL} restores into this version, migrated, and reads back`, async () => {
      const source = await freshPlace();
      const { db } = openDatabase(source);
      let old;
      try {
        expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(OLD_LEVEL)).error).toBeUndefined();
        old = await fillAtOldLevel(db, source.dataDir);
      } finally {
        await db.destroy();
      }
      const dir = mkdtempSync(join(tmpdir(), 'patio-old-backup-'));
      scratch.push(dir);
      const backup = await run(runBackup, ['--to', dir], envOf(source));
      expect(backup.code, backup.err).toBe(0);
      expect(backup.out).toContain(`migration ${OLD_LEVEL}`);

      const target = await freshPlace();
      const restore = await run(runRestore, ['--from', dir], envOf(target));
      expect(restore.code, restore.err).toBe(0);
      const later = knownMigrations().filter((name) => name > OLD_LEVEL);
      expect(restore.out).toContain(`  migrated to this version: ${later.join(', ')}`);
      expect(restore.out).toContain('  database: 1 schools, 3 people, 2 posts, 1 files');

      const app = await buildApp(testConfig(target));
      try {
        const token = (
          await app.inject({ method: 'POST', url: `/api/${old.code}/oauth/token`, headers: { authorization: basic('mama.lopez', old.password) }, payload: { grant_type: 'client_credentials' } })
        ).json().access_token;
        const file = await app.inject({ method: 'GET', url: `/api/${old.code}/people/${old.parentId}/uploads/${old.fileId}?download=1`, headers: { authorization: `Bearer ${token}` } });
        expect(file.body).toBe(OLD_FILE_TEXT);
      } finally {
        await app.close();
      }
    });

    it('item 2: with files in S3, the backup names the objects it does not copy, and restore needs the same bucket', async () => {
      const source = await freshPlace();
      const { db } = openDatabase(source);
      let old;
      try {
        await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(OLD_LEVEL);
        old = await fillAtOldLevel(db, source.dataDir);
      } finally {
        await db.destroy();
      }
      // The backup never talks to the bucket: nothing listens there.
      const s3 = { S3_ENDPOINT: 'http://127.0.0.1:9', S3_BUCKET: 'patio-files', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
      const dir = mkdtempSync(join(tmpdir(), 'patio-s3-backup-'));
      scratch.push(dir);
      const backup = await run(runBackup, ['--to', dir], { ...envOf(source), ...s3 });
      expect(backup.code, backup.err).toBe(0);
      expect(backup.out).toContain('stored files: not copied, they stay in the S3 bucket patio-files at http://127.0.0.1:9, which must be versioned or replicated (the database names 1 objects: manifest.json storage.objects)');
      expect(readdirSync(dir).sort()).toEqual(['database', 'manifest.json']);
      // This DATA_DIR never had a server: no signing key, which the backup points out.
      expect(backup.err).toBe('Warning: DATA_DIR/keys holds no signing key and PATIO_JWT_SECRET is not set: check that DATA_DIR is the one the server uses.');
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      expect(manifest.storage).toEqual({ kind: 's3', endpoint: 'http://127.0.0.1:9', bucket: 'patio-files', objects: [old.storageKey] });

      const target = await freshPlace();
      const withoutS3 = await run(runRestore, ['--from', dir], envOf(target));
      expect(withoutS3).toMatchObject({ code: 1, err: expect.stringMatching(/^This backup's stored files are not in it but in the S3 bucket patio-files at http:\/\/127\.0\.0\.1:9: set S3_ENDPOINT/) });
      expect(readdirSync(target.dataDir)).toEqual([]);
      const withS3 = await run(runRestore, ['--from', dir], { ...envOf(target), ...s3 });
      expect(withS3.code, withS3.err).toBe(0);
      expect(withS3.out).toContain('stored files: none in the backup, they stay in the S3 bucket patio-files at http://127.0.0.1:9');
    });

    it('item 5: two real processes started together on a fresh database: one migrates, the other waits and finds nothing to do', async () => {
      const place = await freshPlace();
      const start = () =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(process.execPath, [join(built.dir(), 'migrate.js')], { env: { PATH: process.env.PATH ?? '', DATA_DIR: place.dataDir, ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}) } });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.once('close', (code) => resolve({ code, output }));
        });
      const both = await Promise.all([start(), start()]);
      expect(both.map((p) => p.code), both.map((p) => p.output).join('\n')).toEqual([0, 0]);
      const [migrated, waited] = both.map((p) => p.output).sort((a) => (a.startsWith('Applied') ? -1 : 1));
      expect(migrated).toMatch(new RegExp(`^Applied ${knownMigrations().length} migrations to the `));
      expect(waited).toMatch(/Nothing to migrate: the .* is up to date/);
      expect(await tablesOf(place)).toBeGreaterThan(20);
    });

    it('bad input: a database that cannot be reached gets one clear line from every command and from the server, and nothing is written', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'patio-unreachable-'));
      scratch.push(dataDir);
      const place =
        kind.name === 'SQLite'
          ? { dataDir, databaseUrl: `file:${join(dataDir, 'no-such-folder', 'patio.sqlite')}` }
          : { dataDir, databaseUrl: 'postgres://patio:s3cret@127.0.0.1:1/patio' };
      const backupDir = join(dataDir, 'backup');
      const results: Record<string, Awaited<ReturnType<typeof run>>> = {
        migrate: await run(runMigrate, [], envOf(place)),
        backup: await run(runBackup, ['--to', backupDir], envOf(place)),
      };
      // A SQLite file that is not there yet has every migration pending (the server would create it).
      if (kind.name === 'SQLite') expect((await run(runMigrate, ['--check'], envOf(place))).code).toBe(PENDING_EXIT_CODE);
      else results.check = await run(runMigrate, ['--check'], envOf(place));
      for (const [name, result] of Object.entries(results)) {
        expect(result.code, name).not.toBe(0);
        expect(result.err.split('\n'), name).toHaveLength(1);
        expect(result.err, name).not.toContain('s3cret');
      }
      if (kind.name === 'SQLite') {
        expect(results.migrate.err).toMatch(/^Cannot open the SQLite database .*no-such-folder\/patio\.sqlite: ENOENT/);
        expect(results.backup.err).toMatch(/^There is no SQLite database at .*no-such-folder\/patio\.sqlite to back up/);
      } else {
        expect(results.migrate.err).toBe(
          'Cannot reach the PostgreSQL database postgres://patio@127.0.0.1:1/patio: connect ECONNREFUSED 127.0.0.1:1. Check DATABASE_URL (or DATA_DIR) and that the database is running.',
        );
        expect(results.backup.err).toMatch(/^Cannot reach the database postgres:\/\/patio@127\.0\.0\.1:1\/patio: connect ECONNREFUSED 127\.0\.0\.1:1\. Check DATABASE_URL/);
        // The server's start fails on the same line.
        const start = buildApp(testConfig({ ...place, drop: async () => {} }));
        await expect(start).rejects.toThrow(DatabaseUnreachableError);
        await expect(start).rejects.toThrow(/^Cannot reach the database: connect ECONNREFUSED 127\.0\.0\.1:1\. Check DATABASE_URL/);
        // …and the server process says it in one line on stderr, without a stack, and exits 1.
        const serverDataDir = mkdtempSync(join(tmpdir(), 'patio-unreachable-server-'));
        scratch.push(serverDataDir);
        const server = spawnSync(process.execPath, [join(built.dir(), 'main.js')], {
          env: { PATH: process.env.PATH ?? '', DATA_DIR: serverDataDir, DATABASE_URL: place.databaseUrl, PORT: '65001', HOST: '127.0.0.1' },
          encoding: 'utf8',
          timeout: 30_000,
        });
        expect(server.status).toBe(1);
        expect(server.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Patio cannot start\. Cannot reach the database: connect ECONNREFUSED 127\.0\.0\.1:1\./)]);
        expect(server.stderr).not.toContain('s3cret');
      }
      expect(existsSync(backupDir)).toBe(false);
      expect(readdirSync(dataDir)).toEqual([]);
    });
  });
}
