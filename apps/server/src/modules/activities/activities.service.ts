import { type Activity, type ActivitySlot, formatFullName, type ZActivityInput } from '@patio/core';
import { localDateOf } from '@patio/core/calendar/times';
import type { z } from 'zod';
import type { RequestContext } from '../../http/context';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { currencyOf } from '../billing/index';
import { deleteMemberships, insertMembership, isRouteType } from '../nodes/index';
import { sanitizePostHtml } from '../posts/index';
import { timeZoneOf } from '../settings/index';
import {
  ACTIVITY_TYPE_KEY,
  type ActivityRow,
  type ActivityValues,
  countRequests,
  deleteActivityNode,
  ensureActivityType,
  findActivitiesOn,
  findActivity,
  findPeopleIds,
  findPeopleNames,
  findRequestsOfStudents,
  findStudentMemberships,
  findTypedNodes,
  insertActivity,
  insertNodeRow,
  LIVE_STATUSES,
  lockActivity,
  type RequestCounts,
  type RequestRow,
  updateActivity,
} from './activities.queries';
import { offerFreedPlaces } from './activities.offers';
import { badSlotIndex, eligibleStudents, placesLeft } from './activities.rules';

// The catalogue and the activities themselves (issue 37 §1; docs/decisions/033-activities.md). An
// activity is a node of type `activity` under the school's first root (so posts, attendance and the
// audience rules work on it as on any group) with its details in `activities`; its leader is a teacher
// of that node, so they take its roll and write to its families like any teacher of a group.

/** A validated body of POST activities or PUT activities/{id} (defaults filled in). */
export type Input = z.output<typeof ZActivityInput>;
type TypedNode = Awaited<ReturnType<typeof findTypedNodes>>[number];

export const noActivity = () => notFound('There is no such activity in this school');

/** Today in the school's zone. */
export function todayOf(ctx: RequestContext): string {
  return localDateOf(Math.floor(Date.now() / 1000), timeZoneOf(ctx.org.settings));
}

/** When an offered request's offer lapses (epoch ms); null for any other status. */
export function offerExpiryOf(row: Pick<RequestRow, 'status' | 'offer_expires_at'>): number | null {
  return row.status === 'offered' && row.offer_expires_at !== null ? Number(row.offer_expires_at) : null;
}

export function scheduleOf(row: Pick<ActivityRow, 'schedule'>): ActivitySlot[] {
  return JSON.parse(row.schedule) as ActivitySlot[];
}

export function eligibleIdsOf(row: Pick<ActivityRow, 'eligible'>): number[] {
  return JSON.parse(row.eligible) as number[];
}

/** The activity `nodeId` of the school, or 404. */
export async function requireActivity(ctx: RequestContext, nodeId: number): Promise<ActivityRow> {
  const row = await findActivity(ctx.db, ctx.org.id, nodeId);
  if (!row) throw noActivity();
  return row;
}

/**
 * What an activity stores, after the rules the schema cannot check: 400 `bad_term`, `bad_schedule`,
 * `unknown_node`, `unknown_leader`, `unknown_route`. Nothing is written before this passes.
 */
async function valuesOf(ctx: RequestContext, input: Input, tree: readonly TypedNode[]): Promise<ActivityValues> {
  if (input.termTo < input.termFrom) throw badRequest('bad_term', 'The term must end on or after the day it starts');
  const bad = badSlotIndex(input.schedule);
  if (bad >= 0) throw badRequest('bad_schedule', `Slot ${bad + 1} of the schedule must end after it starts`);
  const byId = new Map(tree.map((n) => [n.id, n]));
  const eligible = [...new Set(input.eligibleNodeIds)];
  const unknown = eligible.find((id) => !byId.has(id) || byId.get(id)!.type_key === ACTIVITY_TYPE_KEY);
  if (unknown !== undefined) throw badRequest('unknown_node', `There is no grade or group ${unknown} in this school`);
  if (!(await findPeopleIds(ctx.db, ctx.org.id, [input.leaderId])).has(input.leaderId)) {
    throw badRequest('unknown_leader', `There is no person ${input.leaderId} in this school`);
  }
  if (input.routeId !== null && !isRouteType(byId.get(input.routeId)?.type_key ?? '')) {
    throw badRequest('unknown_route', `There is no bus route ${input.routeId} in this school`);
  }
  return {
    description: sanitizePostHtml(input.description),
    term_from: input.termFrom,
    term_to: input.termTo,
    schedule: JSON.stringify(input.schedule.map(({ day, start, end }) => ({ day, start, end }))),
    place: input.place,
    places: input.places,
    eligible: JSON.stringify(eligible),
    price: input.price,
    periods: JSON.stringify(input.periods.map(({ label, dueDate }) => ({ label, dueDate }))),
    leader_id: input.leaderId,
    route_id: input.routeId,
  };
}

/** Where activity nodes hang: the school's first root that is neither a bus route nor an activity (none: the top). */
function parentFor(tree: readonly TypedNode[]): number | null {
  return tree.find((n) => n.parent_id === null && !isRouteType(n.type_key) && n.type_key !== ACTIVITY_TYPE_KEY)?.id ?? null;
}

/** POST activities. */
export async function createActivity(ctx: RequestContext, input: Input): Promise<Activity> {
  const tree = await findTypedNodes(ctx.db, ctx.org.id);
  const values = await valuesOf(ctx, input, tree);
  const nodeId = await ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const typeId = await ensureActivityType(trx, ctx.org.id);
    const id = await insertNodeRow(trx, ctx.org.id, { parentId: parentFor(tree), typeId, name: input.name, now });
    await insertActivity(trx, ctx.org.id, id, values, now);
    await insertMembership(trx, ctx.org.id, { nodeId: id, personId: input.leaderId, role: 'teacher' });
    return id;
  });
  return getActivity(ctx, nodeId);
}

