import { compiledQuery } from '../../db/compiled-query';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// Forms and polls (form_entities, migration 013): a title, a description and the fields as JSON.

export interface FormRow {
  id: number;
  owner_id: number;
  title: string;
  description: string;
  /** JSON array of FormField, in their order. */
  fields: string;
  updated_at: string;
}

const formColumns = ['id', 'owner_id', 'title', 'description', 'fields', 'updated_at'] as const;

// Read on every request about a form (its standing decides the policy): compiled once, not per request.
const formRow = compiledQuery((db, p: { orgId: number; id: number }) =>
  db.selectFrom('form_entities').select(formColumns).where(scopedToOrg(p.orgId)).where('id', '=', p.id),
);

export async function findForm(db: Database, orgId: number, id: number): Promise<FormRow | null> {
  return (await formRow.takeFirst(db, { orgId, id })) ?? null;
}

/** The newest forms of the school, or of one owner, at most `limit`. */
export async function findRecentForms(db: Database, orgId: number, ownerId: number | null, limit: number) {
  let query = db.selectFrom('form_entities').select(['id', 'owner_id', 'title', 'updated_at']).where(scopedToOrg(orgId));
  if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function insertForm(db: Database, row: { org_id: number; owner_id: number; title: string; description: string; fields: string; created_at: string }): Promise<number> {
  const { id } = await db.insertInto('form_entities').values({ ...row, updated_at: row.created_at }).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** False when the form is gone. */
export async function updateForm(db: Database, orgId: number, id: number, values: { title: string; description: string; fields: string; updated_at: string }): Promise<boolean> {
  const result = await db.updateTable('form_entities').set(values).where(scopedToOrg(orgId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a form with its records; false when it is gone. */
export async function deleteForm(db: Database, orgId: number, id: number): Promise<boolean> {
  await db.deleteFrom('form_records').where(scopedToOrg(orgId)).where('form_id', '=', id).execute();
  const result = await db.deleteFrom('form_entities').where(scopedToOrg(orgId)).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
