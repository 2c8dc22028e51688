import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { compiledQuery } from '../../db/compiled-query';
import { scopedToOrg } from '../../db/scope';

// A person's feed switches (calendar_feed_prefs: absent = on) and the sources feeds are made of.

// Read on every month read (the switched-off feeds): compiled once (db/compiled-query.ts).
const feedPrefRows = compiledQuery((db, p: { orgId: number; personId: number }) =>
  db.selectFrom('calendar_feed_prefs').select(['feed', 'enabled']).where(scopedToOrg(p.orgId)).where('person_id', '=', p.personId),
);

/** The person's switches: feed id → on. */
export async function findFeedPrefs(db: Database, orgId: number, personId: number): Promise<Map<string, boolean>> {
  const rows = await feedPrefRows.execute(db, { orgId, personId });
  return new Map(rows.map((r) => [r.feed, Number(r.enabled) === 1]));
}

/** Sets one switch (insert or update: repeating it changes nothing). */
export async function upsertFeedPref(db: Database, orgId: number, personId: number, feed: string, enabled: boolean): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('calendar_feed_prefs')
    .values({ org_id: orgId, person_id: personId, feed, enabled: enabled ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.columns(['org_id', 'person_id', 'feed']).doUpdateSet({ enabled: enabled ? 1 : 0, updated_at: now }))
    .execute();
}

export interface SourceFeedRow {
  id: number;
  name: string;
  node_id: number | null;
}

/** The school's external sources that are not deleted, by name. */
export async function findSourceFeedRows(db: Database, orgId: number): Promise<SourceFeedRow[]> {
  return await db
    .selectFrom('calendar_sources')
    .select(['id', 'name', 'node_id'])
    .where(scopedToOrg(orgId))
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}