/**
 * PUT activities/{id}: the whole activity; places below the accepted count 409 `capacity_below_accepted`,
 * nothing changed. Places added are offered to the waiting list at once.
 */
export async function replaceActivity(ctx: RequestContext, nodeId: number, input: Input): Promise<Activity> {
  await requireActivity(ctx, nodeId);
  const values = await valuesOf(ctx, input, await findTypedNodes(ctx.db, ctx.org.id));
  await ctx.db.transaction().execute(async (trx) => {
    // Locked: an acceptance running at the same time counts before or after this check, never beside it.
    const row = await lockActivity(trx, ctx.services.dialect, ctx.org.id, nodeId);
    if (!row) throw noActivity();
    const accepted = (await countRequests(trx, ctx.org.id, [row.id])).get(row.id)!.accepted;
    if (input.places < accepted) {
      throw new HttpError(409, 'capacity_below_accepted', `${accepted} students are accepted: the activity needs at least ${accepted} places`);
    }
    await updateActivity(trx, ctx.org.id, nodeId, input.name, values, new Date().toISOString());
    if (row.leader_id !== input.leaderId) {
      await deleteMemberships(trx, ctx.org.id, nodeId, row.leader_id, 'teacher');
      await insertMembership(trx, ctx.org.id, { nodeId, personId: input.leaderId, role: 'teacher' });
    }
    // More places than before: the new ones go to the waiting list, first come first offered.
    await offerFreedPlaces(trx, ctx.services, ctx.org, { ...row, name: input.name, places: input.places });
  });
  return getActivity(ctx, nodeId);
}

/** DELETE activities/{id}: the node and everything on it (requests, memberships, roll). */
export async function removeActivity(ctx: RequestContext, nodeId: number): Promise<void> {
  await requireActivity(ctx, nodeId);
  await deleteActivityNode(ctx.db, ctx.org.id, nodeId);
}

/** GET activities/{id}. */
export async function getActivity(ctx: RequestContext, nodeId: number): Promise<Activity> {
  const [activity] = await presentActivities(ctx, [await requireActivity(ctx, nodeId)]);
  return activity;
}

/** GET activities?term=: the activities whose term holds the day (default today in the school's zone). */
export async function listActivities(ctx: RequestContext, term: string | undefined): Promise<Activity[]> {
  return presentActivities(ctx, await findActivitiesOn(ctx.db, ctx.org.id, term ?? todayOf(ctx)));
}

/** The newest live request of each (activity, student), else the newest closed one. */
function requestByPair(rows: readonly RequestRow[]): Map<string, RequestRow> {
  const out = new Map<string, RequestRow>();
  for (const row of rows) {
    const key = `${row.activity_id}:${row.student_id}`;
    const seen = out.get(key);
    if (!seen || (!LIVE_STATUSES.includes(seen.status) && LIVE_STATUSES.includes(row.status))) out.set(key, row);
  }
  return out;
}

/** Activities as the API shows them, with places left and, for a parent-like relative, each child's eligibility and request. */
async function presentActivities(ctx: RequestContext, rows: readonly ActivityRow[]): Promise<Activity[]> {
  if (rows.length === 0) return [];
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  const tree = await findTypedNodes(ctx.db, orgId);
  const nodeNames = new Map(tree.map((n) => [n.id, n.name]));
  const counts = await countRequests(ctx.db, orgId, rows.map((r) => r.id));
  const childIds = [...new Set(caller.childIds)];
  const names = await findPeopleNames(ctx.db, orgId, [...rows.map((r) => r.leader_id), ...childIds]);
  const nameOf = (id: number) => {
    const p = names.get(id);
    return p ? formatFullName({ firstName: p.first_name, lastName: p.last_name, lastName2: p.last_name2 }) : '';
  };
  const memberships = await findStudentMemberships(ctx.db, orgId, childIds);
  const requests = requestByPair(await findRequestsOfStudents(ctx.db, orgId, childIds, rows.map((r) => r.id)));
  const children = childIds.map((id) => ({ id, name: nameOf(id) })).sort((a, b) => a.name.localeCompare(b.name, 'es') || a.id - b.id);
  const currency = currencyOf(ctx.org);

  return rows.map((row) => {
    const count: RequestCounts = counts.get(row.id) ?? { accepted: 0, pending: 0, offered: 0, waiting: 0 };
    const eligibleIds = eligibleIdsOf(row);
    const eligible = eligibleStudents(tree, eligibleIds, memberships, ACTIVITY_TYPE_KEY);
    return {
      id: row.node_id,
      name: row.name,
      description: row.description,
      termFrom: row.term_from,
      termTo: row.term_to,
      schedule: scheduleOf(row),
      place: row.place,
      places: row.places,
      placesLeft: placesLeft(row.places, count),
      waiting: count.waiting,
      eligible: eligibleIds.filter((id) => nodeNames.has(id)).map((id) => ({ id, name: nodeNames.get(id)! })),
      price: Number(row.price),
      currency,
      periods: JSON.parse(row.periods) as Activity['periods'],
      leader: { id: row.leader_id, name: nameOf(row.leader_id) },
      route: row.route_id !== null && nodeNames.has(row.route_id) ? { id: row.route_id, name: nodeNames.get(row.route_id)! } : null,
      children: children.map((student) => {
        const request = requests.get(`${row.id}:${student.id}`);
        return {
          student,
          eligible: eligible.has(student.id),
          request: request ? { id: request.id, status: request.status, position: request.status === 'waiting' ? request.position : null, offerExpiresAt: offerExpiryOf(request) } : null,
        };
      }),
    };
  });
}
