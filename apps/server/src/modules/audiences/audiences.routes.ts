import { ZAudiencePreview, ZAudiencePreviewRequest } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { audiencePolicies } from './audiences.policy';
import { previewAudience } from './audiences.service';

export async function audienceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(audiencePolicies.preview),
    schema: {
      tags: ['audiences'],
      summary: 'Count and sample the people a person-selection rule selects (staff)',
      description:
        'Rules (spec §3 Person-selection conditions): {field, op, args} combined with {op: and|or|not, args}. ' +
        'Fields: firstName, lastName, gender, document, enrollmentStatus, node, role, employeeGroup, ' +
        'transportRoute, familiesWithChildren, familiesOf (eq a node: the parent-like relatives of its current students and ' +
        'those of the nodes below, not the students), and three that read billing: debtor (eq true: students with an unpaid ' +
        'debit past its expiration date in the school’s time zone; eq false: current students with none), billingDebit ' +
        '(eq or contains a text: people with an unpaid debit whose description or a concept’s name matches, case ' +
        'ignored) and billingPrice (eq, lt, gt, between amounts in major units of the debit’s currency: people with an ' +
        'unpaid debit whose value compares); with includeRelatives a rule on debtors reaches their families. Operators: eq, ' +
        'neq, lt, gt, between, beginsWith, contains, gradedAtOrAbove, gradedAtOrBelow (node). An unknown ' +
        'field or operator is a 400 and nothing runs. includeRelatives adds the parent-like relatives. Staff only ' +
        '(a driver alone is not staff). A rule may only ask what its author may see (decision 004): administrators ' +
        'and school-wide employees use every field; teachers and employees of a node use names, role and ' +
        'employeeGroup anywhere, node, transportRoute and familiesOf only on nodes they teach or work in (and below), gender, ' +
        'enrollmentStatus and familiesWithChildren only inside a rule confined to those nodes, and never document, ' +
        'grade order or the billing fields; anything else is 403 `forbidden_filter` naming the field. People whose registration ' +
        'is not approved are never selected; node, role and grade rules select current members only.',
      params: paramsOf(audiencePolicies.preview),
      body: ZAudiencePreviewRequest,
      response: { 200: ZAudiencePreview, ...errors(400, 401, 403) },
    },
    handler: async (request) => previewAudience(contextOf(request), request.body),
  });
}
