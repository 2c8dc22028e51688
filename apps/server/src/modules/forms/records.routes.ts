import { ZFormRecord, ZFormRecordInput } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { formsPolicies as p } from './forms.policy';
import { answerForm, getRecords, RecordRefused } from './records.service';

const tags = ['forms'];

export async function recordsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.readRecords),
    schema: {
      tags,
      summary: "A person's answers to a form (none or one record)",
      description:
        'The person and their parent-like relatives (when the form reaches them or the person), the form\'s owner and ' +
        'administrators. A reader of the form asking about someone else 403; anyone else 404. Checkbox values are 1 or 0.',
      params: paramsOf(p.readRecords),
      response: { 200: ZFormRecord.array(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getRecords(contextOf(request), request.params.personId, request.params.formId),
  });

  r.route({
    ...routeOf(p.answer),
    schema: {
      tags,
      summary: 'Answer a form, for oneself or for one\'s child',
      description:
        'Body: the answers keyed by field name. Only the person, or a parent-like relative answering for them, and only when ' +
        'the form reaches the caller or the person (else 404); for anyone else 403. A checkbox is checked with 1 (or true), ' +
        'unchecked with 0; a select takes one of its choices or an empty value; texts are trimmed. 400 `unknown_field`, ' +
        '`invalid_choice` or `invalid_value` name the field in `details`; a second answer for the person is 409 ' +
        '`already_answered` (the first stays, however many arrive at once). The form\'s owner is told live (`form.answered`).',
      params: paramsOf(p.answer),
      body: ZFormRecordInput,
      response: { 201: ZFormRecord, ...errors(400, 401, 403, 404, 409, 413) },
    },
    handler: async (request, reply) => {
      try {
        return reply.code(201).send(await answerForm(contextOf(request), request.params.personId, request.params.formId, request.body));
      } catch (err) {
        if (err instanceof RecordRefused) return reply.code(400).send({ error: err.code, message: err.message, details: err.details });
        throw err;
      }
    },
  });
}
