import type { MigrationDb } from './schema-helpers';

// Every signed-in request reads the caller's memberships (node, role) by person. Without statistics
// SQLite answered that from the covering unique index (org_id, node_id, person_id, role), that is by
// scanning all memberships of the school. This index covers the lookup by person and replaces the
// narrower (org_id, person_id) one. Schema builder only.

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex('memberships_org_id_person_id_role_idx')
    .on('memberships')
    .columns(['org_id', 'person_id', 'role', 'node_id'])
    .execute();
  await db.schema.dropIndex('memberships_org_id_person_id_idx').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.createIndex('memberships_org_id_person_id_idx').on('memberships').columns(['org_id', 'person_id']).execute();
  await db.schema.dropIndex('memberships_org_id_person_id_role_idx').execute();
}
