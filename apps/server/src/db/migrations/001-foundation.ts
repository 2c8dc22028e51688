import { dialectOf, fk, tenantKeys, type Dialect, type MigrationDb } from './schema-helpers';

// Written against Kysely<any> with the schema builder only, so it runs unchanged on SQLite and
// PostgreSQL and never depends on today's table types. Key layout: see schema-helpers.ts.

export async function up(db: MigrationDb): Promise<void> {
  const dialect: Dialect = dialectOf(db);

  await db.schema
    .createTable('orgs')
    .addColumn('id', 'integer', (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity(),
    )
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('logo', 'text')
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await tenantKeys(db.schema.createTable('people'), dialect, 'people')
    .addColumn('username', 'varchar(120)')
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('last_name2', 'text')
    .addColumn('document', 'varchar(40)')
    .addColumn('gender', 'varchar(10)')
    .addColumn('birthday', 'varchar(10)')
    .addColumn('email', 'text')
    .addColumn('mobile', 'varchar(40)')
    .addColumn('student_code', 'varchar(40)')
    .addColumn('avatar', 'text')
    .addColumn('language', 'varchar(10)')
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('people_org_id_username_key', ['org_id', 'username'])
    .execute();
  await db.schema.createIndex('people_org_id_last_name_idx').on('people').columns(['org_id', 'last_name']).execute();
  await db.schema.createIndex('people_org_id_document_idx').on('people').columns(['org_id', 'document']).execute();

  let relationships = tenantKeys(db.schema.createTable('relationships'), dialect, 'relationships')
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('relative_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('relationships_pair_key', ['org_id', 'person_id', 'relative_id']);
  relationships = fk(relationships, 'relationships_person_fk', 'person_id', 'people');
  relationships = fk(relationships, 'relationships_relative_fk', 'relative_id', 'people');
  await relationships.execute();
  await db.schema
    .createIndex('relationships_org_id_relative_id_idx')
    .on('relationships')
    .columns(['org_id', 'relative_id'])
    .execute();

  await tenantKeys(db.schema.createTable('node_types'), dialect, 'node_types')
    .addColumn('key', 'varchar(40)', (c) => c.notNull())
    .addColumn('singular', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('plural', 'text', (c) => c.notNull().defaultTo('{}'))
    .addUniqueConstraint('node_types_org_id_key_key', ['org_id', 'key'])
    .execute();

  let nodes = tenantKeys(db.schema.createTable('nodes'), dialect, 'nodes')
    .addColumn('parent_id', 'integer')
    .addColumn('type_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull());
  nodes = fk(nodes, 'nodes_parent_fk', 'parent_id', 'nodes');
  nodes = fk(nodes, 'nodes_type_fk', 'type_id', 'node_types');
  await nodes.execute();
  await db.schema.createIndex('nodes_org_id_parent_id_idx').on('nodes').columns(['org_id', 'parent_id']).execute();

  let memberships = tenantKeys(db.schema.createTable('memberships'), dialect, 'memberships')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('role', 'varchar(40)', (c) => c.notNull())
    .addColumn('enrollment_status', 'varchar(20)')
    .addColumn('outcome', 'varchar(20)')
    .addColumn('school_year', 'varchar(20)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('memberships_node_person_role_key', ['org_id', 'node_id', 'person_id', 'role']);
  memberships = fk(memberships, 'memberships_node_fk', 'node_id', 'nodes');
  memberships = fk(memberships, 'memberships_person_fk', 'person_id', 'people');
  await memberships.execute();
  await db.schema
    .createIndex('memberships_org_id_person_id_idx')
    .on('memberships')
    .columns(['org_id', 'person_id'])
    .execute();

  let stops = tenantKeys(db.schema.createTable('route_stops'), dialect, 'route_stops')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull());
  stops = fk(stops, 'route_stops_node_fk', 'node_id', 'nodes');
  await stops.execute();
  await db.schema.createIndex('route_stops_org_id_node_id_idx').on('route_stops').columns(['org_id', 'node_id']).execute();

  let devices = tenantKeys(db.schema.createTable('devices'), dialect, 'devices')
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('uuid', 'varchar(200)', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('platform', 'varchar(40)', (c) => c.notNull())
    .addColumn('model', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('devices_org_id_uuid_key', ['org_id', 'uuid']);
  devices = fk(devices, 'devices_person_fk', 'person_id', 'people');
  await devices.execute();
  await db.schema.createIndex('devices_org_id_person_id_idx').on('devices').columns(['org_id', 'person_id']).execute();

  let loginTokens = tenantKeys(db.schema.createTable('login_tokens'), dialect, 'login_tokens')
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('login_tokens_org_id_hash_key', ['org_id', 'token_hash']);
  loginTokens = fk(loginTokens, 'login_tokens_person_fk', 'person_id', 'people');
  await loginTokens.execute();

  await db.schema
    .createTable('i18n_overrides')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('lang', 'varchar(10)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('i18n_overrides_pkey', ['org_id', 'lang', 'key'])
    .execute();

  await db.schema
    .createTable('seed_steps')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('step', 'varchar(80)', (c) => c.notNull())
    .addColumn('done_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seed_steps_pkey', ['org_id', 'step'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'seed_steps',
    'i18n_overrides',
    'login_tokens',
    'devices',
    'route_stops',
    'memberships',
    'nodes',
    'node_types',
    'relationships',
    'people',
    'orgs',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
