import { ACTIVITY_OFFER_HOURS, formatFullName } from '@patio/core';
import type { Database, DialectName } from '../../db/database';
import { defineJob, type JobEnqueuer } from '../../platform/jobs/jobs';
import type { Org } from '../../policy/policy';
import { enqueuePersonalNotice } from '../notifications/index';
import { findOrgById } from '../org/index';
import { timeZoneOf } from '../settings/index';
import {
  type ActivityRow,
  countRequests,
  findActivityByRowId,
  findFirstWaiting,
  findParentLikeRelations,
  findPeopleNames,
  findRequest,
  lockActivity,
  moveUpBehind,
  type RequestRow,
  setRequestStatus,
} from './activities.queries';
import { takenPlaces } from './activities.rules';

// A freed place goes to the first of the waiting list (issue 37 §1; docs/decisions/033-activities.md).
// Whatever frees a place — a withdrawal, a rejection, more places, a declined or lapsed offer — calls
// offerFreedPlaces in its own transaction, with the activity's row still locked: the first waiting
// request becomes `offered` for 48 h (it leaves the list, those behind move up one) and holds its place
// like a pending one. In the same transaction its family's notice and the offer's expiry job are
// queued (the outbox), so an offer is never made without them nor told twice. The family confirms
// (accepted, with its fees) or declines; at the offer's end the job withdraws an unanswered offer and
// offers the place to the next.

export const OFFER_MS = ACTIVITY_OFFER_HOURS * 3600_000;

/** What the offer code needs of the server: a transaction, its dialect (for the lock) and the job queue. */
export interface OfferServices {
  dialect: DialectName;
  jobs: JobEnqueuer;
}

export interface OfferExpiryPayload {
  orgId: number;
  requestId: number;
}

export const activityOfferExpiryJob = defineJob<OfferExpiryPayload>({
  kind: 'activities.offer_expiry',
  async handle({ orgId, requestId }, ctx) {
    await expireOffer(ctx.db, ctx, orgId, requestId, new Date());
  },
  summarize: () => ({ topic: 'activity_offer' }),
});

/** Who hears of an offer: the student's parent-like relatives, and whoever made the request (a student asking for themself). */
async function familyOf(trx: Database, orgId: number, request: RequestRow): Promise<number[]> {
  const relatives = (await findParentLikeRelations(trx, orgId, [request.student_id])).map((r) => r.relative_id);
  return [...new Set([...relatives, ...(request.requested_by !== null ? [request.requested_by] : [])])].sort((a, b) => a - b);
}

/** Offers one waiting request the place: status, the list closed up, the notices and the expiry job. */
async function offerTo(trx: Database, services: OfferServices, org: Pick<Org, 'id' | 'settings'>, activity: ActivityRow, request: RequestRow, now: Date): Promise<void> {
  const expiresAt = now.getTime() + OFFER_MS;
  const at = now.toISOString();
  await setRequestStatus(trx, org.id, request.id, { status: 'offered', position: null, offerExpiresAt: expiresAt, now: at });
  if (request.position !== null) await moveUpBehind(trx, org.id, activity.id, request.position, at);
  await services.jobs.enqueue(trx, activityOfferExpiryJob, { orgId: org.id, requestId: request.id }, {
    orgId: org.id,
    key: `activities.offer_expiry:${org.id}:${request.id}`,
    runAt: new Date(expiresAt),
  });
  const student = (await findPeopleNames(trx, org.id, [request.student_id])).get(request.student_id);
  const studentName = student ? formatFullName({ firstName: student.first_name, lastName: student.last_name, lastName2: student.last_name2 }) : '';
  for (const personId of await familyOf(trx, org.id, request)) {
    await enqueuePersonalNotice(trx, services.jobs, {
      orgId: org.id,
      personId,
      kind: 'activity_offered',
      key: `activity_offered:${request.id}`,
      values: { activity: activity.name, student: studentName, expiresAt, timeZone: timeZoneOf(org.settings) },
      path: '/activities',
      data: { activityId: activity.node_id, requestId: request.id, studentId: request.student_id },
    });
  }
}

/**
 * Offers every place no accepted, pending or offered request holds to the first waiting, in list
 * order. Call it with the activity's row locked, in the transaction that freed the place. Answers the
 * requests offered.
 */
export async function offerFreedPlaces(trx: Database, services: OfferServices, org: Pick<Org, 'id' | 'settings'>, activity: ActivityRow, now = new Date()): Promise<number[]> {
  const offered: number[] = [];
  for (;;) {
    const counts = (await countRequests(trx, org.id, [activity.id])).get(activity.id)!;
    if (takenPlaces(counts) >= activity.places || counts.waiting === 0) return offered;
    const first = await findFirstWaiting(trx, org.id, activity.id);
    if (!first) return offered;
    await offerTo(trx, services, org, activity, first, now);
    offered.push(first.id);
  }
}

/** An offer still open at `now`. */
export function offerOpen(request: Pick<RequestRow, 'status' | 'offer_expires_at'>, now: Date): boolean {
  return request.status === 'offered' && request.offer_expires_at !== null && Number(request.offer_expires_at) > now.getTime();
}

/**
 * Lets an offer go (declined, or lapsed): the request is withdrawn and the place offered to the next.
 * Call it with the activity's row locked.
 */
export async function releaseOffer(trx: Database, services: OfferServices, org: Pick<Org, 'id' | 'settings'>, activity: ActivityRow, request: RequestRow, now: Date): Promise<void> {
  await setRequestStatus(trx, org.id, request.id, { status: 'withdrawn', position: null, now: now.toISOString() });
  await offerFreedPlaces(trx, services, org, activity, now);
}

/**
 * The expiry job's work at `now`: an offer still unanswered once its time is over is withdrawn and the
 * place offered to the next. An offer confirmed, declined or withdrawn meanwhile, or one whose time is
 * not over, is left alone (so the job is safe to run twice, or early). Answers whether it lapsed.
 */
export async function expireOffer(db: Database, services: OfferServices, orgId: number, requestId: number, now: Date): Promise<boolean> {
  const org = await findOrgById(db, orgId);
  const request = await findRequest(db, orgId, requestId);
  if (!org || !request) return false;
  const row = await findActivityByRowId(db, orgId, request.activity_id);
  if (!row) return false;
  return db.transaction().execute(async (trx) => {
    const activity = await lockActivity(trx, services.dialect, orgId, row.node_id);
    if (!activity) return false;
    // Read again under the lock: a confirmation that got the lock first has made it accepted.
    const current = await findRequest(trx, orgId, requestId);
    if (!current || current.status !== 'offered' || offerOpen(current, now)) return false;
    await releaseOffer(trx, services, org, activity, current, now);
    return true;
  });
}
