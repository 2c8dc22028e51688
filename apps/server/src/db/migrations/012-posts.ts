import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Posts and messaging (issue 9).
// - post_types: the 18 kinds of spec §3 per school, with names in six languages (JSON), icon, colour
//   and whether lists offer them. Rows for the schools that exist are written by the posts area's
//   seeding (seedPostTypes), for new schools when they are created.
// - threads: the discussion a post opens; every reply joins its thread.
// - posts: drafts, scheduled and published posts. settings are columns (lists filter on highlight);
//   audience is the author's input (people, rule, relatives) as JSON, audience_count what it resolved to.
// - stubs: one row per recipient and post, the person's folder and read state. The inbox groups a
//   person's stubs by thread, so the index leads with (org_id, person_id, folder).
// - post_blocks: the ordered blocks of a post (the Blocks issue fills them).
// Timestamps ISO-8601 text, booleans 0/1 integers, JSON as text: the same on both databases.

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  await tenantKeys(db.schema.createTable('post_types'), dialect, 'post_types')
    .addColumn('key', 'varchar(30)', (c) => c.notNull())
    .addColumn('names', 'text', (c) => c.notNull())
    .addColumn('icon', 'varchar(60)', (c) => c.notNull())
    .addColumn('color', 'varchar(7)', (c) => c.notNull())
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('post_types_org_id_key_key', ['org_id', 'key'])
    .execute();

  await tenantKeys(db.schema.createTable('threads'), dialect, 'threads')
    .addColumn('first_post_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  let posts = tenantKeys(db.schema.createTable('posts'), dialect, 'posts')
    .addColumn('thread_id', 'integer', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(30)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('audience_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quotes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reply_to_id', 'integer')
    .addColumn('event_id', 'integer')
    .addColumn('highlight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notifications', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('recipients_visible', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replies', 'varchar(10)', (c) => c.notNull().defaultTo('author'))
    .addColumn('forward', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_date', 'text')
    .addColumn('expiration_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
  posts = fk(posts, 'posts_thread_fk', 'thread_id', 'threads');
  posts = fk(posts, 'posts_author_fk', 'author_id', 'people');
  await posts.execute();
  await db.schema.createIndex('posts_org_id_author_id_status_idx').on('posts').columns(['org_id', 'author_id', 'status', 'id']).execute();
  await db.schema.createIndex('posts_org_id_thread_id_idx').on('posts').columns(['org_id', 'thread_id', 'id']).execute();
  await db.schema.createIndex('posts_org_id_reply_to_id_idx').on('posts').columns(['org_id', 'reply_to_id']).execute();

  let stubs = tenantKeys(db.schema.createTable('stubs'), dialect, 'stubs')
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('thread_id', 'integer', (c) => c.notNull())
    .addColumn('folder', 'varchar(10)', (c) => c.notNull().defaultTo('feed'))
    .addColumn('read_date', 'text')
    .addColumn('delivered_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('stubs_org_id_post_id_person_id_key', ['org_id', 'post_id', 'person_id']);
  stubs = fk(stubs, 'stubs_person_fk', 'person_id', 'people');
  stubs = fk(stubs, 'stubs_post_fk', 'post_id', 'posts');
  stubs = fk(stubs, 'stubs_thread_fk', 'thread_id', 'threads');
  await stubs.execute();
  await db.schema.createIndex('stubs_org_id_person_id_folder_thread_id_idx').on('stubs').columns(['org_id', 'person_id', 'folder', 'thread_id']).execute();
  await db.schema.createIndex('stubs_org_id_person_id_thread_id_idx').on('stubs').columns(['org_id', 'person_id', 'thread_id']).execute();

  let blocks = tenantKeys(db.schema.createTable('post_blocks'), dialect, 'post_blocks')
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'));
  blocks = fk(blocks, 'post_blocks_post_fk', 'post_id', 'posts');
  await blocks.execute();
  await db.schema.createIndex('post_blocks_org_id_post_id_idx').on('post_blocks').columns(['org_id', 'post_id', 'position']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['post_blocks', 'stubs', 'posts', 'threads', 'post_types']) await db.schema.dropTable(table).ifExists().execute();
}
