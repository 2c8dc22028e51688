import { fk, type MigrationDb } from './schema-helpers';

// What the classroom has told people, so that nobody is told twice (issue 35; docs/decisions/031-classroom.md).
// - classroom_reminders: the due-date reminder of a task to one student, once: the reminder job inserts
//   its rows with ON CONFLICT DO NOTHING and queues a notice only for the rows it inserted, so a rerun or
//   a second worker finds them there.
// - classroom_summaries: the weekly guardian summary of one week (the local date it is sent on) to one
//   relative, once, in the same way.

export async function up(db: MigrationDb): Promise<void> {
  let reminders = db.schema
    .createTable('classroom_reminders')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('classroom_post_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('classroom_reminders_pkey', ['org_id', 'classroom_post_id', 'student_id']);
  reminders = fk(reminders, 'classroom_reminders_post_fk', 'classroom_post_id', 'classroom_posts');
  reminders = fk(reminders, 'classroom_reminders_student_fk', 'student_id', 'people');
  await reminders.execute();

  let summaries = db.schema
    .createTable('classroom_summaries')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('week', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('classroom_summaries_pkey', ['org_id', 'person_id', 'week']);
  summaries = fk(summaries, 'classroom_summaries_person_fk', 'person_id', 'people');
  await summaries.execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('classroom_summaries').execute();
  await db.schema.dropTable('classroom_reminders').execute();
}
