import type { Database, DialectName } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { ActivityRequestTable } from '../../db/types-activities';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';
import { parentLikeKinds } from '../people/index';

// SQL of the activities area (issue 37 §1; docs/decisions/033-activities.md). An activity is addressed
// by its node's id; `activities.id` only links its requests.

export type RequestStatus = ActivityRequestTable['status'];
/** Requests that hold a student's claim on the activity: one per student at most (partial unique index). */
export const LIVE_STATUSES: readonly RequestStatus[] = ['pending', 'waiting', 'offered', 'accepted'];

/** The node type every activity node has, made per school on first use. */
export const ACTIVITY_TYPE_KEY = 'activity';
const ACTIVITY_TYPE_NAMES = {
  singular: { es: 'Actividad extracurricular', en: 'Extracurricular activity', de: 'Außerschulische Aktivität', fr: 'Activité périscolaire', it: 'Attività extrascolastica', pt: 'Atividade extracurricular' },
  plural: { es: 'Actividades extracurriculares', en: 'Extracurricular activities', de: 'Außerschulische Aktivitäten', fr: 'Activités périscolaires', it: 'Attività extrascolastiche', pt: 'Atividades extracurriculares' },
};

/** The school's `activity` node type (made once, however many ask at the same time). */
export async function ensureActivityType(db: Database, orgId: number): Promise<number> {
  await db
    .insertInto('node_types')
    .values({ org_id: orgId, key: ACTIVITY_TYPE_KEY, singular: JSON.stringify(ACTIVITY_TYPE_NAMES.singular), plural: JSON.stringify(ACTIVITY_TYPE_NAMES.plural) })
    .onConflict((oc) => oc.columns(['org_id', 'key']).doNothing())
    .execute();
  const row = await db.selectFrom('node_types').select('id').where(scopedToOrg(orgId)).where('key', '=', ACTIVITY_TYPE_KEY).executeTakeFirstOrThrow();
  return row.id;
}

/** The nodes of a school with their type keys (the tree is hundreds of rows at most). */
export async function findTypedNodes(db: Database, orgId: number) {
  return await db
    .selectFrom('nodes')
    .innerJoin('node_types', (j) => j.onRef('node_types.org_id', '=', 'nodes.org_id').onRef('node_types.id', '=', 'nodes.type_id'))
    .select(['nodes.id', 'nodes.parent_id', 'nodes.name', 'nodes.position', 'node_types.key as type_key'])
    .where(scopedToOrg(orgId, 'nodes'))
    .orderBy('nodes.position')
    .orderBy('nodes.id')
    .execute();
}

/** Ids of the given people that are people of the school. */
export async function findPeopleIds(db: Database, orgId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('people').select('id').where(scopedToOrg(orgId)).where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export interface PersonNameRow {
  id: number;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  email: string | null;
}

/** Names (and email) of some people of the school, by id. */
export async function findPeopleNames(db: Database, orgId: number, ids: number[]): Promise<Map<number, PersonNameRow>> {
  const out = new Map<number, PersonNameRow>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('people')
      .select(['id', 'first_name', 'last_name', 'last_name2', 'email'])
      .where(scopedToOrg(orgId))
      .where('id', 'in', unique.slice(i, i + 500))
      .execute();
    for (const row of rows) out.set(row.id, row);
  }
  return out;
}

/** Student memberships of some people (any enrollment status: the caller decides what is current). */
export async function findStudentMemberships(db: Database, orgId: number, personIds: number[]) {
  if (personIds.length === 0) return [];
  return await db
    .selectFrom('memberships')
    .select(['person_id', 'node_id', 'role', 'enrollment_status'])
    .where(scopedToOrg(orgId))
    .where('person_id', 'in', [...new Set(personIds)])
    .where('role', '=', 'student')
    .execute();
}

