import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Classroom (issue 35; docs/decisions/031-classroom.md).
// - classroom_posts: the classroom side of a published post addressed to a group (node): its kind
//   (task, material, announcement), a task's due date and points. One per post.
// - classroom_submissions: one per student per task (unique, so parallel turn-ins meet on one row):
//   status, text, file ids of the student's uploads (JSON), grade, feedback, when turned in and returned.
//   A student without a row is `assigned` (or `missing` after the due date): rows appear on first save.
// - classroom_submission_changes: every change of a submission, in order (who, what, when).

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  let posts = tenantKeys(db.schema.createTable('classroom_posts'), dialect, 'classroom_posts')
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('points', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('classroom_posts_post_key', ['org_id', 'post_id']);
  posts = fk(posts, 'classroom_posts_post_fk', 'post_id', 'posts');
  posts = fk(posts, 'classroom_posts_node_fk', 'node_id', 'nodes');
  await posts.execute();
  await db.schema.createIndex('classroom_posts_node_idx').on('classroom_posts').columns(['org_id', 'node_id', 'id']).execute();

  let submissions = tenantKeys(db.schema.createTable('classroom_submissions'), dialect, 'classroom_submissions')
    .addColumn('classroom_post_id', 'integer', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('grade', 'double precision')
    .addColumn('feedback', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('turned_in_at', 'text')
    .addColumn('returned_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('classroom_submissions_student_key', ['org_id', 'classroom_post_id', 'student_id']);
  submissions = fk(submissions, 'classroom_submissions_post_fk', 'classroom_post_id', 'classroom_posts');
  submissions = fk(submissions, 'classroom_submissions_student_fk', 'student_id', 'people');
  await submissions.execute();
  await db.schema.createIndex('classroom_submissions_student_idx').on('classroom_submissions').columns(['org_id', 'student_id']).execute();

  let changes = tenantKeys(db.schema.createTable('classroom_submission_changes'), dialect, 'classroom_submission_changes')
    .addColumn('submission_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('grade', 'double precision')
    // No foreign key: a cascade must never delete the history with the person who made a change.
    .addColumn('changed_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull());
  changes = fk(changes, 'classroom_submission_changes_submission_fk', 'submission_id', 'classroom_submissions');
  await changes.execute();
  await db.schema.createIndex('classroom_submission_changes_submission_idx').on('classroom_submission_changes').columns(['org_id', 'submission_id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('classroom_submission_changes').execute();
  await db.schema.dropTable('classroom_submissions').execute();
  await db.schema.dropTable('classroom_posts').execute();
}
