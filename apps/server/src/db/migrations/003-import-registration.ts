import type { CreateTableBuilder, Kysely } from 'kysely';
import { SqliteAdapter } from 'kysely';

// Imports (draft + rows) and self-registrations. Same layout rules as 001: Kysely<any> and the schema
// builder only; tenant keys (org_id, id) and composite foreign keys so Citus can distribute by org_id.

type Dialect = 'sqlite' | 'postgres';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Table = CreateTableBuilder<any, any>;

function tenantKeys(table: Table, dialect: Dialect, name: string): Table {
  let t = table.addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'));
  if (dialect === 'sqlite') {
    t = t
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addUniqueConstraint(`${name}_org_id_id_key`, ['org_id', 'id']);
  } else {
    t = t
      .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().notNull())
      .addPrimaryKeyConstraint(`${name}_pkey`, ['org_id', 'id']);
  }
  return t;
}

function fk(t: Table, name: string, column: string, target: string): Table {
  return t.addForeignKeyConstraint(name, ['org_id', column], target, ['org_id', 'id'], (c) => c.onDelete('cascade'));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect: Dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';

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

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['registrations', 'import_rows', 'imports']) await db.schema.dropTable(table).ifExists().execute();
}
