import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Content blocks (issue 10).
// - files: every stored file, in a folder named by its API path: a files block
//   (posts/{postId}/resources/files/block-{n}), a person's uploads (people/{id}/uploads) or the
//   signed-out uploads (people/anon/uploads). post_id ties a block's files to the post whose readers
//   may see them. storage_key is where the bytes are; preview/thumbnail/large keys are the image
//   renditions. deleted_at is the soft delete (the spec's deleteDate); anon_key names the signed-out
//   browser that uploaded (a hash, never the key itself).
// - form_entities: a form or poll, its fields as JSON (the editor sends the whole form).
// - form_records: one answer per person and form, values as JSON keyed by field name.
// - html_media: the body of an html block.
// - post_blocks(org_id, url): finds the posts whose blocks point at a form or an html item, which is
//   how their readers are decided.
// Timestamps ISO-8601 text, JSON as text, sizes bigint: the same on both databases.

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  let files = tenantKeys(db.schema.createTable('files'), dialect, 'files')
    .addColumn('folder', 'varchar(200)', (c) => c.notNull())
    .addColumn('post_id', 'integer')
    .addColumn('owner_id', 'integer')
    .addColumn('anon_key', 'varchar(64)')
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('mimetype', 'varchar(127)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('thumbnail_key', 'varchar(255)')
    .addColumn('preview_key', 'varchar(255)')
    .addColumn('large_key', 'varchar(255)')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text');
  files = fk(files, 'files_post_fk', 'post_id', 'posts');
  files = fk(files, 'files_owner_fk', 'owner_id', 'people');
  await files.execute();
  await db.schema.createIndex('files_org_id_folder_idx').on('files').columns(['org_id', 'folder', 'id']).execute();
  await db.schema.createIndex('files_anon_created_idx').on('files').columns(['anon_key', 'created_at']).execute();

  let forms = tenantKeys(db.schema.createTable('form_entities'), dialect, 'form_entities')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fields', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
  forms = fk(forms, 'form_entities_owner_fk', 'owner_id', 'people');
  await forms.execute();

  let records = tenantKeys(db.schema.createTable('form_records'), dialect, 'form_records')
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('answered_by', 'integer', (c) => c.notNull())
    .addColumn('values', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('form_records_org_id_form_id_person_id_key', ['org_id', 'form_id', 'person_id']);
  records = fk(records, 'form_records_form_fk', 'form_id', 'form_entities');
  records = fk(records, 'form_records_person_fk', 'person_id', 'people');
  records = fk(records, 'form_records_answered_by_fk', 'answered_by', 'people');
  await records.execute();

  let html = tenantKeys(db.schema.createTable('html_media'), dialect, 'html_media')
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
  html = fk(html, 'html_media_owner_fk', 'owner_id', 'people');
  await html.execute();

  await db.schema.createIndex('post_blocks_org_id_url_idx').on('post_blocks').columns(['org_id', 'url']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('post_blocks_org_id_url_idx').ifExists().execute();
  for (const table of ['html_media', 'form_records', 'form_entities', 'files']) await db.schema.dropTable(table).ifExists().execute();
}
