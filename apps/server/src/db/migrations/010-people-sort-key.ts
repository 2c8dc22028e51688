import { sql } from 'kysely';
import { dialectOf, type MigrationDb } from './schema-helpers';

// Names that sort as people expect: "Álvarez" and "alonso" with the A's, not after "Zapata" (byte
// order puts "Á" and lowercase letters after "Z"). people.sort_key holds the folded surnames and
// first name, "alvarez\tdiaz\tana" (modules/people/sort-key.ts), written by the app on every change
// of a name; ORDER BY sort_key then compares plain lowercase letters. The key is compared byte by
// byte on both databases: SQLite's default BINARY, and the "C" collation on PostgreSQL, whose default
// collation may skip spaces and tabs. Schema builder only.

const BATCH = 500;

/** A frozen copy of sortKeyOf as of this migration (migrations never import today's code). */
function sortKey(row: { first_name: string; last_name: string; last_name2: string | null }): string {
  const letters: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
  const fold = (text: string) =>
    text
      .toLowerCase()
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[ßæœøłđðþı]/gu, (c) => letters[c])
      .replace(/[\p{Pd}\s]+/gu, ' ')
      .replace(/[^\p{L}\p{N} ]/gu, '')
      .trim();
  return [row.last_name, row.last_name2 ?? '', row.first_name].map(fold).join('\t');
}

export async function up(db: MigrationDb): Promise<void> {
  const type = dialectOf(db) === 'postgres' ? sql`text collate "C"` : 'text';
  await db.schema.alterTable('people').addColumn('sort_key', type, (c) => c.notNull().defaultTo('')).execute();

  // Backfill in batches of ids, so a school of any size never sits in memory at once.
  let lastId = 0;
  for (;;) {
    const rows: { org_id: number; id: number; first_name: string; last_name: string; last_name2: string | null }[] = await db
      .selectFrom('people')
      .select(['org_id', 'id', 'first_name', 'last_name', 'last_name2'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await db.updateTable('people').set({ sort_key: sortKey(row) }).where('org_id', '=', row.org_id).where('id', '=', row.id).execute();
    }
    lastId = rows[rows.length - 1].id;
  }

  // The directory pages through one school in this order.
  await db.schema.createIndex('people_org_id_sort_key_idx').on('people').columns(['org_id', 'sort_key', 'id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('people_org_id_sort_key_idx').ifExists().execute();
  await db.schema.alterTable('people').dropColumn('sort_key').execute();
}
