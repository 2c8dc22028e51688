import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TIME_ZONE, addDays, localDateOf } from '@patio/core/calendar/times';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { runBackup } from '../../cli/backup';
import { runRestore } from '../../cli/restore';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { knownMigrations } from '../../db/migrate';
import { multipartOf } from '../../modules/files/files.fixtures';
import { insertNode } from '../../modules/nodes/nodes.queries';
import { postTo } from '../../modules/posts/posts.fixtures';
import { createFreshDatabase, type FreshDatabase } from '../../test/databases';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, testConfig } from '../../test/harness';
import type { BackupManifest } from './manifest';

// Issue 31 §2 on both databases: `npm run backup` while 20 writers post, upload and mark attendance,
// `npm run restore` into a fresh place, and a damaged or foreign backup refused without a write.

/** The server's signing secret, as config.ts keeps it in DATA_DIR/keys/jwt-secret. */
const secret = randomBytes(36).toString('base64url');
const WRITERS = 20;
/** Each writer's rounds stop with the backup, or after this many (a bound on the test's time). */
const MAX_ROUNDS = 25;

const today = () => localDateOf(Math.floor(Date.now() / 1000), DEFAULT_TIME_ZONE);

interface Writer {
  teacher: TestPerson;
  parent: TestPerson;
  student: TestPerson;
  classId: number;
  token: string;
}

/** One write the server acknowledged, and when (Date.now() once its answer arrived). */
type Committed = { doneAt: number } & (
  | { kind: 'post'; id: number; title: string }
  | { kind: 'file'; id: number; url: string; bytes: string; owner: number }
  | { kind: 'mark'; person: number; date: string; type: string }
);

