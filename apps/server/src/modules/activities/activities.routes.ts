import {
  MAX_ACTIVITY_PLACES,
  ZActivitiesQuery,
  ZActivity,
  ZActivityDecision,
  ZActivityInput,
  ZActivityRequest,
  ZActivityRequestCreated,
  ZActivityRequestInput,
  ZActivitySession,
  ZActivitySessionsQuery,
  ZActivitySettings,
} from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../http/download';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, mime } from '../../http/schemas';
import { requestedFormat, SPREADSHEET_FILE_DOC, ZSpreadsheetExportQuery } from '../../platform/spreadsheet/index';
import { activitiesPolicies as p } from './activities.policy';
import { confirmOffer, declineOffer, decideRequest, listRequests, requestPlace, withdrawRequest } from './activities.requests';
import { listSessions, MAX_SESSION_RANGE_DAYS } from './activities.sessions';
import { exportRoster } from './activities.roster';
import { createActivity, getActivity, listActivities, removeActivity, replaceActivity } from './activities.service';
import { readActivitySettings, updateActivitySettings } from './activities.settings';

// Extracurricular activities under /api/{org}/ (issue 37 §1; docs/decisions/033-activities.md).

const WRITE =
  'The whole activity. `termTo` before `termFrom`: 400 `bad_term`; a slot whose `end` is not after its `start`: 400 `bad_schedule`; ' +
  'an eligible node that is no grade or group of this school: 400 `unknown_node`; a leader who is no person of it: 400 `unknown_leader`; ' +
  `a route that is no bus route of it: 400 \`unknown_route\`. Places from 1 to ${MAX_ACTIVITY_PLACES}. The description is sanitised as a post's. ` +
  'The leader becomes a teacher of the activity\'s group (its roll, its posts). Nothing is written when anything is refused.';
const CHILDREN =
  "`children`: for a parent-like relative, each of their children with whether they are eligible (a current student of an eligible node or a node below) " +
  'and their request for the activity (its newest live one, else the newest closed one; `position` only while waiting); for everyone else [].';