/** Parent-like relatives of some students, unapproved registrants left out: [student, relative] pairs. */
export async function findParentLikeRelations(db: Database, orgId: number, studentIds: number[]) {
  if (studentIds.length === 0) return [];
  return await db
    .selectFrom('relationships')
    .select(['person_id', 'relative_id'])
    .where(scopedToOrg(orgId))
    .where('person_id', 'in', [...new Set(studentIds)])
    .where('kind', 'in', [...parentLikeKinds])
    .where(notAnUnapprovedRegistrant(orgId, 'relationships.relative_id'))
    .orderBy('relative_id')
    .execute();
}

export interface ActivityRow {
  /** The row's own id: what requests point at. */
  id: number;
  node_id: number;
  name: string;
  description: string;
  term_from: string;
  term_to: string;
  schedule: string;
  place: string;
  places: number;
  eligible: string;
  price: number | string;
  periods: string;
  leader_id: number;
  route_id: number | null;
}

const activityColumns = [
  'activities.id',
  'activities.node_id',
  'nodes.name',
  'activities.description',
  'activities.term_from',
  'activities.term_to',
  'activities.schedule',
  'activities.place',
  'activities.places',
  'activities.eligible',
  'activities.price',
  'activities.periods',
  'activities.leader_id',
  'activities.route_id',
] as const;

const activityRows = (db: Database, orgId: number) =>
  db
    .selectFrom('activities')
    .innerJoin('nodes', (j) => j.onRef('nodes.org_id', '=', 'activities.org_id').onRef('nodes.id', '=', 'activities.node_id'))
    .select(activityColumns)
    .where(scopedToOrg(orgId, 'activities'));

/** The activity whose node is `nodeId`, or undefined. */
export async function findActivity(db: Database, orgId: number, nodeId: number): Promise<ActivityRow | undefined> {
  return await activityRows(db, orgId).where('activities.node_id', '=', nodeId).executeTakeFirst();
}

/** The activity row of `nodeId`, locked until the transaction ends on PostgreSQL (SQLite runs one transaction at a time). */
export async function lockActivity(trx: Database, dialect: DialectName, orgId: number, nodeId: number): Promise<ActivityRow | undefined> {
  const query = activityRows(trx, orgId).where('activities.node_id', '=', nodeId);
  return await (dialect === 'postgres' ? query.forUpdate('activities') : query).executeTakeFirst();
}

/** Activities whose term contains `day`, in name order. */
export async function findActivitiesOn(db: Database, orgId: number, day: string): Promise<ActivityRow[]> {
  return await activityRows(db, orgId)
    .where('activities.term_from', '<=', day)
    .where('activities.term_to', '>=', day)
    .orderBy('nodes.name')
    .orderBy('activities.node_id')
    .execute();
}

/** Activities (of any term) by row id. */
export async function findActivitiesByIds(db: Database, orgId: number, ids: number[]): Promise<ActivityRow[]> {
  if (ids.length === 0) return [];
  return await activityRows(db, orgId).where('activities.id', 'in', [...new Set(ids)]).execute();
}

export interface ActivityValues {
  description: string;
  term_from: string;
  term_to: string;
  schedule: string;
  place: string;
  places: number;
  eligible: string;
  price: number;
  periods: string;
  leader_id: number;
  route_id: number | null;
}

