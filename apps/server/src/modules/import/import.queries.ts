import { documentKeyOf } from '@patio/core';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB, PersonTable } from '../../db/types';
import type { ImportTable } from '../../db/types-import-registration';
import { searchKeyOf, sortKeyOf, touchesSearchKey, touchesSortKey } from '../people/index';
import { thisProcess } from './import.lease';
import type { StoredRow } from './import.validate';

// SQL of the import area. Large sets go in chunks so neither SQLite's nor PostgreSQL's bound
// parameter limits are reached, and a 1,000-row commit stays a handful of statements per table.

const CHUNK = 400;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type ImportRow = Omit<ImportTable, 'id'> & { id: number };

/** A node of the school with its type key (class-like checks read the key). */
export async function findNodeWithType(db: Database, orgId: number, nodeId: number) {
  return await db
    .selectFrom('nodes')
    .innerJoin('node_types', (j) => j.onRef('node_types.org_id', '=', 'nodes.org_id').onRef('node_types.id', '=', 'nodes.type_id'))
    .select(['nodes.id', 'nodes.name', 'node_types.key as typeKey'])
    .where(scopedToOrg(orgId, 'nodes'))
    .where('nodes.id', '=', nodeId)
    .executeTakeFirst();
}

/** A new draft: the layout and problems as stored JSON (import.stored.ts), and every row of every sheet. */
export async function insertImport(
  db: Database,
  orgId: number,
  values: { nodeId: number; createdBy: number; fileName: string; layout: string; mapping: object; problems: string; rowCount: number; rows: StoredRow[] },
): Promise<number> {
  return await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('imports')
      .values({
        org_id: orgId,
        node_id: values.nodeId,
        created_by: values.createdBy,
        file_name: values.fileName,
        status: 'draft',
        columns: values.layout,
        mapping: JSON.stringify(values.mapping),
        errors: values.problems,
        row_count: values.rowCount,
        processed: 0,
        result: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const part of chunks(values.rows)) {
      await trx
        .insertInto('import_rows')
        .values(part.map((r) => ({ org_id: orgId, import_id: id, row_number: r.rowNumber, cells: JSON.stringify(r.cells) })))
        .execute();
    }
    return id;
  });
}

export async function findImport(db: Database, orgId: number, nodeId: number, id: number): Promise<ImportRow | null> {
  const row = await db
    .selectFrom('imports')
    .selectAll()
    .where(scopedToOrg(orgId))
    .where('node_id', '=', nodeId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** Stored rows in file order whose row_number lies in [from, to) (import.stored.ts numbers them); `limit` for the preview. */
export async function findImportRows(
  db: Database,
  orgId: number,
  importId: number,
  range: { from: number; to: number },
  limit?: number,
): Promise<StoredRow[]> {
  let query = db
    .selectFrom('import_rows')
    .select(['row_number', 'cells'])
    .where(scopedToOrg(orgId))
    .where('import_id', '=', importId)
    .where('row_number', '>=', range.from)
    .where('row_number', '<', range.to)
    .orderBy('row_number');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((r) => ({ rowNumber: r.row_number, cells: JSON.parse(r.cells) as string[] }));
}

/** A draft's new layout, mapping and problems (and its row count when the sheet or header changed). */
export async function updateImportDraft(
  db: Database,
  orgId: number,
  id: number,
  values: { layout: string; mapping: object; problems: string; rowCount: number },
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ columns: values.layout, mapping: JSON.stringify(values.mapping), errors: values.problems, row_count: values.rowCount, updated_at: nowIso() })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setImportProgress(db: Database, orgId: number, id: number, processed: number): Promise<void> {
  await db.updateTable('imports').set({ processed, updated_at: nowIso() }).where(scopedToOrg(orgId)).where('id', '=', id).execute();
}

/**
 * committing → done, only while this process still holds the lease (false: it lost it, roll back).
 * The problems found at commit time are kept, so the rows it left out can be downloaded.
 */
export async function finishImport(db: Database, orgId: number, id: number, values: { processed: number; result: object; problems: string }): Promise<boolean> {
  const done = await db
    .updateTable('imports')
    .set({
      status: 'done',
      processed: values.processed,
      result: JSON.stringify(values.result),
      errors: values.problems,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: nowIso(),
    })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('status', '=', 'committing')
    .where('lease_owner', '=', thisProcess)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export type ImportedPersonRow = Pick<
  PersonTable,
  'first_name' | 'last_name' | 'last_name2' | 'document' | 'gender' | 'birthday' | 'email' | 'mobile' | 'student_code'
> & { id: number };

/**
 * document key → stored person, for the keys of an import. People whose self-registration is pending
 * or rejected do not count (issue 6 item 1): an import never matches or attaches to them.
 */
export async function findPeopleByDocumentKeys(db: Database, orgId: number, keys: string[]): Promise<Map<string, ImportedPersonRow>> {
  const found = new Map<string, ImportedPersonRow>();
  for (const part of chunks([...new Set(keys)])) {
    const rows = await db
      .selectFrom('people')
      .select(['id', 'document_key', 'first_name', 'last_name', 'last_name2', 'document', 'gender', 'birthday', 'email', 'mobile', 'student_code'])
      .where(scopedToOrg(orgId))
      .where('document_key', 'in', part)
      .where((eb) => eb.not(eb.exists(unsettledRegistrationOf(eb))))
      .execute();
    for (const { document_key, ...row } of rows) found.set(document_key!, row);
  }
  return found;
}

/** The document keys among `keys` held by people whose registration is pending or rejected. */
export async function findUnsettledDocumentKeys(db: Database, orgId: number, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks([...new Set(keys)])) {
    const rows = await db
      .selectFrom('people')
      .select('document_key')
      .where(scopedToOrg(orgId))
      .where('document_key', 'in', part)
      .where((eb) => eb.exists(unsettledRegistrationOf(eb)))
      .execute();
    for (const row of rows) found.add(row.document_key!);
  }
  return found;
}

function unsettledRegistrationOf(eb: ExpressionBuilder<DB, 'people'>) {
  return eb
    .selectFrom('registrations')
    .select('registrations.id')
    .whereRef('registrations.org_id', '=', 'people.org_id')
    .whereRef('registrations.person_id', '=', 'people.id')
    .where('registrations.status', 'in', ['pending', 'rejected']);
}

export type NewImportedPerson = Omit<ImportedPersonRow, 'id'>;

/** Inserts people in chunks; answers document key → new id. */
export async function insertPeople(db: Database, orgId: number, people: NewImportedPerson[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const now = nowIso();
  for (const part of chunks(people, 200)) {
    const rows = await db
      .insertInto('people')
      .values(
        part.map((p) => ({
          ...p,
          document_key: documentKeyOf(p.document),
          search_key: searchKeyOf(p),
          sort_key: sortKeyOf(p),
          org_id: orgId,
          username: null,
          password_hash: null,
          avatar: null,
          language: null,
          is_admin: 0,
          created_at: now,
        })),
      )
      .returning(['id', 'document_key'])
      .execute();
    for (const row of rows) ids.set(row.document_key!, row.id);
  }
  return ids;
}

/** Writes the changed columns of a stored person (and their search_key, sort_key and document_key, from the stored row and the changes). */
export async function updateImportedPerson(db: Database, orgId: number, stored: ImportedPersonRow, values: Partial<NewImportedPerson>): Promise<void> {
  const searchKey = touchesSearchKey(values) ? { search_key: searchKeyOf({ ...stored, ...values }) } : {};
  const sortKey = touchesSortKey(values) ? { sort_key: sortKeyOf({ ...stored, ...values }) } : {};
  const documentKey = values.document !== undefined ? { document_key: documentKeyOf(values.document) } : {};
  await db.updateTable('people').set({ ...values, ...searchKey, ...sortKey, ...documentKey }).where(scopedToOrg(orgId)).where('id', '=', stored.id).execute();
}

/** "person:relative" keys of the relationships already stored for these people. */
export async function findRelationshipKeys(db: Database, orgId: number, personIds: number[]): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const part of chunks(personIds)) {
    const rows = await db
      .selectFrom('relationships')
      .select(['person_id', 'relative_id'])
      .where(scopedToOrg(orgId))
      .where('person_id', 'in', part)
      .execute();
    for (const r of rows) keys.add(`${r.person_id}:${r.relative_id}`);
  }
  return keys;
}

