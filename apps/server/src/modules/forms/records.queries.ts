import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// Form records (form_records, migration 013): one per person and form, the answers as JSON keyed by
// field name. The unique key (org_id, form_id, person_id) is what keeps a second answer out.

export interface RecordRow {
  id: number;
  form_id: number;
  person_id: number;
  answered_by: number;
  values: string;
  created_at: string;
}

const recordColumns = ['id', 'form_id', 'person_id', 'answered_by', 'values', 'created_at'] as const;

/** A person's record of a form, or null. */
export async function findRecordOf(db: Database, orgId: number, formId: number, personId: number): Promise<RecordRow | null> {
  return (
    (await db.selectFrom('form_records').select(recordColumns).where(scopedToOrg(orgId)).where('form_id', '=', formId).where('person_id', '=', personId).executeTakeFirst()) ??
    null
  );
}

/** Stores a record in one statement; null when the person has one already (the unique key decides, not a read before the write). */
export async function insertRecord(db: Database, row: Omit<RecordRow, 'id'> & { org_id: number }): Promise<number | null> {
  const inserted = await db
    .insertInto('form_records')
    .values(row)
    .onConflict((oc) => oc.columns(['org_id', 'form_id', 'person_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}
