import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { exportMembersPolicy } from './members-export.policy';
import { exportMembersCsv } from './members-export.service';

/** `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'members.csv';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

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
        lang: z.enum(['es', 'en', 'de', 'fr', 'it', 'pt']).optional(),
        delimiter: z.enum(['comma', 'semicolon']).optional(),
      }),
      response: { 200: z.string().describe('text/csv'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { fileName, csv } = await exportMembersCsv(contextOf(request), request.params.id, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(csv);
    },
  });
}
