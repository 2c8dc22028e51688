import type { CreateTableBuilder, Kysely } from 'kysely';
import { SqliteAdapter } from 'kysely';

// Helpers shared by the migrations. Frozen like the migrations themselves: shipped migrations call
// them, so an existing helper never changes behaviour; a new need gets a new helper.
//
// Citus-readiness: on PostgreSQL every tenant-owned table has primary key (org_id, id) and every
// foreign key between tenant tables is composite (org_id, x_id) → (org_id, id), so each table can be
// distributed by org_id and co-located; orgs itself becomes a reference table. SQLite cannot combine
// autoincrement with a composite key, so there id is the primary key and (org_id, id) is unique.

export type Dialect = 'sqlite' | 'postgres';

/**
 * The database as a migration sees it: untyped, because a migration runs against the schema of its
 * own day, never today's table types (db/types.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema of a migration's day has no types
export type MigrationDb = Kysely<any>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as MigrationDb: tables of a migration's day
export type Table = CreateTableBuilder<any, any>;

/** The one unavoidable dialect branch: identity/autoincrement columns and key layout differ. */
export function dialectOf(db: MigrationDb): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

/** org_id + id columns and the keys described above. */
export function tenantKeys(table: Table, dialect: Dialect, name: string): Table {
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

/** Composite foreign key (org_id, column) → target(org_id, id): a row can only point inside its school. */
export function fk(t: Table, name: string, column: string, target: string): Table {
  return t.addForeignKeyConstraint(name, ['org_id', column], target, ['org_id', 'id'], (c) => c.onDelete('cascade'));
}
