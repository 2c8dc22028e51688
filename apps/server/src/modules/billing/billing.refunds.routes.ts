import { ZRefund, ZRefundDoneInput, ZRefundListQuery } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { completeRefund, listRefunds } from './billing.refunds';
import { billingStaffPolicies as p } from './billing.staff.policy';

/** Treasury's refunds of online payments approved after their debit was paid (issue 29), under /api/{org}/. */
export async function billingRefundRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  r.route({
    ...routeOf(p.listRefunds),
    schema: {
      tags,
      summary: 'Refunds to make: online payments approved after their debit was paid',
      description:
        'Billing staff only. A gateway may approve a payment after the debit was paid some other way: the money is never applied twice, it waits on its online credit ("payments to apply") and appears here. `state=open` (default, oldest first) or `done` (newest first). Paged; the total is in X-Total-Count.',
      params: paramsOf(p.listRefunds),
      querystring: ZRefundListQuery,
      response: { 200: z.array(ZRefund), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listRefunds(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.completeRefund),
    schema: {
      tags,
      summary: 'Mark a refund done',
      description:
        'Billing staff only. `note` (up to 500 characters) says how it was settled (a transfer number, "applied to the next month"). Marked once: a repeat answers the refund as first marked. The credit is not changed: apply or keep it as agreed with the family.',
      params: paramsOf(p.completeRefund),
      body: ZRefundDoneInput,
      response: { 200: ZRefund, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => completeRefund(contextOf(request), request.params.id, request.body.note),
  });
}
