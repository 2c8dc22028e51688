import { z } from 'zod';
import { notFound } from '../../http/errors';
import { definePolicy, isSchoolAdmin, isSignedIn, type PolicyContext, zId } from '../../policy/policy';
import { findActivity, findRequest } from './activities.queries';
import { actsForStudent } from './activities.settings';

// Who may call the activities routes (issue 37 §1; docs/decisions/033-activities.md). The catalogue and
// an activity are for everyone of the school; writing activities and deciding requests for
// administrators; the requests list and the roster also for the activity's leader. An id of no activity
// of this school is 404 for whoever may call the route at all.

const byActivity = z.object({ id: zId });
const byRequest = z.object({ id: zId, requestId: zId });

const noActivity = () => notFound('There is no such activity in this school');

/** The activity `id` of the caller's school, or 404. */
async function activityOf({ db, org }: PolicyContext<unknown>, id: number) {
  const activity = await findActivity(db, org.id, id);
  if (!activity) throw noActivity();
  return activity;
}

/** Administrators, and the leader of the activity `id`. */
async function leadsOrAdministers(ctx: PolicyContext<{ id: number }>): Promise<boolean> {
  if (!ctx.caller) return false;
  const activity = await activityOf(ctx, ctx.params.id);
  return ctx.caller.isAdmin || activity.leader_id === ctx.caller.id;
}

/** The request of the path's activity (else 404) and whether the caller is its family: who made it, or who acts for its student. */
async function familyOfRequest(ctx: PolicyContext<{ id: number; requestId: number }>): Promise<boolean> {
  const { caller, org, params } = ctx;
  if (!caller) return false;
  const activity = await activityOf(ctx, params.id);
  const request = await findRequest(ctx.db, org.id, params.requestId);
  if (!request || request.activity_id !== activity.id) throw notFound('There is no such request for this activity');
  return request.requested_by === caller.id || actsForStudent(caller, org, request.student_id);
}

async function familyOrAdmin(ctx: PolicyContext<{ id: number; requestId: number }>): Promise<boolean> {
  return (await familyOfRequest(ctx)) || ctx.caller?.isAdmin === true;
}

export const activitiesPolicies = {
  listActivities: definePolicy({ method: 'GET', path: 'activities', check: isSignedIn }),
  createActivity: definePolicy({ method: 'POST', path: 'activities', check: isSchoolAdmin }),
  readActivity: definePolicy({
    method: 'GET',
    path: 'activities/:id',
    params: byActivity,
    check: async (ctx) => (await activityOf(ctx, ctx.params.id)) !== undefined,
  }),
  /** PUT and DELETE: administrators (an id of no activity of theirs 404 from the service). */
  updateActivity: definePolicy({ method: 'PUT', path: 'activities/:id', params: byActivity, check: isSchoolAdmin }),
  deleteActivity: definePolicy({ method: 'DELETE', path: 'activities/:id', params: byActivity, check: isSchoolAdmin }),
  listRequests: definePolicy({ method: 'GET', path: 'activities/:id/requests', params: byActivity, check: leadsOrAdministers }),
  /** POST a request: anyone of the school reaches the service, which answers 403 for a student the caller does not act for. */
  createRequest: definePolicy({
    method: 'POST',
    path: 'activities/:id/requests',
    params: byActivity,
    check: async (ctx) => (await activityOf(ctx, ctx.params.id)) !== undefined,
  }),
  /** Withdrawing: administrators, whoever made the request, and those who act for the student. */
  withdrawRequest: definePolicy({
    method: 'DELETE',
    path: 'activities/:id/requests/:requestId',
    params: byRequest,
    check: familyOrAdmin,
  }),
  /** Confirming an offered place: its family only (an administrator accepts with PUT instead). */
  confirmOffer: definePolicy({ method: 'POST', path: 'activities/:id/requests/:requestId/confirm', params: byRequest, check: familyOfRequest }),
  /** Declining an offered place: its family, and administrators. */
  declineOffer: definePolicy({
    method: 'POST',
    path: 'activities/:id/requests/:requestId/decline',
    params: byRequest,
    check: familyOrAdmin,
  }),
  /** The sessions of an activity (days and whether their roll was taken): everyone of the school, as the activity itself. */
  listSessions: definePolicy({
    method: 'GET',
    path: 'activities/:id/sessions',
    params: byActivity,
    check: async (ctx) => (await activityOf(ctx, ctx.params.id)) !== undefined,
  }),
  decideRequest: definePolicy({ method: 'PUT', path: 'activities/:id/requests/:requestId', params: byRequest, check: isSchoolAdmin }),
  roster: definePolicy({ method: 'GET', path: 'activities/:id/roster.csv', params: byActivity, check: leadsOrAdministers }),
  /** The school's activity rules: read by everyone of the school (a family's screen asks whether a student may request), changed by administrators. */
  readSettings: definePolicy({ method: 'GET', path: 'settings/activities', check: isSignedIn }),
  updateSettings: definePolicy({ method: 'PUT', path: 'settings/activities', check: isSchoolAdmin }),
};
