import { ZRsvpList, ZRsvpRequest, ZRsvpSummary } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { calendarPolicies as p } from './calendar.policy';
import { answerRsvp, listRsvps, withdrawRsvp } from './calendar.rsvp';

/** Going / not going, when the event's author asks. */
export async function calendarRsvpRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar'];

  r.route({
    ...routeOf(p.answerRsvp),
    schema: {
      tags,
      summary: 'Answer going or not going',
      description: 'Anyone who sees the event (else 404), when its author asks (else 409 `rsvp_closed`). One answer per person: answering again replaces it.',
      params: paramsOf(p.answerRsvp),
      body: ZRsvpRequest,
      response: { 200: ZRsvpSummary, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => answerRsvp(contextOf(request), request.params.id, request.body.answer),
  });

  r.route({
    ...routeOf(p.withdrawRsvp),
    schema: {
      tags,
      summary: "Withdraw the caller's answer",
      description: 'Anyone who sees the event (else 404); nothing to withdraw is fine.',
      params: paramsOf(p.withdrawRsvp),
      response: { 200: ZRsvpSummary, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => withdrawRsvp(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.listRsvps),
    schema: {
      tags,
      summary: 'Who is going and who is not',
      description: "The event's author (a post's event: the post's author) and administrators; other people who see the event 403; anyone else 404.",
      params: paramsOf(p.listRsvps),
      response: { 200: ZRsvpList, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listRsvps(contextOf(request), request.params.id),
  });
}
