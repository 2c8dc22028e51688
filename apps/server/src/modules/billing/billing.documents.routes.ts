import { ZBillingStatementQuery } from '@patio/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inline } from '../../http/download';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, mime } from '../../http/schemas';
import { renderReceipt, renderStatement, type PdfFile } from './billing.documents';
import { billingDocumentPolicies as policies } from './billing.documents.policy';

const pdfAnswer = fileAnswer('PDF, shown inline', mime.pdf);

function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', inline(file.fileName, 'document.pdf'))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

export async function billingDocumentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  r.route({
    ...routeOf(policies.readReceipt),
    schema: {
      tags,
      summary: 'A payment receipt as PDF: the credit, its amount in Spanish words and how it was applied',
      description:
        'School, receipt number (the credit sequence), student, date, method, reference, the amount formatted for the ' +
        "reader's language and written in Spanish words (spec §9, cents after 'con'), and each debit line it paid " +
        '(debit number, period, concept, value). Labels in the caller’s language (es by default). Read by the student, ' +
        'their parent-like relatives and billing staff (as GET billing/credits/{id}); 404 for a credit of no one or of ' +
        'another school. `Cache-Control: private, no-store`.',
      params: paramsOf(policies.readReceipt),
      response: { 200: pdfAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => sendPdf(reply, await renderReceipt(contextOf(request), request.params.id)),
  });

  r.route({
    ...routeOf(policies.readStatement),
    schema: {
      tags,
      summary: 'A statement of account as PDF: debits, credits and the running balance between two days',
      description:
        'Covers the person and their parent-like children, as people/{id}/billing/*. `from` and `to` are days ' +
        '(YYYY-MM-DD; default the last 12 months to today in the school’s time zone; 400 `invalid_range` when `from` ' +
        'comes after `to`). Starts from the balance before `from`, lists each debit (its charges and interest lines) ' +
        'and credit with the balance after it, ends with the balance on `to` and the balance today as the billing ' +
        'screen shows it (interest accruing and payments to apply counted). Read by the person, their parent-like ' +
        'relatives and billing staff.',
      params: paramsOf(policies.readStatement),
      querystring: ZBillingStatementQuery,
      response: { 200: pdfAnswer, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => sendPdf(reply, await renderStatement(contextOf(request), request.params.id, request.query)),
  });
}
