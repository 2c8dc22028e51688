import { compiledQuery } from '../../db/compiled-query';
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

// Both run on every answer or look at a form's record, so they are compiled once (db/compiled-query.ts).
const recordRow = compiledQuery((db, p: { orgId: number; formId: number; personId: number }) =>
  db.selectFrom('form_records').select(recordColumns).where(scopedToOrg(p.orgId)).where('form_id', '=', p.formId).where('person_id', '=', p.personId),
);

// The school is the variant, not a parameter: its id stays a value in the compiled insert, so the
// write watch (db/write-watch.ts) still learns which school was written to. A school compiles it once.
const insertedRecord = compiledQuery((db, p: { formId: number; personId: number; answeredBy: number; values: string; createdAt: string }, orgId: number) =>
  db
    .insertInto('form_records')
    .values({ org_id: orgId, form_id: p.formId, person_id: p.personId, answered_by: p.answeredBy, values: p.values, created_at: p.createdAt })
    .onConflict((oc) => oc.columns(['org_id', 'form_id', 'person_id']).doNothing())
    .returning('id'),
);

/** A person's record of a form, or null. */
export async function findRecordOf(db: Database, orgId: number, formId: number, personId: number): Promise<RecordRow | null> {
  return (await recordRow.takeFirst(db, { orgId, formId, personId })) ?? null;
}

/** Stores a record in one statement; null when the person has one already (the unique key decides, not a read before the write). */
export async function insertRecord(db: Database, row: Omit<RecordRow, 'id'> & { org_id: number }): Promise<number | null> {
  const inserted = await insertedRecord.takeFirst(
    db,
    { formId: row.form_id, personId: row.person_id, answeredBy: row.answered_by, values: row.values, createdAt: row.created_at },
    row.org_id,
  );
  return inserted?.id ?? null;
}