export async function activitiesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.listActivities),
    schema: {
      tags: ['activities'],
      summary: "The term's catalogue of activities",
      description: `Everyone of the school. The activities whose term holds \`term\` (default today in the school's zone), by name, with places left. ${CHILDREN}`,
      params: paramsOf(p.listActivities),
      querystring: ZActivitiesQuery,
      response: { 200: z.array(ZActivity), ...errors(400, 401, 403) },
    },
    handler: async (request) => listActivities(contextOf(request), request.query.term),
  });

  r.route({
    ...routeOf(p.createActivity),
    schema: {
      tags: ['activities'],
      summary: 'Create an activity',
      description: `Administrators. ${WRITE} The activity is a new node of type \`activity\` under the school's first root; its id is the node's.`,
      params: paramsOf(p.createActivity),
      body: ZActivityInput,
      response: { 201: ZActivity, ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => reply.code(201).send(await createActivity(contextOf(request), request.body)),
  });

  r.route({
    ...routeOf(p.readActivity),
    schema: {
      tags: ['activities'],
      summary: 'An activity',
      description: `Everyone of the school; an id of no activity of this school 404. ${CHILDREN}`,
      params: paramsOf(p.readActivity),
      response: { 200: ZActivity, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getActivity(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.updateActivity),
    schema: {
      tags: ['activities'],
      summary: 'Replace an activity',
      description: `Administrators. ${WRITE} Places below the students already accepted: 409 \`capacity_below_accepted\`. An id of no activity of this school: 404.`,
      params: paramsOf(p.updateActivity),
      body: ZActivityInput,
      response: { 200: ZActivity, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => replaceActivity(contextOf(request), request.params.id, request.body),
  });

  r.route({
    ...routeOf(p.deleteActivity),
    schema: {
      tags: ['activities'],
      summary: 'Delete an activity',
      description: 'Administrators. The node goes with its requests, memberships and roll. An id of no activity of this school: 404.',
      params: paramsOf(p.deleteActivity),
      response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removeActivity(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(p.listRequests),
    schema: {
      tags: ['activities'],
      summary: "An activity's requests",
      description:
        "Administrators and the activity's leader (others 403). Accepted, pending, then waiting in position order (1 is next), then rejected and withdrawn; " +
        "oldest first within each. `group`: the student's current class. An id of no activity of this school: 404.",
      params: paramsOf(p.listRequests),
      response: { 200: z.array(ZActivityRequest), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listRequests(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.createRequest),
    schema: {
      tags: ['activities'],
      summary: 'Request a place for a student',
      description:
        'A parent-like relative of the student, or the student themself where the school allows it (settings/activities `studentsRequest`); anyone else 403. ' +
        '`pending` while the accepted and pending requests leave a place and nobody waits; otherwise `waiting` with its `position` at the end of the list ' +
        '(places are never exceeded, whatever runs in parallel). A student who is not eligible: 400 `not_eligible`; who already has a pending, waiting ' +
        'or accepted request: 409 `already_requested`; a term that is over: 409 `activity_ended`. `warnings` holds `schedule_overlap` when the student ' +
        'has an accepted or pending activity whose weekly slots meet this one\'s within both terms.',
      params: paramsOf(p.createRequest),
      body: ZActivityRequestInput,
      response: { 201: ZActivityRequestCreated, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => reply.code(201).send(await requestPlace(contextOf(request), request.params.id, request.body.student)),
  });

  r.route({
    ...routeOf(p.withdrawRequest),
    schema: {
      tags: ['activities'],
      summary: 'Withdraw a request',
      description:
        'Administrators, whoever made the request, and those who may request for the student; others 403. An accepted student leaves the activity ' +
        'and their debits of the activity that fall due today or later and that no payment touched are cancelled (paid, partly paid or overdue ones stay); ' +
        'those waiting behind move up one; a place the request held is offered to the first waiting (48 h to confirm). ' +
        'Withdrawn already: 204 again; rejected: 409 `request_closed`.',
      params: paramsOf(p.withdrawRequest),
      response: { 204: z.null().describe('Withdrawn'), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await withdrawRequest(contextOf(request), request.params.id, request.params.requestId);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(p.decideRequest),
    schema: {
      tags: ['activities'],
      summary: 'Accept or reject a request',
      description:
        "Administrators. Accepting makes the student a student of the activity's group and bills them, through billing, one debit per period of the " +
        'activity due today or later, named "{activity} — {period}" (none for a free activity). A pending or offered request holds its place; a waiting one ' +
        'needs a place that no accepted, pending or offered request holds: otherwise 409 `activity_full`. Those waiting behind a decided request move up one; ' +
        'rejecting a request that held a place offers it to the first waiting. The same decision again changes nothing (nothing billed twice); another one ' +
        'on an accepted, rejected or withdrawn request: 409 `request_decided`.',
      params: paramsOf(p.decideRequest),
      body: ZActivityDecision,
      response: { 200: ZActivityRequest, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => decideRequest(contextOf(request), request.params.id, request.params.requestId, request.body.status),
  });

  r.route({
    ...routeOf(p.confirmOffer),
    schema: {
      tags: ['activities'],
      summary: 'Confirm an offered place',
      description:
        'The family: whoever made the request and those who may request for the student (others 403, administrators included: they accept with PUT). ' +
        'An `offered` request (a freed place offered to the first of the waiting list, notified to the family, 48 h to confirm) becomes `accepted` at once: ' +
        'the student joins the activity and is billed as on an acceptance. Confirmed already: the same answer, nothing billed twice. ' +
        'The offer\'s time over: it passes to the next waiting and the answer is 409 `offer_expired`; a request with no offer: 409 `no_offer`.',
      params: paramsOf(p.confirmOffer),
      response: { 200: ZActivityRequest, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => confirmOffer(contextOf(request), request.params.id, request.params.requestId),
  });

  r.route({
    ...routeOf(p.declineOffer),
    schema: {
      tags: ['activities'],
      summary: 'Decline an offered place',
      description:
        'The family, or administrators. The `offered` request is withdrawn and the place offered to the next waiting. Declined already: 204 again; ' +
        'a request with no offer: 409 `no_offer`. An offer left unanswered is declined the same way when its 48 h are over.',
      params: paramsOf(p.declineOffer),
      response: { 204: z.null().describe('Declined'), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await declineOffer(contextOf(request), request.params.id, request.params.requestId);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(p.listSessions),
    schema: {
      tags: ['activities'],
      summary: "An activity's sessions",
      description:
        "Everyone of the school. The days between `from` and `to` (default: the term, at most its first days up to the limit below; always cut to the term) " +
        "that the weekly schedule meets, with that day's " +
        "slots and `rollTaken`: whether the activity's roll (attendance/checkpoints/{id}, taken by its leader or school staff) has a mark that day. " +
        `\`to\` before \`from\` or more than ${MAX_SESSION_RANGE_DAYS} days after it: 400 \`bad_range\`.`,
      params: paramsOf(p.listSessions),
      querystring: ZActivitySessionsQuery,
      response: { 200: z.array(ZActivitySession), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listSessions(contextOf(request), request.params.id, request.query),
  });

  r.route({
    ...routeOf(p.roster),
    schema: {
      tags: ['activities'],
      summary: "An activity's roster as a CSV or XLSX file",
      description:
        "Administrators and the activity's leader. One line per accepted student: names, current class, and their parent-like relatives' names and emails. " +
        '`lang` picks the language of the titles (default es); `delimiter` overrides its CSV delimiter. ' +
        SPREADSHEET_FILE_DOC,
      params: paramsOf(p.roster),
      querystring: ZSpreadsheetExportQuery,
      response: { 200: fileAnswer('CSV, or XLSX with format=xlsx', mime.csv, mime.xlsx), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const format = requestedFormat(request.query.format, request.headers.accept);
      const file = await exportRoster(contextOf(request), request.params.id, request.query, format);
      return sendDownload(reply, { ...file, fallbackName: `roster.${format}` });
    },
  });

  r.route({
    ...routeOf(p.readSettings),
    schema: {
      tags: ['activities'],
      summary: "The school's activity rules",
      description: "Everyone of the school. `studentsRequest` (default false): students may request places for themselves and withdraw their own requests.",
      params: paramsOf(p.readSettings),
      response: { 200: ZActivitySettings, ...errors(401, 403) },
    },
    handler: async (request) => readActivitySettings(contextOf(request)),
  });

  r.route({
    ...routeOf(p.updateSettings),
    schema: {
      tags: ['activities'],
      summary: "Change the school's activity rules",
      description: 'Administrators only. Other settings of the school stay as they are. Answers the settings.',
      params: paramsOf(p.updateSettings),
      body: ZActivitySettings,
      response: { 200: ZActivitySettings, ...errors(400, 401, 403) },
    },
    handler: async (request) => updateActivitySettings(contextOf(request), request.body),
  });
}