/** Both directions of each pair; an existing pair gets the new kind (same rule as upsertRelationshipPair). */
export async function upsertRelationshipPairs(
  db: Database,
  orgId: number,
  pairs: { personId: number; relativeId: number; kind: string; inverseKind: string }[],
): Promise<void> {
  const now = nowIso();
  const rows = pairs.flatMap((p) => [
    { org_id: orgId, person_id: p.personId, relative_id: p.relativeId, kind: p.kind, created_at: now },
    { org_id: orgId, person_id: p.relativeId, relative_id: p.personId, kind: p.inverseKind, created_at: now },
  ]);
  for (const part of chunks(rows, 300)) {
    await db
      .insertInto('relationships')
      .values(part)
      .onConflict((oc) => oc.columns(['org_id', 'person_id', 'relative_id']).doUpdateSet((eb) => ({ kind: eb.ref('excluded.kind') })))
      .execute();
  }
}

/** Ids among `personIds` that already are students of the node. */
export async function findStudentMembers(db: Database, orgId: number, nodeId: number, personIds: number[]): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const part of chunks(personIds)) {
    const rows = await db
      .selectFrom('memberships')
      .select('person_id')
      .where(scopedToOrg(orgId))
      .where('node_id', '=', nodeId)
      .where('role', '=', 'student')
      .where('person_id', 'in', part)
      .execute();
    for (const r of rows) ids.add(r.person_id);
  }
  return ids;
}

export async function insertStudentMemberships(
  db: Database,
  orgId: number,
  values: { nodeId: number; personIds: number[]; enrollmentStatus: string; schoolYear: string },
): Promise<void> {
  const now = nowIso();
  for (const part of chunks(values.personIds, 300)) {
    await db
      .insertInto('memberships')
      .values(
        part.map((personId) => ({
          org_id: orgId,
          node_id: values.nodeId,
          person_id: personId,
          role: 'student',
          enrollment_status: values.enrollmentStatus,
          outcome: null,
          school_year: values.schoolYear,
          created_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['org_id', 'node_id', 'person_id', 'role']).doNothing())
      .execute();
  }
}

/**
 * PostgreSQL only, after a committed import: fresh planner statistics for the tables it filled. Until
 * autovacuum's own analyze comes round (up to a minute later), the planner believes them nearly empty
 * and picks nested loops that made an audience over ~5,000 people take over a second instead of ms.
 * ANALYZE samples at most 30,000 rows per table, so it costs milliseconds here.
 */
export async function refreshPlannerStatistics(db: Database): Promise<void> {
  await sql`analyze people, memberships, relationships`.execute(db);
}
