import { sql } from 'kysely';
import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Extracurricular activities (issue 37 §1; docs/decisions/033-activities.md).
// - activities: the details of a node of type `activity` (one row per node; its name is the node's):
//   description (sanitised HTML), term, weekly schedule (JSON slots), place, places (capacity),
//   eligible grades or groups (JSON node ids), price per period (bigint minor units, as billing) and
//   the periods (JSON), leader and optional bus route. No foreign keys on leader_id and route_id: a
//   cascade must never delete an activity with its leader or its route; readers join and read a
//   missing one as no one.
// - activity_requests: a family's request for a student. A partial unique index allows one live request
//   (pending, waiting or accepted) per student and activity on both databases; closed ones (rejected,
//   withdrawn) stay as history. `position` is 1..n among the waiting requests of an activity, kept so
//   by the writes, which hold the activity's row locked (docs/decisions/033-activities.md).

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  let activities = tenantKeys(db.schema.createTable('activities'), dialect, 'activities')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('term_from', 'text', (c) => c.notNull())
    .addColumn('term_to', 'text', (c) => c.notNull())
    .addColumn('schedule', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('place', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('places', 'integer', (c) => c.notNull())
    .addColumn('eligible', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('price', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('periods', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('leader_id', 'integer', (c) => c.notNull())
    .addColumn('route_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('activities_node_key', ['org_id', 'node_id']);
  activities = fk(activities, 'activities_node_fk', 'node_id', 'nodes');
  await activities.execute();
  await db.schema.createIndex('activities_term_idx').on('activities').columns(['org_id', 'term_to', 'term_from']).execute();

  let requests = tenantKeys(db.schema.createTable('activity_requests'), dialect, 'activity_requests')
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    // No foreign keys on who asked and who decided: a cascade must never delete a request with them.
    .addColumn('requested_by', 'integer')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('position', 'integer')
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
  requests = fk(requests, 'activity_requests_activity_fk', 'activity_id', 'activities');
  requests = fk(requests, 'activity_requests_student_fk', 'student_id', 'people');
  await requests.execute();
  await db.schema
    .createIndex('activity_requests_live_key')
    .on('activity_requests')
    .columns(['org_id', 'activity_id', 'student_id'])
    .unique()
    .where(sql.ref('status'), 'in', ['pending', 'waiting', 'accepted'])
    .execute();
  await db.schema.createIndex('activity_requests_status_idx').on('activity_requests').columns(['org_id', 'activity_id', 'status', 'position']).execute();
  await db.schema.createIndex('activity_requests_student_idx').on('activity_requests').columns(['org_id', 'student_id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('activity_requests').execute();
  await db.schema.dropTable('activities').execute();
}
