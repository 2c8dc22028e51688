import { ZBillingImport, ZBillingImportResult, ZBillingTemplateQuery } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendDownload } from '../../http/download';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, fileField, mime, uploadBody } from '../../http/schemas';
import { readUpload } from '../import/index';
import { commitBillingImport, createBillingImport, getBillingImport } from './billing.import.service';
import { billingTemplate } from './billing.import.template';
import { billingStaffPolicies as policies } from './billing.staff.policy';

const tags = ['billing'];

export async function billingImportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(policies.createImport),
    schema: {
      tags,
      summary: 'Upload a CSV or XLSX of debits and see what committing it would do (billing staff)',
      description:
        'multipart/form-data with one file, read like the people import (≤ 10 MB, at most 20,000 rows, 100 columns and ' +
        '1,000,000 cells, XLSX bombs refused: 413 `file_too_large`, `too_many_rows`, `too_many_columns`, `too_many_cells`, ' +
        '`file_too_complex`; 400 `invalid_file`). The header is the row among the first 30 that names at least three columns, ' +
        'in Spanish or English (see the template): student document or student code, period, description (optional), issue ' +
        'date, expiration date, concept, observations (optional), value, reference (optional, default `{document}:{period}`); ' +
        '400 `invalid_header` when none does, 400 `missing_columns` naming those missing. Each row is a concept; rows with the ' +
        'same reference form one debit. Values are major units of the school currency: a comma and a point may group thousands ' +
        'or mark decimals (the last one marks decimals when both appear; one mark written several times groups thousands; one ' +
        'mark before exactly three digits groups thousands in a currency without cents, such as COP, and is refused as ' +
        '`ambiguous_amount` in one with cents, such as EUR). Negative, zero, fractional beyond the currency, non-numeric or ' +
        'too large (over 12 digits) values are `invalid_amount`. Each debit answers `action`: `create`, `unchanged` (its ' +
        'reference names the same debit), `update` (changed, unpaid and never paid), or `error` with `errors` ' +
        '({row, column, code, message}: `unknown_student`, `invalid_date`, `expiration_before_issue`, `required`, ' +
        '`invalid_characters`, `too_long`, `inconsistent_debit`, `reference_other_student`, `debit_has_payments`…). ' +
        'Nothing is written to the ledger until commit.',
      consumes: ['multipart/form-data'],
      documentedBody: uploadBody({ file: fileField('The CSV or XLSX file (≤ 10 MB)') }),
      params: paramsOf(policies.createImport),
      response: { 201: ZBillingImport, ...errors(400, 401, 403, 413) },
    },
    handler: async (request, reply) => {
      const upload = await readUpload(request);
      reply.code(201);
      return createBillingImport(contextOf(request), upload);
    },
  });

  for (const format of ['xlsx', 'csv'] as const) {
    const policy = format === 'xlsx' ? policies.readTemplateXlsx : policies.readTemplateCsv;
    r.route({
      ...routeOf(policy),
      schema: {
        tags,
        summary: `The debits import template as ${format.toUpperCase()} (billing staff)`,
        description: '`lang` (es or en, default es) picks the column titles; the import recognises both.',
        params: paramsOf(policy),
        querystring: ZBillingTemplateQuery,
        response: { 200: fileAnswer(format === 'xlsx' ? 'The template: XLSX (titles, column formats, instructions)' : 'The template: CSV (UTF-8 with BOM, the title line)', mime[format]), ...errors(400, 401, 403) },
      },
      handler: async (request, reply) => {
        const file = await billingTemplate(format, request.query.lang);
        return sendDownload(reply, { ...file, fallbackName: 'debits-template' });
      },
    });
  }

  r.route({
    ...routeOf(policies.readImport),
    schema: {
      tags,
      summary: 'A debits import: its preview, and what the commit did once committed (billing staff)',
      params: paramsOf(policies.readImport),
      response: { 200: ZBillingImport, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getBillingImport(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(policies.commitImport),
    schema: {
      tags,
      summary: 'Commit a debits import in one transaction (billing staff)',
      description:
        'Creates the debits previewed as `create`, rewrites those previewed as `update` and leaves the rest; debits with ' +
        'errors are skipped. Each debit is compared with the ledger again inside the transaction: one paid since the ' +
        'preview is skipped, never changed. All or nothing. 409 `already_committed` for an import committed before (of ' +
        'parallel commits exactly one applies); 409 `import_conflict` when another import wrote one of its references ' +
        'meanwhile (nothing written: upload again).',
      params: paramsOf(policies.commitImport),
      response: { 200: ZBillingImportResult, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => commitBillingImport(contextOf(request), request.params.id),
  });
}
