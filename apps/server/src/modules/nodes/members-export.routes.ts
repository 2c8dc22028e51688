import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendDownload } from '../../http/download';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, mime } from '../../http/schemas';
import { exportMembersPolicy } from './members-export.policy';
import { SPREADSHEET_FILE_DOC, ZSpreadsheetExportQuery, requestedFormat } from '../../platform/spreadsheet/index';
import { exportMembers } from './members-export.service';

export async function membersExportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...routeOf(exportMembersPolicy),
    schema: {
      tags: ['nodes'],
      summary: 'Members of a node as a CSV or XLSX file',
      description:
        'The current members as `GET nodes/{id}/members` lists them, for the same callers, one line per person ' +
        '(issue 8) with their roles in the node joined by commas: names, roles, and for the staff who see school ' +
        'data (school-wide staff, the staff of the node or an ancestor) enrollment status, email and mobile; the ' +
        'document only for administrators and school-wide employees. `lang` picks the language of titles, roles ' +
        'and statuses (default es); `delimiter` overrides the CSV delimiter of that language. ' +
        SPREADSHEET_FILE_DOC,
      params: paramsOf(exportMembersPolicy),
      querystring: ZSpreadsheetExportQuery,
      response: { 200: fileAnswer('CSV, or XLSX with format=xlsx', mime.csv, mime.xlsx), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const format = requestedFormat(request.query.format, request.headers.accept);
      const file = await exportMembers(contextOf(request), request.params.id, request.query, format);
      return sendDownload(reply, { ...file, fallbackName: `members.${format}` });
    },
  });
}
