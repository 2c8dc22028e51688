import { ZFormAnswer, ZFormPending, ZFormResults, ZPageQuery, ZLanguage } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../http/download';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, mime } from '../../http/schemas';
import { formsPolicies as p } from './forms.policy';
import { exportAnswers, formResults, listAnswers, listPending } from './results.service';

const tags = ['forms'];
const ownerOnly = 'Its owner or an administrator; its readers 403; anyone else 404.';
const paged = 'Paged (`page`, `limit`, default 20, at most 100); the total is in `X-Total-Count`.';

export async function resultsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.readResults),
    schema: {
      tags,
      summary: 'Results of a form: counts per choice',
      description:
        `${ownerOnly} For each field in order: a select counts each choice (and any choice removed since that records still hold), ` +
        'a checkbox counts `checked`; `answers` is how many records filled the field. `audience` is how many people the published ' +
        'posts carrying the form reached (null when none does). Refetch on the live `form.answered` message.',
      params: paramsOf(p.readResults),
      response: { 200: ZFormResults, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => formResults(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.listAnswers),
    schema: {
      tags,
      summary: 'Answers of a form, each with who it is for and who sent it',
      description: `${ownerOnly} Newest first. ${paged}`,
      params: paramsOf(p.listAnswers),
      querystring: ZPageQuery,
      response: { 200: ZFormAnswer.array(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listAnswers(contextOf(request), request.params.id, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.listPending),
    schema: {
      tags,
      summary: 'Who the form reached and has not answered',
      description:
        `${ownerOnly} The people holding a stub of a published post that carries the form, without a record of their own, ` +
        `one they sent, or one for a child of theirs; in name order. ${paged}`,
      params: paramsOf(p.listPending),
      querystring: ZPageQuery,
      response: { 200: ZFormPending.array(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listPending(contextOf(request), request.params.id, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.exportAnswers),
    schema: {
      tags,
      summary: 'Answers of a form as a CSV file',
      description:
        `${ownerOnly} One line per answer in name order: person, answered by, date, then each field (its title, or its name). ` +
        'Titles and checkbox yes/no in `lang` (default es); cells separated by `;` in the languages that write decimals with a comma (es, de, fr, it, pt), by `,` in en. UTF-8 with BOM, CRLF, RFC 4180 quoting; a cell that starts with =, +, -, ' +
        '@, tab or carriage return gets a leading apostrophe so no spreadsheet runs it as a formula.',
      params: paramsOf(p.exportAnswers),
      querystring: z.object({ lang: ZLanguage.optional() }),
      response: { 200: fileAnswer('CSV', mime.csv), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { fileName, csv } = await exportAnswers(contextOf(request), request.params.id, request.query.lang);
      return sendDownload(reply, { fileName, fallbackName: 'answers.csv', contentType: 'text/csv; charset=utf-8', body: csv });
    },
  });
}
