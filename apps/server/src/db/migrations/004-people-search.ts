import type { MigrationDb } from './schema-helpers';

// Accent- and case-insensitive people search on both databases (SQLite's lower() folds only A–Z):
// people.search_key holds "first|last|last2|document", lowercased and without diacritics, written
// by the app on every change of those columns (modules/people/search-key.ts). Schema builder only.

const BATCH = 500;

/** A frozen copy of searchKeyOf as of this migration (migrations never import today's code). */
function searchKey(row: { first_name: string; last_name: string; last_name2: string | null; document: string | null }): string {
  const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replaceAll('|', ' ');
  return [row.first_name, row.last_name, row.last_name2 ?? '', row.document ?? ''].map(fold).join('|');
}

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('people').addColumn('search_key', 'text', (c) => c.notNull().defaultTo('')).execute();

  // Backfill in batches of ids, so a school of any size never sits in memory at once.
  let lastId = 0;
  for (;;) {
    const rows: { org_id: number; id: number; first_name: string; last_name: string; last_name2: string | null; document: string | null }[] =
      await db
        .selectFrom('people')
        .select(['org_id', 'id', 'first_name', 'last_name', 'last_name2', 'document'])
        .where('id', '>', lastId)
        .orderBy('id')
        .limit(BATCH)
        .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await db
        .updateTable('people')
        .set({ search_key: searchKey(row) })
        .where('org_id', '=', row.org_id)
        .where('id', '=', row.id)
        .execute();
    }
    lastId = rows[rows.length - 1].id;
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('people').dropColumn('search_key').execute();
}
