import { ZPageQuery, ZPublished, ZPublishRequest, ZSentPost, ZStub, ZStubCounts, ZStubsQuery, ZLanguage } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../http/download';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, mime } from '../../http/schemas';
import { SPREADSHEET_FILE_DOC, ZSpreadsheetFormat, requestedFormat } from '../../platform/spreadsheet/index';
import { POST_BODY_LIMIT } from './posts.limits';
import { postsPolicies as p } from './posts.policy';
import { publishPost } from './posts.publish';
import { exportStubs, listSent, listStubs, stubCounts } from './sent.service';

const receiptsRights = 'Only the post\'s author, and school administrators for a published post (403 for its other readers, recipients included; 404, as GET posts/{id} answers, for anyone who may not read it and for an id the school does not have).';

export async function sentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['posts'];

  r.route({
    ...routeOf(p.publish),
    bodyLimit: POST_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Publish a post, or schedule it (compose)',
      description:
        'Body: a whole post (PostInput) or `{draft: id}` to publish one of the caller\'s drafts in place (same id; 404 not ' +
        'theirs, 409 `not_a_draft` already published — of many identical requests exactly one publishes). The audience is ' +
        'resolved once: `audience.people` (each must be someone the caller may see, else 403 `forbidden_recipients` naming ' +
        'none) ∪ the people `audience.rules` selects (staff only, with the same field rights as POST audiences/preview: ' +
        'unknown field 400, a field beyond the caller\'s reach 403 `forbidden_filter`) ∪ with `audience.relatives` their ' +
        'parent-like relatives (staff only). Never the author, never an unapproved registration, only this school. Families, ' +
        'students and drivers address people they can see, never rules (403 `forbidden_audience`; decision 010). Nobody ' +
        'left: 400 `no_recipients` "You must select destinataries". Quotes must be posts the caller may read and quote ' +
        '(400 `invalid_quotes`). A future `publishDate` schedules it: status scheduled, no stubs yet, a durable job ' +
        'publishes it at that date (its audience resolved then); `scheduled` says so and `audienceCount` is the count of ' +
        'now. The description is sanitised; over 1,000,000 bytes is 413. `event` (optional) puts a calendar event on the ' +
        'post for its readers, in the school\'s time zone (an end before the start, an unknown `recurrence.freq`: 400 ' +
        '`invalid_request`; a repetition ending before the event starts: 400 `invalid_recurrence`); a published draft keeps ' +
        'the event it has. Everything is written in one transaction, or nothing.',
      params: paramsOf(p.publish),
      body: ZPublishRequest,
      response: { 201: ZPublished, ...errors(400, 401, 403, 404, 409, 413) },
    },
    handler: async (request, reply) => reply.code(201).send(await publishPost(contextOf(request), request.body)),
  });

  r.route({
    ...routeOf(p.listSent),
    schema: {
      tags,
      summary: 'What the caller sent, with read receipts (spec §2 /sent)',
      description:
        'Published and scheduled posts of the caller (replies live in their threads), latest publish date first, each with ' +
        'how many received it and how many read it. Paged (`page`, `limit`, default 20); the total is in `X-Total-Count`.',
      params: paramsOf(p.listSent),
      querystring: ZPageQuery,
      response: { 200: ZSentPost.array(), ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listSent(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.listStubs),
    schema: {
      tags,
      summary: 'Who received a post and who read it (spec §2 /sent/{postId})',
      description: `One entry per recipient in name order: their card, folder and read date. \`status\` (read, unread, any) and \`q\` (part of a name) filter; paged, the total is in \`X-Total-Count\`. ${receiptsRights}`,
      params: paramsOf(p.listStubs),
      querystring: ZStubsQuery,
      response: { 200: ZStub.array(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listStubs(contextOf(request), request.params.id, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.countStubs),
    schema: {
      tags,
      summary: 'How many received a post, read it and did not',
      description: receiptsRights,
      params: paramsOf(p.countStubs),
      response: { 200: ZStubCounts, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => stubCounts(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.exportStubs),
    schema: {
      tags,
      summary: 'The read receipts of a post as a CSV or XLSX file',
      description:
        'Every recipient (the `status` and `q` filters of the list apply) in name order: name, read (yes/no), read date. ' +
        `Titles and yes/no in \`lang\` (default es). ${SPREADSHEET_FILE_DOC} ${receiptsRights}`,
      params: paramsOf(p.exportStubs),
      querystring: z.object({
        status: ZStubsQuery.shape.status,
        q: ZStubsQuery.shape.q,
        lang: ZLanguage.optional(),
        format: ZSpreadsheetFormat.optional(),
      }),
      response: { 200: fileAnswer('CSV, or XLSX with format=xlsx', mime.csv, mime.xlsx), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const format = requestedFormat(request.query.format, request.headers.accept);
      const file = await exportStubs(contextOf(request), request.params.id, request.query, format);
      return sendDownload(reply, { ...file, fallbackName: `receipts.${format}` });
    },
  });
}
