import type { Database, DialectName } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { AttendanceAlertState } from '../../db/types-attendance';
import type { AccessFilter } from '../../policy/access';
import { currentMembership } from '../nodes/index';
import { findApprovedParentLikeRelativeIds } from '../people/index';

// The attendance area's SQL (issue 15; docs/decisions/021-attendance.md), always scoped to one school.

export interface CheckpointRow {
  id: number;
  node_id: number;
  type: string;
  direction: string;
}

export interface RecordRow {
  id: number;
  node_id: number;
  person_id: number;
  date: string;
  type: string;
  time: number;
  note: string;
  marked_by: number | null;
  alert_state: AttendanceAlertState | null;
  alert_post_id: number | null;
}

const recordColumns = ['id', 'node_id', 'person_id', 'date', 'type', 'time', 'note', 'marked_by', 'alert_state', 'alert_post_id'] as const;

/** PostgreSQL answers bigint as text: epoch seconds back to numbers. */
const toRecord = <R extends { time: number | string }>(row: R): R & { time: number } => ({ ...row, time: Number(row.time) });

/** The node with its type key, or null when it is none of the school's. */
export async function findNodeWithType(db: Database, orgId: number, nodeId: number): Promise<{ id: number; name: string; parent_id: number | null; type_key: string } | null> {
  const row = await db
    .selectFrom('nodes')
    .innerJoin('node_types', (j) => j.onRef('node_types.org_id', '=', 'nodes.org_id').onRef('node_types.id', '=', 'nodes.type_id'))
    .select(['nodes.id', 'nodes.name', 'nodes.parent_id', 'node_types.key as type_key'])
    .where(scopedToOrg(orgId, 'nodes'))
    .where('nodes.id', '=', nodeId)
    .executeTakeFirst();
  return row ?? null;
}

/** Of `ids`, the nodes of the school. */
export async function findNodeIdsIn(db: Database, orgId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('nodes').select('id').where(scopedToOrg(orgId)).where('id', 'in', [...ids]).execute();
  return rows.map((r) => r.id);
}

/** Every node of the school with its name and type key (the admin's day, reports). */
export async function findNodesWithTypes(db: Database, orgId: number) {
  return await db
    .selectFrom('nodes')
    .innerJoin('node_types', (j) => j.onRef('node_types.org_id', '=', 'nodes.org_id').onRef('node_types.id', '=', 'nodes.type_id'))
    .select(['nodes.id', 'nodes.name', 'nodes.parent_id', 'nodes.position', 'node_types.key as type_key'])
    .where(scopedToOrg(orgId, 'nodes'))
    .orderBy('nodes.position')
    .orderBy('nodes.name')
    .orderBy('nodes.id')
    .execute();
}

export async function findCheckpoints(db: Database, orgId: number, nodeIds: readonly number[]): Promise<CheckpointRow[]> {
  if (nodeIds.length === 0) return [];
  return await db
    .selectFrom('attendance_checkpoints')
    .select(['id', 'node_id', 'type', 'direction'])
    .where(scopedToOrg(orgId))
    .where('node_id', 'in', [...nodeIds])
    .execute();
}

/** Every checkpoint of the school. */
export async function findAllCheckpoints(db: Database, orgId: number): Promise<CheckpointRow[]> {
  return await db.selectFrom('attendance_checkpoints').select(['id', 'node_id', 'type', 'direction']).where(scopedToOrg(orgId)).execute();
}