describeOnDatabases(
  'backup and restore',
  (t) => {
    const scratch: string[] = [];
    const places: FreshDatabase[] = [];
    const apps: FastifyInstance[] = [];
    const folder = () => {
      const dir = mkdtempSync(join(tmpdir(), 'patio-backup-test-'));
      scratch.push(dir);
      return dir;
    };
    const freshPlace = async () => {
      const place = await createFreshDatabase(t.kind);
      places.push(place);
      return place;
    };
    const envOf = (place: { dataDir: string; databaseUrl?: string }) => ({ DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl, PATH: process.env.PATH });
    const run = async (command: typeof runBackup, args: string[], env: Record<string, string | undefined>) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await command(args, env, { out: (line) => out.push(line), err: (line) => err.push(line) });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    /** What a place holds: its DATA_DIR's entries and its database's tables (none for an empty place). */
    const contentsOf = async (place: FreshDatabase) => {
      const entries = readdirSync(place.dataDir);
      if (!place.databaseUrl && !existsSync(join(place.dataDir, 'patio.sqlite'))) return { entries, tables: 0 };
      const { db } = openDatabase(place);
      try {
        return { entries, tables: (await db.introspection.getTables({ withInternalKyselyTables: true })).length };
      } finally {
        await db.destroy();
      }
    };

    let writers: Writer[] = [];
    let backupDir = '';
    let manifest: BackupManifest;
    let committedBefore: Committed[] = [];
    let restored: FreshDatabase;
    let restoredApp: FastifyInstance;
    let fromSource = new Map<string, Buffer>();

    beforeAll(async () => {
      mkdirSync(join(t.config.dataDir, 'keys'), { recursive: true, mode: 0o700 });
      writeFileSync(join(t.config.dataDir, 'keys', 'jwt-secret'), secret, { mode: 0o600 });
      const school = await t.makeSchool();
      const tree = await t.makeTree(school);
      writers = [];
      for (let i = 0; i < WRITERS; i++) {
        const classId = await insertNode(t.db, school.id, { parentId: tree.grade, typeId: tree.types.class, name: `Curso ${i}`, position: 10 + i });
        const teacher = await t.makePerson(school, { role: 'teacher', node: classId, firstName: `Profe${i}` });
        const student = await t.makePerson(school, { role: 'student', node: classId, firstName: `Estudiante${i}` });
        const parent = await t.makePerson(school, { relativeOf: student, firstName: `Familia${i}` });
        writers.push({ teacher, parent, student, classId, token: await t.signIn(teacher) });
      }
    });

    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const place of places) await place.drop();
      for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
    });

    it('item 2: backs up while 20 writers post, upload and mark attendance; every write acknowledged before it is in the backup', async () => {
      const committed: Committed[] = [];
      let stop = false;
      let firstRounds = 0;
      let allStarted!: () => void;
      const started = new Promise<void>((resolve) => (allStarted = resolve));
      const write = async (w: Writer, index: number) => {
        const api = (path: string) => `/api/${w.teacher.org.code}/${path}`;
        for (let round = 0; round < MAX_ROUNDS && !stop; round++) {
          const title = `Ronda ${round} del curso ${index}`;
          const post = await t.request({ method: 'POST', url: api(`people/${w.teacher.id}/posts/sent`), token: w.token, body: postTo([w.parent], { title }) });
          expect(post.statusCode, post.body).toBe(201);
          committed.push({ kind: 'post', id: post.json().id, title, doneAt: Date.now() });

          const bytes = `adjunto ${round} del curso ${index} ${randomBytes(8).toString('hex')}`;
          const { payload, headers } = multipartOf([{ filename: `adjunto-${round}.txt`, data: bytes, contentType: 'text/plain' }]);
          const upload = await t.request({ method: 'POST', url: api(`people/${w.teacher.id}/uploads`), token: w.token, body: payload, headers });
          expect(upload.statusCode, upload.body).toBe(201);
          const file = upload.json()[0];
          committed.push({ kind: 'file', id: file.id, url: file.url, bytes, owner: w.teacher.id, doneAt: Date.now() });

          const date = addDays(today(), -(round + 1));
          const type = round % 2 === 0 ? 'present' : 'absent';
          const mark = await t.request({ method: 'POST', url: api(`attendance/checkpoints/${w.classId}/log`), token: w.token, body: { person: w.student.id, type, date } });
          expect(mark.statusCode, mark.body).toBe(200);
          committed.push({ kind: 'mark', person: w.student.id, date, type, doneAt: Date.now() });
          if (round === 0 && ++firstRounds === WRITERS) allStarted();
        }
      };
      const writing = Promise.all(writers.map((w, i) => write(w, i)));
      await started;

      backupDir = join(folder(), 'nightly');
      const backupStarted = Date.now();
      const backup = await run(runBackup, ['--to', backupDir], envOf(t.config));
      stop = true;
      await writing;
      expect(backup.code, backup.err).toBe(0);
      expect(backup.out).toContain(`Backed up Patio`);
      expect(backup.out).toContain(`migration ${knownMigrations().at(-1)}`);

      manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        format: 'patio-backup',
        formatVersion: 1,
        dialect: t.kind.name === 'SQLite' ? 'sqlite' : 'postgres',
        migration: knownMigrations().at(-1),
        migrations: knownMigrations(),
        keys: ['jwt-secret'],
        storage: { kind: 'local', missing: [] },
      });
      expect(Date.parse(manifest.createdAt)).toBeGreaterThanOrEqual(backupStarted - 1000);
      expect(manifest.entries.every((e) => /^[0-9a-f]{64}$/.test(e.sha256) && e.size >= 0)).toBe(true);

      committedBefore = committed.filter((c) => c.doneAt < backupStarted);
      expect(committedBefore.length).toBeGreaterThanOrEqual(WRITERS * 3);
      // The writers went on while the backup ran.
      expect(committed.length).toBeGreaterThan(committedBefore.length);
      // Files served before the backup, to compare with what the restored server serves.
      fromSource = new Map();
      for (const c of committedBefore) {
        if (c.kind !== 'file') continue;
        const res = await t.app.inject({ method: 'GET', url: c.url });
        expect(res.statusCode).toBe(200);
        fromSource.set(c.url, res.rawPayload);
      }
    });

    it('item 2: restores into a fresh place with every acknowledged write, its files, and the keys that verify old tokens', async () => {
      restored = await freshPlace();
      const restore = await run(runRestore, ['--from', backupDir], envOf(restored));
      expect(restore.code, restore.err).toBe(0);
      expect(restore.out).toMatch(/^Restored the backup of .* from .* into the (SQLite|PostgreSQL) database /);
      expect(restore.out).toContain(`stored files: ${manifest.entries.filter((e) => e.path.startsWith('files/')).length} (`);
      expect(restore.out).toContain('keys: jwt-secret');
      expect(restore.out).toContain(`schema: already this version's (${knownMigrations().at(-1)})`);

      // The restored server reads its signing key from the restored DATA_DIR/keys, as config.ts does.
      expect(readFileSync(join(restored.dataDir, 'keys', 'jwt-secret'), 'utf8')).toBe(secret);
      restoredApp = await buildApp(testConfig(restored, { jwtSecret: loadConfig({ DATA_DIR: restored.dataDir }).jwtSecret }));
      apps.push(restoredApp);
      const db = restoredApp.patio.db;
      const orgId = writers[0].teacher.org.id;

      for (const c of committedBefore) {
        if (c.kind === 'post') {
          const row = await db.selectFrom('posts').select(['title', 'status']).where('org_id', '=', orgId).where('id', '=', c.id).executeTakeFirst();
          expect(row, `post ${c.id}`).toEqual({ title: c.title, status: 'published' });
        } else if (c.kind === 'mark') {
          const row = await db.selectFrom('attendance_records').select('type').where('org_id', '=', orgId).where('person_id', '=', c.person).where('date', '=', c.date).executeTakeFirst();
          expect(row?.type, `mark of ${c.person} on ${c.date}`).toBe(c.type);
        } else {
          // Served again at the same signed address, byte for byte.
          const res = await restoredApp.inject({ method: 'GET', url: c.url });
          expect(res.statusCode, c.url).toBe(200);
          expect(res.body).toBe(c.bytes);
          expect(res.rawPayload.equals(fromSource.get(c.url)!)).toBe(true);
        }
      }

      // Self-consistent: every file row of the restored database has its bytes.
      const rows = await db.selectFrom('files').select(['id', 'storage_key']).where('org_id', '=', orgId).execute();
      expect(rows.length).toBeGreaterThanOrEqual(committedBefore.filter((c) => c.kind === 'file').length);
      for (const row of rows) expect(await restoredApp.patio.storage.stat(row.storage_key), `file ${row.id}`).not.toBeNull();

      // A token issued before the backup still works on the restored server: the keys came along.
      const w = writers[0];
      const mine = await restoredApp.inject({ method: 'GET', url: `/api/${w.teacher.org.code}/people/${w.teacher.id}/uploads`, headers: { authorization: `Bearer ${w.token}` } });
      expect(mine.statusCode, mine.body).toBe(200);
      const before = committedBefore.flatMap((c) => (c.kind === 'file' && c.owner === w.teacher.id ? [c.id] : []));
      expect(mine.json().map((f: { id: number }) => f.id)).toEqual(expect.arrayContaining(before));
      // And a password sign-in, against the restored hashes.
      const signIn = await restoredApp.inject({
        method: 'POST',
        url: `/api/${w.parent.org.code}/oauth/token`,
        headers: { authorization: `Basic ${Buffer.from(`${w.parent.username}:${w.parent.password}`).toString('base64')}` },
        payload: { grant_type: 'client_credentials' },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
    });

    it('item 2: refuses a restore onto a place that is not empty, a folder that is not a backup, and a backup from a newer Patio, changing nothing', async () => {
      // Onto the place just restored: DATA_DIR holds files and keys.
      const again = await run(runRestore, ['--from', backupDir], envOf(restored));
      expect(again.code).toBe(1);
      expect(again.err).toMatch(/^DATA_DIR .* is not empty \(it holds .*files.*keys.*\): restore only into an empty DATA_DIR/);
      // Onto a database that already holds a school's schema, DATA_DIR empty (PostgreSQL; on SQLite the file is in DATA_DIR).
      const used = await freshPlace();
      const { db } = openDatabase(used);
      await db.schema.createTable('leftover').addColumn('id', 'integer').execute();
      await db.destroy();
      const onUsed = await run(runRestore, ['--from', backupDir], envOf(used));
      expect(onUsed.code).toBe(1);
      expect(onUsed.err).toMatch(t.kind.name === 'SQLite' ? /is not empty/ : /^The PostgreSQL database postgres:\/\/.* is not empty \(it has 1 tables, views or sequences\)/);

      const target = await freshPlace();
      const notBackup = folder();
      writeFileSync(join(notBackup, 'patio.sqlite'), 'not a backup');
      expect(await run(runRestore, ['--from', notBackup], envOf(target))).toMatchObject({ code: 1, err: `${notBackup} is not a Patio backup: it has no manifest.json (a backup that did not finish has none either)` });
      expect((await run(runRestore, ['--from', join(notBackup, 'nowhere')], envOf(target))).err).toMatch(/nowhere does not exist/);
      expect((await run(runRestore, [], envOf(target))).err).toMatch(/^Missing --from DIR/);

      const manifestFile = join(backupDir, 'manifest.json');
      const original = readFileSync(manifestFile, 'utf8');
      try {
        writeFileSync(manifestFile, JSON.stringify({ ...manifest, patioVersion: '9.0.0', migrations: [...manifest.migrations, '099-from-the-future'] }));
        const newer = await run(runRestore, ['--from', backupDir], envOf(target));
        expect(newer.code).toBe(1);
        expect(newer.err).toMatch(/^This backup comes from a newer Patio \(9\.0\.0\): its database has migrations Patio .* does not know \(099-from-the-future\)/);
      } finally {
        writeFileSync(manifestFile, original);
      }
      expect(await contentsOf(target)).toEqual({ entries: [], tables: 0 });

      // A backup only goes into a new or empty folder.
      const full = await run(runBackup, ['--to', backupDir], envOf(t.config));
      expect(full).toMatchObject({ code: 1, err: expect.stringMatching(/nightly is not empty \(it holds database, files, keys, …\): back up into a new or empty folder/) });
      expect(JSON.parse(readFileSync(manifestFile, 'utf8')).createdAt).toBe(manifest.createdAt);
    });

    it('item 2: refuses a damaged backup before writing anything', async () => {
      const flip = (path: string) => {
        const bytes = readFileSync(join(backupDir, path));
        bytes[Math.floor(bytes.length / 2)] ^= 0x01;
        writeFileSync(join(backupDir, path), bytes);
      };
      const aFile = manifest.entries.find((e) => e.path.startsWith('files/'))!.path;
      flip(aFile);
      flip(manifest.database.path);
      const target = await freshPlace();
      const damaged = await run(runRestore, ['--from', backupDir], envOf(target));
      expect(damaged.code).toBe(1);
      expect(damaged.err).toBe(`The backup in ${backupDir} is damaged, so nothing was restored: ${manifest.database.path} does not match its SHA-256 checksum in manifest.json (and 1 more)`);
      expect(await contentsOf(target)).toEqual({ entries: [], tables: 0 });

      rmSync(join(backupDir, aFile));
      const missing = await run(runRestore, ['--from', backupDir], envOf(target));
      expect(missing.err).toContain('is damaged, so nothing was restored');
      expect(await contentsOf(target)).toEqual({ entries: [], tables: 0 });
    });
  },
  { jwtSecret: new TextEncoder().encode(secret) },
);
