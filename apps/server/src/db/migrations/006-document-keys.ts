import type { MigrationDb } from './schema-helpers';

// Documents are unique per school, enforced by the database (issue 6: parallel registrations and
// imports made one child twice). people.document_key holds the normalised document ("1.023.456-7"
// and "10234567" are one), written by the app on every change of people.document; a unique index
// over (org_id, document_key) refuses the second person. Registrations also get `form`: the children
// and relatives a family named, kept as JSON until an administrator approves (nothing is created
// in the school before that). Schema builder only.

const BATCH = 500;

/** A frozen copy of documentKeyOf as of this migration (migrations never import today's code). */
function documentKey(document: string | null): string | null {
  if (document === null) return null;
  const key = document.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
  return key === '' ? null : key;
}

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('people').addColumn('document_key', 'varchar(64)').execute();
  await db.schema.alterTable('registrations').addColumn('form', 'text').execute();

  // Backfill in batches. Should a school already hold one document twice, the oldest person keeps the
  // key and the others keep their typed document without one (they stay findable by name).
  const seen = new Set<string>();
  let lastId = 0;
  for (;;) {
    const rows: { org_id: number; id: number; document: string | null }[] = await db
      .selectFrom('people')
      .select(['org_id', 'id', 'document'])
      .where('id', '>', lastId)
      .where('document', 'is not', null)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const key = documentKey(row.document);
      if (key === null || key.length > 64 || seen.has(`${row.org_id}:${key}`)) continue;
      seen.add(`${row.org_id}:${key}`);
      await db.updateTable('people').set({ document_key: key }).where('org_id', '=', row.org_id).where('id', '=', row.id).execute();
    }
    lastId = rows[rows.length - 1].id;
  }

  await db.schema.createIndex('people_org_id_document_key_key').on('people').columns(['org_id', 'document_key']).unique().execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('people_org_id_document_key_key').ifExists().execute();
  await db.schema.alterTable('registrations').dropColumn('form').execute();
  await db.schema.alterTable('people').dropColumn('document_key').execute();
}
