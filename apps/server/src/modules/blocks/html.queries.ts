import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// The bodies of html blocks (html_media, migration 013).

export interface HtmlRow {
  id: number;
  owner_id: number;
  body: string;
}

export async function insertHtml(db: Database, row: { org_id: number; owner_id: number; body: string; created_at: string }): Promise<number> {
  const { id } = await db.insertInto('html_media').values({ ...row, updated_at: row.created_at }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function findHtml(db: Database, orgId: number, id: number): Promise<HtmlRow | null> {
  return (await db.selectFrom('html_media').select(['id', 'owner_id', 'body']).where(scopedToOrg(orgId)).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** False when the item is gone. */
export async function updateHtml(db: Database, orgId: number, id: number, body: string, now: string): Promise<boolean> {
  const result = await db.updateTable('html_media').set({ body, updated_at: now }).where(scopedToOrg(orgId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteHtml(db: Database, orgId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('html_media').where(scopedToOrg(orgId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
