import { type ActivityRequest, formatFullName } from '@patio/core';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import type { RequestContext } from '../../http/context';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { deleteMemberships, insertMembership, isClassType, isCurrentMembership } from '../nodes/index';
import {
  ACTIVITY_TYPE_KEY,
  type ActivityRow,
  countRequests,
  findActivitiesByIds,
  findLiveRequest,
  findPeopleNames,
  findRequest,
  findRequestsOf,
  findRequestsOfStudents,
  findStudentMemberships,
  findTypedNodes,
  insertRequest,
  lastWaitingPosition,
  lockActivity,
  moveUpBehind,
  type RequestRow,
  setRequestStatus,
} from './activities.queries';
import { billAcceptedRequest, cancelFutureFees } from './activities.fees';
import { offerFreedPlaces, offerOpen, releaseOffer } from './activities.offers';
import { eligibleStudents, schedulesOverlap, takenPlaces } from './activities.rules';
import { eligibleIdsOf, noActivity, offerExpiryOf, requireActivity, scheduleOf, todayOf } from './activities.service';
import { actsForStudent } from './activities.settings';

// Requests for a place (issue 37 §1 and §3; docs/decisions/033-activities.md). Every write holds the
// activity's row locked (PostgreSQL; SQLite runs one transaction at a time), so counting the places
// and writing the request are one step: of 20 parallel requests for the last place one is pending and
// the others wait at positions 1..19 in the order they got the lock. Waiting positions stay 1..n:
// whoever leaves the list moves everyone behind them up one. A place freed by a withdrawal or a
// rejection is offered to the first waiting in the same transaction (activities.offers.ts); accepting,
// by an administrator or by the family confirming an offer, bills the fees (activities.fees.ts).

export interface CreatedRequest {
  id: number;
  status: 'pending' | 'waiting';
  position: number | null;
  warnings: 'schedule_overlap'[];
}

const alreadyRequested = () => new HttpError(409, 'already_requested', 'This student already has a request for this activity');
const noRequest = () => notFound('There is no such request for this activity');

/** The request `requestId` of the activity row, or 404. */
async function requireRequest(db: Database, orgId: number, activity: ActivityRow, requestId: number): Promise<RequestRow> {
  const request = await findRequest(db, orgId, requestId);
  if (!request || request.activity_id !== activity.id) throw noRequest();
  return request;
}

/** Whether the student's accepted or pending activities (other than this one) meet this one's weekly slots. */
async function overlapsOthers(ctx: RequestContext, activity: ActivityRow, studentId: number): Promise<boolean> {
  const live = (await findRequestsOfStudents(ctx.db, ctx.org.id, [studentId])).filter(
    (r) => r.activity_id !== activity.id && (r.status === 'accepted' || r.status === 'pending'),
  );
  const others = await findActivitiesByIds(ctx.db, ctx.org.id, live.map((r) => r.activity_id));
  const mine = { term_from: activity.term_from, term_to: activity.term_to, schedule: scheduleOf(activity) };
  return others.some((other) => schedulesOverlap(mine, { term_from: other.term_from, term_to: other.term_to, schedule: scheduleOf(other) }));
}

/**
 * POST activities/{id}/requests: a parent-like relative of the student, or the student where the school
 * allows it (else 403). Ineligible 400 `not_eligible`; a live request already 409 `already_requested`;
 * a term already over 409 `activity_ended`. Pending while accepted and pending leave a place and nobody
 * waits; otherwise waiting at the end of the list.
 */
export async function requestPlace(ctx: RequestContext, nodeId: number, studentId: number): Promise<CreatedRequest> {
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  const activity = await requireActivity(ctx, nodeId);
  if (!actsForStudent(caller, ctx.org, studentId)) throw forbidden('forbidden', 'You may request a place only for your own children');
  if (activity.term_to < todayOf(ctx)) throw new HttpError(409, 'activity_ended', 'The term of this activity is over');
  const tree = await findTypedNodes(ctx.db, orgId);
  const memberships = await findStudentMemberships(ctx.db, orgId, [studentId]);
  if (!eligibleStudents(tree, eligibleIdsOf(activity), memberships, ACTIVITY_TYPE_KEY).has(studentId)) {
    throw badRequest('not_eligible', 'This student is not in a grade or group this activity is open to');
  }
  let created: Omit<CreatedRequest, 'warnings'>;
  try {
    created = await ctx.db.transaction().execute(async (trx) => {
      const row = await lockActivity(trx, ctx.services.dialect, orgId, nodeId);
      if (!row) throw noActivity();
      if (await findLiveRequest(trx, orgId, row.id, studentId)) throw alreadyRequested();
      const counts = (await countRequests(trx, orgId, [row.id])).get(row.id)!;
      const now = new Date().toISOString();
      // Nobody jumps the list: while someone waits, a new request waits behind them even if a place is free.
      if (counts.waiting === 0 && takenPlaces(counts) < row.places) {
        const id = await insertRequest(trx, orgId, { activityId: row.id, studentId, requestedBy: caller.id, status: 'pending', position: null, now });
        return { id, status: 'pending' as const, position: null };
      }
      const position = (await lastWaitingPosition(trx, orgId, row.id)) + 1;
      const id = await insertRequest(trx, orgId, { activityId: row.id, studentId, requestedBy: caller.id, status: 'waiting', position, now });
      return { id, status: 'waiting' as const, position };
    });
  } catch (err) {
    // The partial unique index: a second live request of the same student that slipped past the check.
    if (isUniqueViolation(err)) throw alreadyRequested();
    throw err;
  }
  return { ...created, warnings: (await overlapsOthers(ctx, activity, studentId)) ? ['schedule_overlap'] : [] };
}