/** Creates the checkpoints that do not exist yet (parallel callers meet on the unique node key). */
export async function insertMissingCheckpoints(db: Database, orgId: number, rows: readonly { nodeId: number; type: string; direction: string }[]): Promise<void> {
  if (rows.length === 0) return;
  const now = new Date().toISOString();
  await db
    .insertInto('attendance_checkpoints')
    .values(rows.map((r) => ({ org_id: orgId, node_id: r.nodeId, type: r.type, direction: r.direction, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.columns(['org_id', 'node_id']).doNothing())
    .execute();
}

export async function updateCheckpoint(db: Database, orgId: number, nodeId: number, values: { type: string; direction: string }): Promise<void> {
  await db
    .updateTable('attendance_checkpoints')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where(scopedToOrg(orgId))
    .where('node_id', '=', nodeId)
    .execute();
}

export interface StudentRow {
  id: number;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  student_code: string | null;
  avatar: string | null;
}

/** The current students of a node (role student, enrollment not ended), in name order: its roll. */
export async function findNodeStudents(db: Database, orgId: number, nodeId: number): Promise<StudentRow[]> {
  return await db
    .selectFrom('memberships')
    .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'memberships.org_id').onRef('people.id', '=', 'memberships.person_id'))
    .select(['people.id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.student_code', 'people.avatar', 'people.sort_key'])
    .distinct()
    .where(scopedToOrg(orgId, 'memberships'))
    .where('memberships.node_id', '=', nodeId)
    .where('memberships.role', '=', 'student')
    .where(currentMembership())
    .orderBy('people.sort_key')
    .orderBy('people.id')
    .execute();
}

/** One current student of a node (as findNodeStudents lists them), or null when they are not on its roll. */
export async function findNodeStudent(db: Database, orgId: number, nodeId: number, personId: number): Promise<StudentRow | null> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'memberships.org_id').onRef('people.id', '=', 'memberships.person_id'))
    .select(['people.id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.student_code', 'people.avatar'])
    .where(scopedToOrg(orgId, 'memberships'))
    .where('memberships.node_id', '=', nodeId)
    .where('memberships.person_id', '=', personId)
    .where('memberships.role', '=', 'student')
    .where(currentMembership())
    .executeTakeFirst();
  return row ?? null;
}

/** How many current students each node has (nodes without any are left out). */
export async function countNodeStudents(db: Database, orgId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('memberships')
    .select(['memberships.node_id', (eb) => eb.fn.count<number | string>('memberships.person_id').distinct().as('n')])
    .where(scopedToOrg(orgId, 'memberships'))
    .where('memberships.role', '=', 'student')
    .where(currentMembership())
    .groupBy('memberships.node_id')
    .execute();
  return new Map(rows.map((r) => [r.node_id, Number(r.n)]));
}

