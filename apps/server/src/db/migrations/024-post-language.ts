import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Issue 33 item 9 (decision 029): the language a post is written in, and its translations.
// - posts.language: one of es, en, de, fr, it, pt. Posts written before get their school's default
//   language (orgs.settings JSON `language`) or es.
// - post_translations: a post's title and description in another language, as the operator's translation
//   service answered them (the description sanitised again), one row per post and language.
//   source_hash is the hash of the text translated: a post rewritten since reads as not translated.

const LANGUAGES = ['es', 'en', 'de', 'fr', 'it', 'pt'];

function defaultLanguageOf(settings: unknown): string {
  try {
    const parsed: unknown = typeof settings === 'string' ? JSON.parse(settings) : settings;
    const value = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>).language : undefined;
    const base = typeof value === 'string' ? value.toLowerCase().split('-')[0] : '';
    return LANGUAGES.includes(base) ? base : 'es';
  } catch {
    return 'es';
  }
}

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  await db.schema.alterTable('posts').addColumn('language', 'varchar(5)', (c) => c.notNull().defaultTo('es')).execute();
  for (const org of await db.selectFrom('orgs').select(['id', 'settings']).execute()) {
    const language = defaultLanguageOf(org.settings);
    if (language !== 'es') await db.updateTable('posts').set({ language }).where('org_id', '=', org.id).execute();
  }

  let translations = tenantKeys(db.schema.createTable('post_translations'), dialect, 'post_translations')
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('language', 'varchar(5)', (c) => c.notNull())
    .addColumn('source_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('post_translations_post_language_key', ['org_id', 'post_id', 'language']);
  translations = fk(translations, 'post_translations_post_fk', 'post_id', 'posts');
  await translations.execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('post_translations').ifExists().execute();
  await db.schema.alterTable('posts').dropColumn('language').execute();
}
