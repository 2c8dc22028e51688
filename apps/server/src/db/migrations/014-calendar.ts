import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Calendar (issue 11).
// - calendar_events: one event. Its audience is decided by what it hangs on: post_id (the post's
//   readers), node_id (that node's calendar: its members and their relatives) or source_id (an external
//   ICS feed the school imports into a school or node calendar). starts_at/ends_at are epoch seconds;
//   an all-day event starts at local midnight of its first day and ends at local midnight after its
//   last day, in time_zone (the school's zone when it was written, so a recurrence keeps its wall-clock
//   time across daylight-saving changes). recurrence is JSON ({freq, interval, count, until, exceptions});
//   last_ends_at bounds the end of its last occurrence (null: never ends) so a window query can skip
//   events over before it. rsvp: the author asks for going / not going.
// - calendar_sources: external ICS feeds a school imports on a schedule; last_error keeps why the
//   latest import failed (the events of the previous good import stay).
// - calendar_feed_prefs: a person's on/off choice per feed (absent = on).
// - calendar_subscriptions: a person's private webcal address; the secret is derived from nonce with a
//   server key, so it can be shown again and is revoked by deleting the row.
// - calendar_rsvps: one answer per person and event.
// Epoch seconds are bigint (PostgreSQL answers them as strings: read them with Number()).

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  let sources = tenantKeys(db.schema.createTable('calendar_sources'), dialect, 'calendar_sources')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('node_id', 'integer')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('last_fetched_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text');
  sources = fk(sources, 'calendar_sources_node_fk', 'node_id', 'nodes');
  sources = fk(sources, 'calendar_sources_created_by_fk', 'created_by', 'people');
  await sources.execute();

  let events = tenantKeys(db.schema.createTable('calendar_events'), dialect, 'calendar_events')
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secondary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('all_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('recurrence', 'text')
    .addColumn('last_ends_at', 'bigint')
    .addColumn('rsvp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('post_id', 'integer')
    .addColumn('node_id', 'integer')
    .addColumn('source_id', 'integer')
    .addColumn('external_uid', 'varchar(255)')
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text');
  events = fk(events, 'calendar_events_post_fk', 'post_id', 'posts');
  events = fk(events, 'calendar_events_node_fk', 'node_id', 'nodes');
  events = fk(events, 'calendar_events_source_fk', 'source_id', 'calendar_sources');
  events = fk(events, 'calendar_events_author_fk', 'author_id', 'people');
  await events.execute();
  await db.schema.createIndex('calendar_events_org_id_post_id_idx').on('calendar_events').columns(['org_id', 'post_id']).execute();
  await db.schema.createIndex('calendar_events_org_id_node_id_idx').on('calendar_events').columns(['org_id', 'node_id', 'starts_at']).execute();
  await db.schema.createIndex('calendar_events_org_id_source_id_idx').on('calendar_events').columns(['org_id', 'source_id']).execute();
  await db.schema.createIndex('calendar_events_org_id_starts_at_idx').on('calendar_events').columns(['org_id', 'starts_at']).execute();

  let prefs = db.schema
    .createTable('calendar_feed_prefs')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('feed', 'varchar(60)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_feed_prefs_pkey', ['org_id', 'person_id', 'feed']);
  prefs = fk(prefs, 'calendar_feed_prefs_person_fk', 'person_id', 'people');
  await prefs.execute();

  let subscriptions = tenantKeys(db.schema.createTable('calendar_subscriptions'), dialect, 'calendar_subscriptions')
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('calendar_subscriptions_person_key', ['org_id', 'person_id']);
  subscriptions = fk(subscriptions, 'calendar_subscriptions_person_fk', 'person_id', 'people');
  await subscriptions.execute();

  let rsvps = db.schema
    .createTable('calendar_rsvps')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('answer', 'varchar(12)', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendar_rsvps_pkey', ['org_id', 'event_id', 'person_id']);
  rsvps = fk(rsvps, 'calendar_rsvps_event_fk', 'event_id', 'calendar_events');
  rsvps = fk(rsvps, 'calendar_rsvps_person_fk', 'person_id', 'people');
  await rsvps.execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['calendar_rsvps', 'calendar_subscriptions', 'calendar_feed_prefs', 'calendar_events', 'calendar_sources']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
