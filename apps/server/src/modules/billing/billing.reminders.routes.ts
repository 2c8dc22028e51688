import { ZBillingReminder, ZBillingReminderInput } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { sendPaymentReminder } from './billing.reminders';
import { billingStaffPolicies as policies } from './billing.staff.policy';

export async function billingReminderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...routeOf(policies.createReminder),
    schema: {
      tags: ['billing'],
      summary: 'Remind the families of students with an overdue balance to pay (billing staff)',
      description:
        'Publishes a post of type `payment` from the caller to the audience `debtor eq true` with the parent-like ' +
        'relatives (the debtors and their families), delivered and notified like any post. `title` and `message` ' +
        '(plain text, paragraphs separated by a blank line) default to a reminder in the school’s language that ' +
        'names no amount and no family. Answers 201 `{postId, recipients}`; 409 `no_debtors` when no student owes.',
      params: paramsOf(policies.createReminder),
      body: ZBillingReminderInput.nullish(),
      response: { 201: ZBillingReminder, ...errors(400, 401, 403, 409) },
    },
    handler: async (request, reply) => {
      const answer = await sendPaymentReminder(contextOf(request), request.body ?? {});
      reply.code(201);
      return answer;
    },
  });
}
