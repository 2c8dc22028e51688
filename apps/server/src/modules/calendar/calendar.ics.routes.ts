import { ZCalendarSubscription } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../http/download';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, mime } from '../../http/schemas';
import { downloadEventIcs } from './calendar.ics.download';
import { calendarIcsPolicies as p } from './calendar.ics.policy';
import { createSubscription, getSubscription, readSubscription, revokeSubscription, SUBSCRIPTION_CACHE_CONTROL } from './calendar.subscriptions';

const icsNote =
  'RFC 5545 text/calendar (UTF-8, CRLF, folded lines): UID `event-{id}@{school code}.patio` (the same in every file), ' +
  'timed events with DTSTART/DTEND;TZID and the zone\'s VTIMEZONE, all-day events as VALUE=DATE with an exclusive end, a ' +
  'repetition as RRULE (FREQ, INTERVAL, COUNT or UNTIL) with EXDATE for the days left out, SUMMARY (a blank title in ' +
  "the reader's language), LOCATION, DESCRIPTION (the secondary text and the event's page in the web app), URL, DTSTAMP, " +
  'SEQUENCE (the event\'s revision, one more on every change) and LAST-MODIFIED (UTC); text without control characters.';

/** Events out of Patio: one event's ICS file and each person's private subscription address. */
export async function calendarIcsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar'];

  r.route({
    ...routeOf(p.downloadEvent),
    schema: {
      tags,
      summary: 'One event as an .ics file ("Add to my calendar")',
      description: `Opened as a download by Google Calendar, Outlook and Apple Calendar: \`attachment; filename="<title>.ics"\`. For whoever sees the event; 404 for anyone else, whatever school or family the id belongs to. ${icsNote}`,
      params: paramsOf(p.downloadEvent),
      response: { 200: fileAnswer('iCalendar (RFC 5545)', mime.ics), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { fileName, body } = await downloadEventIcs(contextOf(request), request.params.id);
      return sendDownload(reply, { fileName, fallbackName: 'event.ics', contentType: 'text/calendar; charset=utf-8', body });
    },
  });

  r.route({
    ...routeOf(p.readSubscription),
    schema: {
      tags,
      summary: "The caller's private calendar address",
      description: '`url` is null when the caller has none (never made, or revoked). `{me}` is the caller\'s own id, else 403.',
      params: paramsOf(p.readSubscription),
      response: { 200: ZCalendarSubscription, ...errors(400, 401, 403) },
    },
    handler: async (request) => getSubscription(contextOf(request)),
  });

  r.route({
    ...routeOf(p.createSubscription),
    schema: {
      tags,
      summary: 'Make (or reset) the caller\'s private calendar address',
      description:
        'A `webcal://{host}/api/{org}/calendar/subscriptions/{secret}.ics` address that calendar apps subscribe to without a ' +
        'token. Making it again gives a new address and the old one answers 404 from then on. `{me}` is the caller\'s own id, else 403.',
      params: paramsOf(p.createSubscription),
      response: { 201: ZCalendarSubscription, ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => reply.code(201).send(await createSubscription(contextOf(request))),
  });

  r.route({
    ...routeOf(p.revokeSubscription),
    schema: {
      tags,
      summary: "Revoke the caller's private calendar address",
      description: 'The address answers 404 from then on. Idempotent. `{me}` is the caller\'s own id, else 403.',
      params: paramsOf(p.revokeSubscription),
      response: { 204: z.null().describe('Revoked'), ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => {
      await revokeSubscription(contextOf(request));
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(p.subscriptionFile),
    schema: {
      tags,
      summary: 'A private calendar address, as calendar apps read it (no token)',
      description:
        '`{file}` is `{secret}.ics` from POST people/{me}/calendar/subscription. The person\'s events of every feed they keep ' +
        'on, from 90 days ago to 400 days ahead, each once with its repetition, and, unless the `classroom` feed is off, the ' +
        'due dates of their classroom tasks in that span (UID `classroom-task-{postId}-{studentId}@{school code}.patio`, or ' +
        '`classroom-task-{postId}@…` for a teacher; a relative gets one per child; DTSTART at the due moment and no DTEND, ' +
        'so it ends where it starts; URL and DESCRIPTION the task in the web app; SEQUENCE 0); METHOD:PUBLISH, the school as the calendar\'s ' +
        'name, REFRESH-INTERVAL one hour; `Cache-Control: private, max-age=900`. An unknown, reset or revoked address, or a ' +
        `person who is no longer approved: 404 \`not_found\`. ${icsNote}`,
      params: paramsOf(p.subscriptionFile),
      response: { 200: fileAnswer('iCalendar (RFC 5545)', mime.ics), ...errors(400, 404) },
    },
    handler: async (request, reply) => {
      const body = await readSubscription(contextOf(request), request.params.file);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', SUBSCRIPTION_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  });
}
