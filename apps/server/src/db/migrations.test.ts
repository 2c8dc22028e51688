import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Migrator, NO_MIGRATIONS } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createFreshDatabase, testDatabases } from '../test/databases';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';

/**
 * Landed migrations are frozen: a database that ran one never runs it again, so an edit would make
 * new installations differ from old ones. A change is a new migration. A new migration's hash is
 * added here when it lands (the first 16 hex digits of its file's SHA-256).
 */
const LANDED: Record<string, string> = {
  '001-foundation.ts': '24d4559b19bb45a8',
  '002-people-nodes.ts': '4231abe85340ce79',
  '003-import-registration.ts': 'c9432895f224b5c9',
  '004-people-search.ts': '3de9cf1903284364',
  '005-memberships-by-person.ts': 'b24b6d03bd9cc9b1',
  '006-document-keys.ts': '10a89d2d24960c9d',
  '007-stage-registrations.ts': 'bcb18b1cc92b2e32',
  '008-import-lease.ts': 'd46f15c27044dc0d',
  '009-jobs.ts': '0a5171da5c53cfc2',
  '010-people-sort-key.ts': '421e0adff4fd814b',
  '011-invitations.ts': 'db9cbb0f874afc0b',
  '012-posts.ts': '2b248daf0aa8cf57',
  '013-blocks.ts': 'cb9a604005a54b72',
  '014-calendar.ts': '703171091d1cf3f3',
  '015-notifications.ts': '1e3b26fe6159362b',
  '016-transport.ts': 'bf0662d439321c7e',
  '017-personal-notices.ts': '73865d5b7d8efcc7',
  '018-billing.ts': 'bf56994324dd143d',
  '019-single-sign-on.ts': '1e3626129a309aa4',
  '020-attendance.ts': 'ee087df716c383db',
  '021-sessions.ts': 'a731ddab0a29ceb1',
  '022-registration-links.ts': '207d505892173360',
  '023-billing-safety.ts': '77245229ed6dda5b',
  '024-post-language.ts': 'b0e43aa7e7fc3c01',
  '025-event-sequence.ts': '171152973bd84651',
  '026-classroom.ts': '04b05c61aa3299dd',
  '028-classroom-notices.ts': '71a70c17562c161d',
  '029-dashboards.ts': '4039f29beeb1be5f',
  '030-activities.ts': 'e5bc233de71a2cbe',
  '031-activity-offers.ts': '4f8ff0c69893bd02',
  // The shared helpers are frozen with them: shipped migrations call them.
  'schema-helpers.ts': '92c819fdd1f5372a',
};

const hashOf = (file: string) => createHash('sha256').update(readFileSync(new URL(`./migrations/${file}`, import.meta.url))).digest('hex').slice(0, 16);

describe('landed migrations', () => {
  it('are unchanged, and every migration has its hash recorded', () => {
    const files = [...Object.keys(migrations).map((name) => `${name}.ts`), 'schema-helpers.ts'];
    expect(files.filter((file) => !(file in LANDED)), 'record the hash of a new migration').toEqual([]);
    const changed = files.filter((file) => hashOf(file) !== LANDED[file]);
    expect(changed, 'a landed migration changed: write a new migration instead').toEqual([]);
  });
});

for (const kind of testDatabases) {
  describe.skipIf(kind.skip)(`migrations on ${kind.label}`, () => {
    it('go up, all the way down, and up again', async () => {
      const fresh = await createFreshDatabase(kind);
      const { db } = openDatabase(fresh);
      try {
        const names = Object.keys(migrations).sort();
        expect(await migrateToLatest(db)).toEqual(names);
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
        const down = await migrator.migrateTo(NO_MIGRATIONS);
        expect(down.error).toBeUndefined();
        expect(down.results?.map((r) => r.migrationName)).toEqual([...names].reverse());
        const left = (await db.introspection.getTables()).map((t) => t.name).filter((name) => !name.startsWith('kysely_'));
        expect(left).toEqual([]);
        expect(await migrateToLatest(db)).toEqual(names);
      } finally {
        await db.destroy();
        await fresh.drop();
      }
    });
  });
}