export async function insertNodeRow(db: Database, orgId: number, node: { parentId: number | null; typeId: number; name: string; now: string }): Promise<number> {
  const row = await db
    .insertInto('nodes')
    .values({ org_id: orgId, parent_id: node.parentId, type_id: node.typeId, name: node.name, position: 0, created_at: node.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertActivity(db: Database, orgId: number, nodeId: number, values: ActivityValues, now: string): Promise<void> {
  await db
    .insertInto('activities')
    .values({ org_id: orgId, node_id: nodeId, ...values, created_at: now, updated_at: now })
    .execute();
}

export async function updateActivity(db: Database, orgId: number, nodeId: number, name: string, values: ActivityValues, now: string): Promise<void> {
  await db.updateTable('nodes').set({ name }).where(scopedToOrg(orgId)).where('id', '=', nodeId).execute();
  await db.updateTable('activities').set({ ...values, updated_at: now }).where(scopedToOrg(orgId)).where('node_id', '=', nodeId).execute();
}

/** Deletes the activity's node: its details, requests, memberships, roll and calendar go with it (foreign keys). */
export async function deleteActivityNode(db: Database, orgId: number, nodeId: number): Promise<void> {
  await db.deleteFrom('nodes').where(scopedToOrg(orgId)).where('id', '=', nodeId).execute();
}

export interface RequestCounts {
  accepted: number;
  pending: number;
  /** Offered places hold their place like pending ones until confirmed, declined or lapsed. */
  offered: number;
  waiting: number;
}

/** Live requests per activity row id, by status. */
export async function countRequests(db: Database, orgId: number, activityIds: number[]): Promise<Map<number, RequestCounts>> {
  const out = new Map<number, RequestCounts>(activityIds.map((id) => [id, { accepted: 0, pending: 0, offered: 0, waiting: 0 }]));
  if (activityIds.length === 0) return out;
  const rows = await db
    .selectFrom('activity_requests')
    .select(['activity_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(scopedToOrg(orgId))
    .where('activity_id', 'in', activityIds)
    .where('status', 'in', [...LIVE_STATUSES])
    .groupBy(['activity_id', 'status'])
    .execute();
  for (const row of rows) {
    const counts = out.get(row.activity_id);
    if (counts) counts[row.status as keyof RequestCounts] = Number(row.n);
  }
  return out;
}

export interface RequestRow {
  id: number;
  activity_id: number;
  student_id: number;
  requested_by: number | null;
  status: RequestStatus;
  position: number | null;
  /** Epoch ms while offered (a string on PostgreSQL). */
  offer_expires_at: number | string | null;
  created_at: string;
}

const requestColumns = ['id', 'activity_id', 'student_id', 'requested_by', 'status', 'position', 'offer_expires_at', 'created_at'] as const;

export async function findRequest(db: Database, orgId: number, requestId: number): Promise<RequestRow | undefined> {
  return await db.selectFrom('activity_requests').select(requestColumns).where(scopedToOrg(orgId)).where('id', '=', requestId).executeTakeFirst();
}

/** Every request of an activity, oldest first (the service orders them for the list). */
export async function findRequestsOf(db: Database, orgId: number, activityId: number): Promise<RequestRow[]> {
  return await db.selectFrom('activity_requests').select(requestColumns).where(scopedToOrg(orgId)).where('activity_id', '=', activityId).orderBy('id').execute();
}

/** Requests of some students (in some activities), newest first. */
export async function findRequestsOfStudents(db: Database, orgId: number, studentIds: number[], activityIds?: number[]): Promise<RequestRow[]> {
  if (studentIds.length === 0 || activityIds?.length === 0) return [];
  let query = db.selectFrom('activity_requests').select(requestColumns).where(scopedToOrg(orgId)).where('student_id', 'in', [...new Set(studentIds)]);
  if (activityIds) query = query.where('activity_id', 'in', activityIds);
  return await query.orderBy('id', 'desc').execute();
}

/** The student's live request for the activity, if any. */
export async function findLiveRequest(db: Database, orgId: number, activityId: number, studentId: number): Promise<RequestRow | undefined> {
  return await db
    .selectFrom('activity_requests')
    .select(requestColumns)
    .where(scopedToOrg(orgId))
    .where('activity_id', '=', activityId)
    .where('student_id', '=', studentId)
    .where('status', 'in', [...LIVE_STATUSES])
    .executeTakeFirst();
}

export async function insertRequest(
  db: Database,
  orgId: number,
  request: { activityId: number; studentId: number; requestedBy: number; status: 'pending' | 'waiting'; position: number | null; now: string },
): Promise<number> {
  const row = await db
    .insertInto('activity_requests')
    .values({
      org_id: orgId,
      activity_id: request.activityId,
      student_id: request.studentId,
      requested_by: request.requestedBy,
      status: request.status,
      position: request.position,
      decided_by: null,
      decided_at: null,
      created_at: request.now,
      updated_at: request.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves a request to `status`; `decidedBy` is recorded for a decision (accept, reject); `offerExpiresAt` only with `offered`. */
export async function setRequestStatus(
  db: Database,
  orgId: number,
  requestId: number,
  change: { status: RequestStatus; position: number | null; decidedBy?: number; offerExpiresAt?: number; now: string },
): Promise<void> {
  await db
    .updateTable('activity_requests')
    .set({
      status: change.status,
      position: change.position,
      offer_expires_at: change.status === 'offered' ? (change.offerExpiresAt ?? null) : null,
      updated_at: change.now,
      ...(change.decidedBy !== undefined ? { decided_by: change.decidedBy, decided_at: change.now } : {}),
    })
    .where(scopedToOrg(orgId))
    .where('id', '=', requestId)
    .execute();
}

/** The last waiting position of an activity (0 when nobody waits). */
export async function lastWaitingPosition(db: Database, orgId: number, activityId: number): Promise<number> {
  const row = await db
    .selectFrom('activity_requests')
    .select((eb) => eb.fn.max('position').as('last'))
    .where(scopedToOrg(orgId))
    .where('activity_id', '=', activityId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** Closes the gap a waiting request left at `position`: everyone behind it moves up one. */
export async function moveUpBehind(db: Database, orgId: number, activityId: number, position: number, now: string): Promise<void> {
  await db
    .updateTable('activity_requests')
    .set((eb) => ({ position: eb('position', '-', 1), updated_at: now }))
    .where(scopedToOrg(orgId))
    .where('activity_id', '=', activityId)
    .where('status', '=', 'waiting')
    .where('position', '>', position)
    .execute();
}

/** The first of an activity's waiting list, or undefined. */
export async function findFirstWaiting(db: Database, orgId: number, activityId: number): Promise<RequestRow | undefined> {
  return await db
    .selectFrom('activity_requests')
    .select(requestColumns)
    .where(scopedToOrg(orgId))
    .where('activity_id', '=', activityId)
    .where('status', '=', 'waiting')
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
}

/** The activity row (with its node id) that request rows point at, or undefined. */
export async function findActivityByRowId(db: Database, orgId: number, activityId: number): Promise<ActivityRow | undefined> {
  return await activityRows(db, orgId).where('activities.id', '=', activityId).executeTakeFirst();
}

/** The periods a request already has a debit for. */
export async function findBilledPeriods(db: Database, orgId: number, requestId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('activity_debits').select('period').where(scopedToOrg(orgId)).where('request_id', '=', requestId).execute();
  return new Set(rows.map((r) => r.period));
}

export async function insertDebitLink(db: Database, orgId: number, link: { requestId: number; debitId: number; period: string; now: string }): Promise<void> {
  await db
    .insertInto('activity_debits')
    .values({ org_id: orgId, request_id: link.requestId, debit_id: link.debitId, period: link.period, created_at: link.now })
    .execute();
}

/** The debits of some requests (of one student and activity) that fall due on or after `day`. */
export async function findDebitsDueFrom(db: Database, orgId: number, requestIds: number[], day: string): Promise<number[]> {
  if (requestIds.length === 0) return [];
  const rows = await db
    .selectFrom('activity_debits')
    .innerJoin('billing_debits', (j) => j.onRef('billing_debits.org_id', '=', 'activity_debits.org_id').onRef('billing_debits.id', '=', 'activity_debits.debit_id'))
    .select('activity_debits.debit_id')
    .where(scopedToOrg(orgId, 'activity_debits'))
    .where('activity_debits.request_id', 'in', requestIds)
    .where('billing_debits.expiration_date', '>=', day)
    .execute();
  return rows.map((r) => r.debit_id);
}