/**
 * DELETE activities/{id}/requests/{requestId}: the request is withdrawn (an accepted student leaves the
 * activity's group and their debits still to fall due that nobody paid are cancelled; those waiting
 * behind move up; a place it held is offered to the first waiting). Withdrawn already: nothing to do;
 * rejected 409 `request_closed`.
 */
export async function withdrawRequest(ctx: RequestContext, nodeId: number, requestId: number): Promise<void> {
  const orgId = ctx.org.id;
  await ctx.db.transaction().execute(async (trx) => {
    const activity = await lockActivity(trx, ctx.services.dialect, orgId, nodeId);
    if (!activity) throw noActivity();
    const request = await requireRequest(trx, orgId, activity, requestId);
    if (request.status === 'withdrawn') return;
    if (request.status === 'rejected') throw new HttpError(409, 'request_closed', 'This request was rejected; there is nothing to withdraw');
    const now = new Date();
    await setRequestStatus(trx, orgId, request.id, { status: 'withdrawn', position: null, now: now.toISOString() });
    if (request.status === 'waiting' && request.position !== null) await moveUpBehind(trx, orgId, activity.id, request.position, now.toISOString());
    if (request.status === 'accepted') {
      await deleteMemberships(trx, orgId, nodeId, request.student_id, 'student');
      await cancelFutureFees(trx, ctx.org, request.id);
    }
    await offerFreedPlaces(trx, ctx.services, ctx.org, activity, now);
  });
}

/**
 * PUT activities/{id}/requests/{requestId} (administrators): accept or reject a pending, offered or
 * waiting request. Accepting makes the student a student of the activity's group, bills the fees and
 * never passes the places: a pending or offered request holds its place, a waiting one needs a place
 * no accepted, pending or offered request holds (else 409 `activity_full`). Rejecting one that held a
 * place offers it to the first waiting. The same decision again changes nothing; another on a decided
 * request 409 `request_decided`.
 */
export async function decideRequest(ctx: RequestContext, nodeId: number, requestId: number, status: 'accepted' | 'rejected'): Promise<ActivityRequest> {
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  await ctx.db.transaction().execute(async (trx) => {
    const activity = await lockActivity(trx, ctx.services.dialect, orgId, nodeId);
    if (!activity) throw noActivity();
    const request = await requireRequest(trx, orgId, activity, requestId);
    if (request.status === status) return;
    if (request.status !== 'pending' && request.status !== 'waiting' && request.status !== 'offered') {
      throw new HttpError(409, 'request_decided', `This request is already ${request.status}`);
    }
    const now = new Date();
    if (status === 'accepted') {
      const counts = (await countRequests(trx, orgId, [activity.id])).get(activity.id)!;
      const taken = request.status === 'waiting' ? takenPlaces(counts) : counts.accepted;
      if (taken >= activity.places) throw new HttpError(409, 'activity_full', 'Every place of this activity is taken');
      await acceptInto(trx, ctx, activity, request, caller.id, now);
    } else {
      await setRequestStatus(trx, orgId, request.id, { status, position: null, decidedBy: caller.id, now: now.toISOString() });
    }
    if (request.status === 'waiting' && request.position !== null) await moveUpBehind(trx, orgId, activity.id, request.position, now.toISOString());
    if (status === 'rejected') await offerFreedPlaces(trx, ctx.services, ctx.org, activity, now);
  });
  const activity = await requireActivity(ctx, nodeId);
  const [line] = await requestLines(ctx, [await requireRequest(ctx.db, orgId, activity, requestId)]);
  return line;
}

/** Accepts a request whose place is settled: the student joins the activity's group and is billed its fees. */
async function acceptInto(trx: Database, ctx: RequestContext, activity: ActivityRow, request: RequestRow, decidedBy: number, now: Date): Promise<void> {
  await insertMembership(trx, ctx.org.id, { nodeId: activity.node_id, personId: request.student_id, role: 'student' });
  await setRequestStatus(trx, ctx.org.id, request.id, { status: 'accepted', position: null, decidedBy, now: now.toISOString() });
  await billAcceptedRequest(trx, ctx.org, activity, request, decidedBy);
}

const noOffer = (status: string) => new HttpError(409, 'no_offer', `This request has no place offered (it is ${status})`);

