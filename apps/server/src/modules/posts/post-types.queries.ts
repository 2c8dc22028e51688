import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { POST_TYPE_KEYS } from '@patio/core';
import type { PostTypeDefault } from './post-types.catalog';

export interface PostTypeRow {
  key: string;
  names: string;
  icon: string;
  color: string;
  visible: number;
  position: number;
}

/** Adds the kinds a school does not have yet; kinds it has (maybe renamed) stay as they are. */
export async function insertMissingPostTypes(db: Database, orgId: number, defaults: readonly PostTypeDefault[]): Promise<void> {
  await db
    .insertInto('post_types')
    .values(defaults.map((d, position) => ({ org_id: orgId, key: d.key, names: JSON.stringify(d.names), icon: d.icon, color: d.color, visible: 1, position })))
    .onConflict((oc) => oc.columns(['org_id', 'key']).doNothing())
    .execute();
}

/**
 * Schools with fewer post types than there are kinds. Crosses schools on purpose: it runs at start,
 * before the tenant guard, like the migrations' backfills.
 */
export async function findSchoolsMissingPostTypes(db: Database): Promise<number[]> {
  const rows = await db
    .selectFrom('orgs')
    .select('orgs.id')
    .where(
      (eb) => eb.selectFrom('post_types').select(sql<number>`count(*)`.as('n')).whereRef('post_types.org_id', '=', 'orgs.id'),
      '<',
      POST_TYPE_KEYS.length,
    )
    .execute();
  return rows.map((r) => r.id);
}

export async function findPostTypes(db: Database, orgId: number): Promise<PostTypeRow[]> {
  return db.selectFrom('post_types').select(['key', 'names', 'icon', 'color', 'visible', 'position']).where(scopedToOrg(orgId)).orderBy('position').orderBy('key').execute();
}

export async function findPostType(db: Database, orgId: number, key: string): Promise<PostTypeRow | null> {
  return (
    (await db.selectFrom('post_types').select(['key', 'names', 'icon', 'color', 'visible', 'position']).where(scopedToOrg(orgId)).where('key', '=', key).executeTakeFirst()) ??
    null
  );
}

export async function updatePostType(
  db: Database,
  orgId: number,
  key: string,
  values: Partial<Pick<PostTypeRow, 'names' | 'icon' | 'color' | 'visible'>>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('post_types').set(values).where(scopedToOrg(orgId)).where('key', '=', key).execute();
}

/** The language a person reads the school in (people.language). */
export async function findPersonLanguage(db: Database, orgId: number, personId: number): Promise<string | null> {
  const row = await db.selectFrom('people').select('language').where(scopedToOrg(orgId)).where('id', '=', personId).executeTakeFirst();
  return row?.language ?? null;
}
