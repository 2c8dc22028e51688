import {
  ZApplyCreditInput,
  ZBillingBalance,
  ZBillingListQuery,
  ZBillingSettings,
  ZBillingSettingsInput,
  ZCredit,
  ZCreditListQuery,
  ZCreditSummary,
  ZDebit,
  ZDebitSummary,
  ZDebtor,
  ZDebtorsQuery,
  ZLanguage,
  ZManualCreditInput,
  ZUnapplyCreditInput,
} from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../http/download';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, mime } from '../../http/schemas';
import { SPREADSHEET_FILE_DOC, ZSpreadsheetFormat, requestedFormat } from '../../platform/spreadsheet/index';
import { applyCreditNow, createManualCredit, idempotencyKeyOf, unapplyCreditNow } from './billing.credits';
import { listDebtors } from './billing.debtors';
import { exportDebtors } from './billing.debtors.export';
import { billingPolicies as p } from './billing.policy';
import { getCredit, getDebit, listCredits, listDebits, readBalance } from './billing.read';
import { billingRefundRoutes } from './billing.refunds.routes';
import { readBillingSettings, updateBillingSettings } from './billing.settings';

/** The ledger's reads and treasury's tools under /api/{org}/ (issue 14; docs/decisions/019-billing-ledger.md). */
export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];
  const family =
    'The person, a parent-like relative of them, or billing staff (administrators and school-wide employees); anyone else 403. A parent\'s id covers the parent and their parent-like children (each item names its student).';

  r.route({
    ...routeOf(p.readBalance),
    schema: {
      tags,
      summary: "A family's balance",
      description: `${family} \`pending\`: what every unpaid debit owes today, interest included; \`overdue\`: the part past its expiration date; \`unapplied\`: payments to apply; \`balance\` = pending − unapplied. Amounts in minor units of \`currency\`.`,
      params: paramsOf(p.readBalance),
      response: { 200: ZBillingBalance, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => readBalance(contextOf(request), request.params.id),
  });

  for (const [policy, paid] of [
    [p.listPendingDebits, false],
    [p.listPaidDebits, true],
  ] as const) {
    r.route({
      ...routeOf(policy),
      schema: {
        tags,
        summary: paid ? 'Paid debits' : 'Pending debits',
        description: `${family} ${paid ? 'Newest paid first.' : 'Unpaid debits by expiration date, with the interest accrued to today.'} The total is in the \`X-Total-Count\` header.`,
        params: paramsOf(policy),
        querystring: ZBillingListQuery,
        response: { 200: z.array(ZDebitSummary), ...errors(400, 401, 403, 404) },
      },
      handler: async (request, reply) => {
        const { items, total } = await listDebits(contextOf(request), request.params.id, paid, request.query);
        reply.header('x-total-count', String(total));
        return items;
      },
    });
  }

  r.route({
    ...routeOf(p.listCredits),
    schema: {
      tags,
      summary: 'Payments received',
      description: `${family} Newest first; \`balance=true\` lists only those with an unapplied balance ("payments to apply"). The total is in the \`X-Total-Count\` header.`,
      params: paramsOf(p.listCredits),
      querystring: ZCreditListQuery,
      response: { 200: z.array(ZCreditSummary), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listCredits(contextOf(request), request.params.id, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.createCredit),
    schema: {
      tags,
      summary: 'Record a payment received (treasury)',
      description:
        "Billing staff only. Records a credit for the student in the school's currency and, unless `apply` is false, applies it: to `debitId`, or to the oldest unpaid debits first (interest accrued to the effective date first). An optional `Idempotency-Key` header (≤ 200 visible characters): the same staff member and key answer the same credit (200) instead of a second one. Errors: 400 `wrong_student`, `currency_mismatch`; 409 `debit_paid`: then nothing is recorded.",
      params: paramsOf(p.createCredit),
      body: ZManualCreditInput,
      response: { 200: ZCredit, 201: ZCredit, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const { credit, created } = await createManualCredit(contextOf(request), request.params.id, request.body, key);
      return reply.code(created ? 201 : 200).send(credit);
    },
  });

  r.route({
    ...routeOf(p.readDebit),
    schema: {
      tags,
      summary: 'One debit: its lines, interest, how it was paid',
      description:
        "The student, their parent-like relatives and billing staff (others 403; a debit of another school 404). `accruingInterest` is the interest counted to today that no payment has fixed as a line yet; `lastPayment` the caller's latest online payment of it.",
      params: paramsOf(p.readDebit),
      response: { 200: ZDebit, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getDebit(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.readCredit),
    schema: {
      tags,
      summary: 'One credit and how it was applied',
      description: 'The student, their parent-like relatives and billing staff (others 403; a credit of another school 404). Distributions undone by an unapply are not listed.',
      params: paramsOf(p.readCredit),
      response: { 200: ZCredit, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getCredit(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.applyCredit),
    schema: {
      tags,
      summary: "Apply a credit's unapplied balance",
      description:
        "Billing staff only. To `debitId` (a debit of the credit's student: else 400 `wrong_student`; same currency: else 400 `currency_mismatch`; not paid: else 409 `debit_paid`), or to the student's oldest unpaid debits first; `amount` caps it. 409 `nothing_to_apply` when nothing is left to apply. Two applies at once never apply more than the credit holds.",
      params: paramsOf(p.applyCredit),
      body: ZApplyCreditInput,
      response: { 200: ZCredit, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => applyCreditNow(contextOf(request), request.params.id, request.body),
  });

  r.route({
    ...routeOf(p.unapplyCredit),
    schema: {
      tags,
      summary: 'Take back what a credit paid',
      description:
        'Billing staff only. On `debitId`, or on every debit. The distributions are kept as reversed history; the debits owe again (interest already added stays, and runs again from the credit\'s effective date).',
      params: paramsOf(p.unapplyCredit),
      body: ZUnapplyCreditInput,
      response: { 200: ZCredit, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => unapplyCreditNow(contextOf(request), request.params.id, request.body),
  });

  r.route({
    ...routeOf(p.listDebtors),
    schema: {
      tags,
      summary: 'Students with an overdue balance',
      description:
        'Billing staff only. Oldest debt first, each with its parent-like relatives; `node` keeps the current students of that node\'s subtree, `minDaysOverdue` those whose oldest debt expired at least that many days ago. The total is in the `X-Total-Count` header.',
      params: paramsOf(p.listDebtors),
      querystring: ZDebtorsQuery,
      response: { 200: z.array(ZDebtor), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listDebtors(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.exportDebtors),
    schema: {
      tags,
      summary: 'Students with an overdue balance, as a CSV or XLSX file',
      description:
        'Billing staff only. Every line of GET billing/debtors (all pages, the same `node` and `minDaysOverdue`): ' +
        'student, relatives, overdue and pending amounts in major units of the currency, overdue debits, oldest ' +
        `expiration, days overdue, currency; titles in \`lang\` (default es). ${SPREADSHEET_FILE_DOC}`,
      params: paramsOf(p.exportDebtors),
      querystring: ZDebtorsQuery.omit({ page: true, limit: true }).extend({ lang: ZLanguage.optional(), format: ZSpreadsheetFormat.optional() }),
      response: { 200: fileAnswer('CSV, or XLSX with format=xlsx', mime.csv, mime.xlsx), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const format = requestedFormat(request.query.format, request.headers.accept);
      const file = await exportDebtors(contextOf(request), request.query, format);
      return sendDownload(reply, { ...file, fallbackName: `debtors.${format}` });
    },
  });

  r.route({
    ...routeOf(p.readSettings),
    schema: {
      tags,
      summary: "The school's billing settings",
      description:
        "Billing staff only. The currency (§9), the interest rule (off until set), the provider of online payments (tuCompra when the school's flag is set, else the configured one: PAYMENT_PROVIDER, the built-in sandbox by default in development; null when a production server has none) and `studentsSeeOwnBilling` (default false: students do not see their own debits, their parent-like relatives and billing staff do).",
      params: paramsOf(p.readSettings),
      response: { 200: ZBillingSettings, ...errors(401, 403, 404) },
    },
    handler: async (request) => readBillingSettings(contextOf(request)),
  });

  r.route({
    ...routeOf(p.updateSettings),
    schema: {
      tags,
      summary: 'Change the interest rule, or whether students see their own billing',
      description:
        'Billing staff only. Send `interest`, `studentsSeeOwnBilling` or both; what is left out stays. `interest`: simple interest on overdue charges, `monthlyRatePercent` (0 to 10; 0 turns it off) counted per day after `graceDays`; debits already issued count their interest with the new rule from now on. `studentsSeeOwnBilling`: students read their own debits, credits, payments and documents (every billing read applies it at once).',
      params: paramsOf(p.updateSettings),
      body: ZBillingSettingsInput,
      response: { 200: ZBillingSettings, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => updateBillingSettings(contextOf(request), request.body),
  });

  await billingRefundRoutes(app);
}
