import { ZLanguage } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../http/download';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { exportMembersPolicy } from './members-export.policy';
import { exportMembersCsv } from './members-export.service';

export async function membersExportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...routeOf(exportMembersPolicy),
    schema: {
      tags: ['nodes'],
      summary: 'Members of a node as a CSV file',
      description:
        'The current members as `GET nodes/{id}/members` lists them, for the same callers, one line per person ' +
        '(issue 8) with their roles in the node joined by commas: names, roles, and for the staff who see school ' +
        'data (school-wide staff, the staff of the node or an ancestor) enrollment status, email and mobile; the ' +
        'document only for administrators and school-wide employees. UTF-8 with BOM, CRLF, RFC 4180 quoting; a ' +
        'cell that starts with =, +, -, @, tab or carriage return gets a leading apostrophe so no spreadsheet runs ' +
        'it as a formula (the stored text is unchanged). ' +
        '`lang` picks the language of titles, roles and statuses (default es); `delimiter=semicolon` suits ' +
        'spreadsheets set to a decimal comma.',
      params: paramsOf(exportMembersPolicy),
      querystring: z.object({
        lang: ZLanguage.optional(),
        delimiter: z.enum(['comma', 'semicolon']).optional(),
      }),
      response: { 200: z.string().describe('text/csv'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { fileName, csv } = await exportMembersCsv(contextOf(request), request.params.id, request.query);
      return sendDownload(reply, { fileName, fallbackName: 'members.csv', contentType: 'text/csv; charset=utf-8', body: csv });
    },
  });
}
