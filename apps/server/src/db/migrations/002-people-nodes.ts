import type { MigrationDb } from './schema-helpers';

// Issue 3 (people, groups and permissions). Schema builder only, against Kysely<any>, so it runs on
// SQLite and PostgreSQL alike. 001 already holds people (names, document, gender, birthday, email,
// mobile, student code, avatar, language, is_admin = school administrator), relationships, node
// types (singular/plural JSON per language), nodes and memberships (role, enrollment status,
// outcome, school year). This adds clinic data, the "contact" flag of staff and the lookups the
// directory, the tree and the members list need.

export async function up(db: MigrationDb): Promise<void> {
  // spec §3 Clinic labels. Weight in kg, height in cm.
  await db.schema.alterTable('people').addColumn('blood_type', 'varchar(3)').execute();
  await db.schema.alterTable('people').addColumn('weight', 'double precision').execute();
  await db.schema.alterTable('people').addColumn('height', 'double precision').execute();
  await db.schema.alterTable('people').addColumn('medical_insurance', 'text').execute();
  // Staff (employees) families may message from their Contacts tab (reception, coordination…).
  await db.schema.alterTable('people').addColumn('is_contact', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema.createIndex('people_org_id_first_name_idx').on('people').columns(['org_id', 'first_name']).execute();
  await db.schema.createIndex('people_org_id_is_admin_idx').on('people').columns(['org_id', 'is_admin']).execute();
  await db.schema.createIndex('memberships_org_id_role_idx').on('memberships').columns(['org_id', 'role', 'node_id']).execute();
  await db.schema.createIndex('nodes_org_id_type_id_idx').on('nodes').columns(['org_id', 'type_id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const index of ['nodes_org_id_type_id_idx', 'memberships_org_id_role_idx', 'people_org_id_is_admin_idx', 'people_org_id_first_name_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of ['is_contact', 'medical_insurance', 'height', 'weight', 'blood_type']) {
    await db.schema.alterTable('people').dropColumn(column).execute();
  }
}
