import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createFreshDatabase, testDatabases } from '../test/databases';
import { basic } from '../test/factories';
import { testConfig } from '../test/harness';
import { openDatabase } from './database';
import { knownMigrations, migrateToLatest, migrationStatus, NewerDatabaseError } from './migrate';
import { migrations } from './migrations/index';
import { fillAtOldLevel, OLD_FILE_TEXT, OLD_LEVEL } from './old-schema.fixtures';
import type { MigrationDb } from './migrations/schema-helpers';

// Issue 31 §5 on both databases: migrations at start under a lock, and an upgrade of a database filled
// at an older schema level, read back through the API afterwards.

for (const kind of testDatabases) {
  describe.skipIf(kind.skip)(`upgrades on ${kind.label}`, () => {
    it('item 5: two processes migrating a fresh database at once: one migrates, the other waits, then finds nothing to do', async () => {
      const fresh = await createFreshDatabase(kind);
      const first = openDatabase(fresh);
      const second = openDatabase(fresh);
      try {
        const waited: string[] = [];
        const results = await Promise.all([
          migrateToLatest(first.db, { onWait: () => waited.push('first') }),
          migrateToLatest(second.db, { onWait: () => waited.push('second') }),
        ]);
        // Each migration ran exactly once, all of them by one process.
        expect(results.map((ran) => ran.length).sort((a, b) => a - b)).toEqual([0, knownMigrations().length]);
        expect(results.find((ran) => ran.length > 0)).toEqual(knownMigrations());
        const status = await migrationStatus(second.db);
        expect(status).toEqual({ applied: knownMigrations(), pending: [], unknown: [] });
        // SQLite says so when it waits (PostgreSQL's advisory lock just blocks): only the one that ran nothing may have waited.
        for (const who of waited) expect(results[who === 'first' ? 0 : 1]).toEqual([]);
      } finally {
        await first.db.destroy();
        await second.db.destroy();
        await fresh.drop();
      }
    });

    it('item 5: refuses to start on a database a newer Patio migrated, and changes nothing', async () => {
      const fresh = await createFreshDatabase(kind);
      const { db } = openDatabase(fresh);
      try {
        await migrateToLatest(db);
        await (db as MigrationDb).insertInto('kysely_migration').values({ name: '999-from-the-future', timestamp: new Date().toISOString() }).execute();
        await expect(migrateToLatest(db)).rejects.toThrow(NewerDatabaseError);
        await expect(migrateToLatest(db)).rejects.toThrow(/newer Patio \(migrations this version does not know: 999-from-the-future\)/);
        expect((await migrationStatus(db)).unknown).toEqual(['999-from-the-future']);
      } finally {
        await db.destroy();
        await fresh.drop();
      }
    });

    it(`item 5: a database filled at ${OLD_LEVEL} upgrades to the latest schema and reads back through the API`, async () => {
      const fresh = await createFreshDatabase(kind);
      const { db } = openDatabase(fresh);
      let app;
      try {
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        expect((await migrator.migrateTo(OLD_LEVEL)).error).toBeUndefined();
        const old = await fillAtOldLevel(db, fresh.dataDir);

        const upgraded = await migrateToLatest(db);
        expect(upgraded[0]).toBe('016-transport');
        expect(upgraded.at(-1)).toBe(knownMigrations().at(-1));
        await db.destroy();

        app = await buildApp(testConfig(fresh));
        const signIn = async (username: string) => {
          const res = await app!.inject({
            method: 'POST',
            url: `/api/${old.code}/oauth/token`,
            headers: { authorization: basic(username, old.password) },
            payload: { grant_type: 'client_credentials' },
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json().access_token as string;
        };
        const get = async (token: string, path: string) => {
          const res = await app!.inject({ method: 'GET', url: `/api/${old.code}/${path}`, headers: { authorization: `Bearer ${token}` } });
          expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
          return res;
        };

        const parent = await signIn('mama.lopez');
        const thread = (await get(parent, `people/${old.parentId}/threads/feed/${old.threadId}`)).json();
        expect(thread.posts.map((p: { id: number; title: string; author: { id: number } }) => [p.id, p.author.id])).toEqual([
          [old.postId, old.teacherId],
          [old.replyId, old.parentId],
        ]);
        expect(thread.posts[0]).toMatchObject({ title: 'Salida al museo', type: 'circular', status: 'published' });
        expect(thread.posts[1].description).toContain('Gracias, allí estaremos');

        const uploads = (await get(parent, `people/${old.parentId}/uploads`)).json();
        expect(uploads.map((f: { id: number; name: string }) => [f.id, f.name])).toEqual([[old.fileId, 'boletin.txt']]);
        const download = await get(parent, `people/${old.parentId}/uploads/${old.fileId}?download=1`);
        expect(download.body).toBe(OLD_FILE_TEXT);

        const admin = await signIn('rectora');
        const person = (await get(admin, `people/${old.parentId}`)).json();
        expect(person).toMatchObject({ id: old.parentId, firstName: 'Lucía', lastName: 'López' });
        // The teacher's view of the same thread: the reply arrived in their feed.
        const teacher = await signIn('profe.teresa');
        expect((await get(teacher, `people/${old.teacherId}/threads/feed/${old.threadId}`)).json().posts).toHaveLength(2);
      } finally {
        if (app) await app.close();
        else await db.destroy().catch(() => {});
        await fresh.drop();
      }
    });
  });
}
