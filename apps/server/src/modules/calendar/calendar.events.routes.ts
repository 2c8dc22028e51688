import { ZCalendarEvent, ZEventInput, ZNodeEventInput } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { getEvent } from './calendar.detail';
import { calendarPolicies as p } from './calendar.policy';
import { createNodeEvent, deleteNodeEvent, updateNodeEvent } from './calendar.write';

const timesNote =
  'Times are epoch seconds (`startDate`, `endDate`; the older `dateStart`, `dateEnd`, `isAllDay`, `subject` are accepted). An all-day event (`allDay` true, 1 or "1") covers whole local days of the school\'s time zone. An end before the start, an unknown `recurrence.freq` or a repetition that ends before the event starts: 400 and nothing is written.';

/** One event: its detail, and node events written by administrators and teachers. */
export async function calendarEventsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar'];

  r.route({
    ...routeOf(p.createEvent),
    schema: {
      tags,
      summary: "Add an event to a node's calendar (school, section, class, team)",
      description: `Administrators, and the teachers, substitute teachers and group directors of that node or of a node above it; others 403. A node the school does not have: 404. ${timesNote}`,
      params: paramsOf(p.createEvent),
      body: ZNodeEventInput,
      response: { 201: ZCalendarEvent, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => reply.code(201).send(await createNodeEvent(contextOf(request), request.body)),
  });

  r.route({
    ...routeOf(p.readEvent),
    schema: {
      tags,
      summary: 'One event, with its RSVP state and next occurrences',
      description:
        "404 when the caller does not see it (another school's or another family's ids alike). A blank title reads as 'Sin título' in the caller's language. `canEdit`: a node event of the caller's, or on a calendar they write on.",
      params: paramsOf(p.readEvent),
      response: { 200: ZCalendarEvent, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getEvent(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.updateEvent),
    schema: {
      tags,
      summary: 'Change a node event',
      description: `Only when \`canEdit\` (else 403; an event on a post is changed with its post or draft). The whole event is replaced. ${timesNote}`,
      params: paramsOf(p.updateEvent),
      body: ZEventInput,
      response: { 200: ZCalendarEvent, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => updateNodeEvent(contextOf(request), request.params.id, request.body),
  });

  r.route({
    ...routeOf(p.deleteEvent),
    schema: {
      tags,
      summary: 'Delete a node event',
      description: 'Only when `canEdit` (else 403). It leaves every calendar and feed at once.',
      params: paramsOf(p.deleteEvent),
      response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteNodeEvent(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