/**
 * POST activities/{id}/requests/{requestId}/confirm (the family): the offered place is taken — the
 * request is accepted at once, as if an administrator had accepted it (the place was free and the
 * child first in line), so the student joins the group and is billed. Confirmed already: the same
 * answer again, nothing billed twice. An offer whose time is over is let go (offered to the next) and
 * answered 409 `offer_expired`; a request with no offer 409 `no_offer`.
 */
export async function confirmOffer(ctx: RequestContext, nodeId: number, requestId: number): Promise<ActivityRequest> {
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  const lapsed = await ctx.db.transaction().execute(async (trx) => {
    const activity = await lockActivity(trx, ctx.services.dialect, orgId, nodeId);
    if (!activity) throw noActivity();
    const request = await requireRequest(trx, orgId, activity, requestId);
    if (request.status === 'accepted') return false;
    if (request.status !== 'offered') throw noOffer(request.status);
    const now = new Date();
    if (!offerOpen(request, now)) {
      await releaseOffer(trx, ctx.services, ctx.org, activity, request, now);
      return true;
    }
    await acceptInto(trx, ctx, activity, request, caller.id, now);
    return false;
  });
  if (lapsed) throw new HttpError(409, 'offer_expired', 'The time to confirm this place is over; it was offered to the next family');
  const activity = await requireActivity(ctx, nodeId);
  const [line] = await requestLines(ctx, [await requireRequest(ctx.db, orgId, activity, requestId)]);
  return line;
}

/**
 * POST activities/{id}/requests/{requestId}/decline (the family, or an administrator): the offered
 * place is let go — the request is withdrawn and the place offered to the next waiting. Declined
 * already: nothing to do; a request with no offer 409 `no_offer`.
 */
export async function declineOffer(ctx: RequestContext, nodeId: number, requestId: number): Promise<void> {
  const orgId = ctx.org.id;
  await ctx.db.transaction().execute(async (trx) => {
    const activity = await lockActivity(trx, ctx.services.dialect, orgId, nodeId);
    if (!activity) throw noActivity();
    const request = await requireRequest(trx, orgId, activity, requestId);
    if (request.status === 'withdrawn') return;
    if (request.status !== 'offered') throw noOffer(request.status);
    await releaseOffer(trx, ctx.services, ctx.org, activity, request, new Date());
  });
}

const STATUS_ORDER: Record<RequestRow['status'], number> = { accepted: 0, pending: 1, offered: 2, waiting: 3, rejected: 4, withdrawn: 5 };

/** GET activities/{id}/requests: accepted, pending, offered, waiting in position order, then rejected and withdrawn; oldest first within each. */
export async function listRequests(ctx: RequestContext, nodeId: number): Promise<ActivityRequest[]> {
  const activity = await requireActivity(ctx, nodeId);
  const rows = [...(await findRequestsOf(ctx.db, ctx.org.id, activity.id))].sort(
    (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || (a.position ?? 0) - (b.position ?? 0) || a.id - b.id,
  );
  return requestLines(ctx, rows);
}

/** Each student's current class (or grade), in tree order: what the lists show as the student's group. */
export async function groupsOf(ctx: RequestContext, studentIds: number[]): Promise<Map<number, { id: number; name: string }>> {
  const tree = await findTypedNodes(ctx.db, ctx.org.id);
  const order = new Map(tree.map((n, i) => [n.id, i]));
  const byId = new Map(tree.map((n) => [n.id, n]));
  const out = new Map<number, { id: number; name: string }>();
  const memberships = (await findStudentMemberships(ctx.db, ctx.org.id, studentIds))
    .filter((m) => isCurrentMembership(m) && isClassType(byId.get(m.node_id)?.type_key ?? ''))
    .sort((a, b) => (order.get(a.node_id) ?? 0) - (order.get(b.node_id) ?? 0));
  for (const m of memberships) if (!out.has(m.person_id)) out.set(m.person_id, { id: m.node_id, name: byId.get(m.node_id)!.name });
  return out;
}

/** Requests as the administrators' list shows them; one whose requester is gone reads as made by the student. */
async function requestLines(ctx: RequestContext, rows: readonly RequestRow[]): Promise<ActivityRequest[]> {
  const names = await findPeopleNames(ctx.db, ctx.org.id, rows.flatMap((r) => [r.student_id, r.requested_by ?? r.student_id]));
  const groups = await groupsOf(ctx, rows.map((r) => r.student_id));
  const ref = (id: number) => {
    const p = names.get(id);
    return { id, name: p ? formatFullName({ firstName: p.first_name, lastName: p.last_name, lastName2: p.last_name2 }) : '' };
  };
  return rows.map((r) => ({
    id: r.id,
    student: ref(r.student_id),
    group: groups.get(r.student_id) ?? null,
    requestedBy: ref(r.requested_by ?? r.student_id),
    status: r.status,
    position: r.status === 'waiting' ? r.position : null,
    offerExpiresAt: offerExpiryOf(r),
    createdAt: Date.parse(r.created_at),
  }));
}
