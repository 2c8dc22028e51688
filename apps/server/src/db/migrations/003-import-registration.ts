import { dialectOf, fk, tenantKeys, type Dialect, type MigrationDb } from './schema-helpers';

// Imports (draft + rows) and self-registrations. Same layout rules as 001 (schema-helpers.ts):
// Kysely<any> and the schema builder only; tenant keys (org_id, id) and composite foreign keys.

export async function up(db: MigrationDb): Promise<void> {
  const dialect: Dialect = dialectOf(db);

  let imports = tenantKeys(db.schema.createTable('imports'), dialect, 'imports')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
  imports = fk(imports, 'imports_node_fk', 'node_id', 'nodes');
  await imports.execute();

  let rows = tenantKeys(db.schema.createTable('import_rows'), dialect, 'import_rows')
    .addColumn('import_id', 'integer', (c) => c.notNull())
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('cells', 'text', (c) => c.notNull())
    .addUniqueConstraint('import_rows_import_row_key', ['org_id', 'import_id', 'row_number']);
  rows = fk(rows, 'import_rows_import_fk', 'import_id', 'imports');
  await rows.execute();

  let registrations = tenantKeys(db.schema.createTable('registrations'), dialect, 'registrations')
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('language', 'varchar(10)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_expires_at', 'text', (c) => c.notNull())
    .addColumn('email_verified_at', 'text')
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('registrations_org_id_person_id_key', ['org_id', 'person_id'])
    .addUniqueConstraint('registrations_org_id_token_hash_key', ['org_id', 'token_hash']);
  registrations = fk(registrations, 'registrations_person_fk', 'person_id', 'people');
  await registrations.execute();
  await db.schema
    .createIndex('registrations_org_id_status_idx')
    .on('registrations')
    .columns(['org_id', 'status'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['registrations', 'import_rows', 'imports']) await db.schema.dropTable(table).ifExists().execute();
}
