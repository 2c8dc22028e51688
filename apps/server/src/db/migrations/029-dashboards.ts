import { sql } from 'kysely';
import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Dashboards (issue 36 §2; docs/decisions/032-dashboards.md).
// - dashboards: a titled page of data blocks for an audience of staff (JSON array of 'teachers',
//   'employees'; administrators always see every one). `home` marks Inicio, the admin home: the partial
//   unique index lets a school hold one, so twenty first readers racing to create it make one row
//   (INSERT … ON CONFLICT DO NOTHING, then read). Its title is null: it is "Inicio" translated.
// - dashboard_blocks: the blocks of a dashboard in `position` order, each a kind of figure with its
//   options (JSON: default period, group filter, the post or form it is about).

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  await tenantKeys(db.schema.createTable('dashboards'), dialect, 'dashboards')
    .addColumn('title', 'text')
    .addColumn('home', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('[]'))
    // No foreign key: a cascade must never delete a school's dashboard with the person who made it.
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dashboards_home_key').on('dashboards').column('org_id').unique().where(sql.ref('home'), '=', 1).execute();

  let blocks = tenantKeys(db.schema.createTable('dashboard_blocks'), dialect, 'dashboard_blocks')
    .addColumn('dashboard_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'));
  blocks = fk(blocks, 'dashboard_blocks_dashboard_fk', 'dashboard_id', 'dashboards');
  await blocks.execute();
  await db.schema.createIndex('dashboard_blocks_dashboard_idx').on('dashboard_blocks').columns(['org_id', 'dashboard_id', 'position']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('dashboard_blocks').execute();
  await db.schema.dropTable('dashboards').execute();
}