/** Names of some people: id → first, last, second last name. */
export async function findNames(db: Database, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return await db
    .selectFrom('people')
    .select(['id', 'first_name', 'last_name', 'last_name2', 'language', 'gender'])
    .where(scopedToOrg(orgId))
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** The record of a person at a node on a day, or null. */
export async function findRecord(db: Database, orgId: number, key: { nodeId: number; personId: number; date: string }): Promise<RecordRow | null> {
  const row = await db
    .selectFrom('attendance_records')
    .select(recordColumns)
    .where(scopedToOrg(orgId))
    .where('node_id', '=', key.nodeId)
    .where('person_id', '=', key.personId)
    .where('date', '=', key.date)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** The records of a node on a day. */
export async function findDayRecords(db: Database, orgId: number, nodeId: number, date: string): Promise<RecordRow[]> {
  const rows = await db.selectFrom('attendance_records').select(recordColumns).where(scopedToOrg(orgId)).where('node_id', '=', nodeId).where('date', '=', date).execute();
  return rows.map(toRecord);
}

/** Every record of the school on a day (the admin's day). */
export async function findRecordsOn(db: Database, orgId: number, date: string): Promise<RecordRow[]> {
  const rows = await db.selectFrom('attendance_records').select(recordColumns).where(scopedToOrg(orgId)).where('date', '=', date).execute();
  return rows.map(toRecord);
}

/** How many changes each record had (its history), for the roll's `changes`. */
export async function countChanges(db: Database, orgId: number, recordIds: readonly number[]): Promise<Map<number, number>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('attendance_changes')
    .select(['record_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(scopedToOrg(orgId))
    .where('record_id', 'in', [...recordIds])
    .groupBy('record_id')
    .execute();
  return new Map(rows.map((r) => [r.record_id, Number(r.n)]));
}

/** The id of a record's latest change (the mark it holds now), or null with none. */
export async function findLatestChangeId(db: Database, orgId: number, recordId: number): Promise<number | null> {
  const row = await db
    .selectFrom('attendance_changes')
    .select((eb) => eb.fn.max('id').as('id'))
    .where(scopedToOrg(orgId))
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return row?.id == null ? null : Number(row.id);
}

export interface NewRecord {
  nodeId: number;
  personId: number;
  date: string;
  type: string;
  time: number;
  note: string;
  markedBy: number;
  alertState: AttendanceAlertState | null;
}

/** The first mark of a person at a node on a day; null when a record exists already (a parallel mark won). */
export async function insertRecord(trx: Database, orgId: number, r: NewRecord): Promise<number | null> {
  const row = await trx
    .insertInto('attendance_records')
    .values({
      org_id: orgId,
      node_id: r.nodeId,
      person_id: r.personId,
      date: r.date,
      type: r.type,
      time: r.time,
      note: r.note,
      marked_by: r.markedBy,
      alert_state: r.alertState,
      alert_post_id: null,
      updated_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['org_id', 'node_id', 'person_id', 'date']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The record of a person at a node on a day, locked until the transaction ends (PostgreSQL; SQLite writes one at a time). */
export async function findRecordForUpdate(trx: Database, dialect: DialectName, orgId: number, key: { nodeId: number; personId: number; date: string }): Promise<RecordRow | null> {
  const query = trx
    .selectFrom('attendance_records')
    .select(recordColumns)
    .where(scopedToOrg(orgId))
    .where('node_id', '=', key.nodeId)
    .where('person_id', '=', key.personId)
    .where('date', '=', key.date);
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** One record by id, locked like findRecordForUpdate (the alert job). */
export async function findRecordByIdForUpdate(trx: Database, dialect: DialectName, orgId: number, id: number): Promise<RecordRow | null> {
  const query = trx.selectFrom('attendance_records').select(recordColumns).where(scopedToOrg(orgId)).where('id', '=', id);
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return row ? toRecord(row) : null;
}

export async function updateRecord(
  trx: Database,
  orgId: number,
  id: number,
  values: Partial<{ type: string; time: number; note: string; marked_by: number; alert_state: AttendanceAlertState | null; alert_post_id: number | null }>,
): Promise<void> {
  await trx
    .updateTable('attendance_records')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .execute();
}

export async function insertChange(
  trx: Database,
  orgId: number,
  c: { recordId: number; type: string; previousType: string | null; note: string; time: number; markedBy: number },
): Promise<number> {
  const row = await trx
    .insertInto('attendance_changes')
    .values({
      org_id: orgId,
      record_id: c.recordId,
      type: c.type,
      previous_type: c.previousType,
      note: c.note,
      time: c.time,
      marked_by: c.markedBy,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Counts per person, node and type between two days (inclusive), in the nodes `reach` lets through
 * (attendance.access.ts), within `nodeIds` (a subtree asked for) or, null, the whole school.
 */
export async function countMarks(db: Database, orgId: number, nodeIds: readonly number[] | null, reach: AccessFilter, from: string, to: string) {
  if (nodeIds?.length === 0) return [];
  let query = db
    .selectFrom('attendance_records')
    .select(['person_id', 'node_id', 'type', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(scopedToOrg(orgId))
    .where(reach('attendance_records.node_id'));
  if (nodeIds) query = query.where('node_id', 'in', [...nodeIds]);
  const rows = await query
    .where('date', '>=', from)
    .where('date', '<=', to)
    .groupBy(['person_id', 'node_id', 'type'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/**
 * Who an absence alert of `studentId` goes to: their parent-like relatives (father, mother, guardian…),
 * as a post's "include relatives" picks them — never someone whose registration is not approved.
 */
export async function findAlertRecipients(db: Database, orgId: number, studentId: number): Promise<number[]> {
  return (await findApprovedParentLikeRelativeIds(db, orgId, [studentId])).sort((a, b) => a - b);
}

/** The days between `from` and `to` (inclusive) on which some mark of the node's roll was made. */
export async function findRollDays(db: Database, orgId: number, nodeId: number, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('attendance_records')
    .select('date')
    .distinct()
    .where(scopedToOrg(orgId))
    .where('node_id', '=', nodeId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  return new Set(rows.map((r) => r.date));
}
