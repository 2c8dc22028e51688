import { FORM_LIST_LIMIT, FORM_MAX_FIELDS, ZFormEntity, ZFormInput, ZFormSummary } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { badRequest } from '../../http/errors';
import { errors } from '../../http/schemas';
import { formsPolicies as p } from './forms.policy';
import { createForm, FieldsHaveAnswers, getForm, listForms, removeForm, saveForm } from './forms.service';
import { recordsRoutes } from './records.routes';
import { resultsRoutes } from './results.routes';

const tags = ['forms'];
const shape =
  `Fields (at most ${FORM_MAX_FIELDS}): name (letters, digits, _ and -; unique in the form), type text, textarea, select or checkbox, ` +
  'title, description, options (a select\'s choices, one per line) and order; they are stored and answered in `order`.';
const formKeys = Object.keys(ZFormInput.shape);

/** A whole-form save names at least one part of the form: a body of unknown keys alone would empty it. */
function assertNamesTheForm(body: unknown): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return; // the schema answers those
  if (Object.keys(body).some((key) => formKeys.includes(key))) return;
  const unknown = Object.keys(body).slice(0, 10).map((key) => key.slice(0, 60));
  throw badRequest('invalid_request', `The body names none of ${formKeys.join(', ')}${unknown.length > 0 ? ` (it has ${unknown.join(', ')})` : ''}`);
}

const ZSaveQuery = z.object({
  confirm: z.enum(['true', 'false']).optional().transform((v) => v === 'true').describe('true: remove fields even though records answer them'),
});

const readers = 'Its owner, administrators, and whoever may read a post with a block whose url is `data/entities/{id}`; 404 for anyone else.';

/** The forms area's routes under /api/{org}/: forms and polls, their records, results and exports. */
export async function formsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.listForms),
    schema: {
      tags,
      summary: 'Forms whose answers the caller may read',
      description:
        `The caller's own forms, or every form of the school for an administrator (whose results they may read: GET data/entities/{id}/results), ` +
        `the most recently changed first, at most ${FORM_LIST_LIMIT}. A dashboard's form-results block picks its form here.`,
      params: paramsOf(p.listForms),
      response: { 200: z.array(ZFormSummary), ...errors(401, 403) },
    },
    handler: async (request) => listForms(contextOf(request)),
  });

  r.route({
    ...routeOf(p.createForm),
    schema: {
      tags,
      summary: 'A new form or poll',
      description: `Owned by the caller (any member of the school); a form block then points at it as \`data/entities/{id}\`. ${shape}`,
      params: paramsOf(p.createForm),
      body: ZFormInput,
      response: { 201: ZFormEntity, ...errors(400, 401, 403, 413) },
    },
    handler: async (request, reply) => reply.code(201).send(await createForm(contextOf(request), request.body)),
  });

  r.route({
    ...routeOf(p.readForm),
    schema: { tags, summary: 'A form or poll', description: readers, params: paramsOf(p.readForm), response: { 200: ZFormEntity, ...errors(400, 401, 403, 404) } },
    handler: async (request) => getForm(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.updateForm),
    schema: {
      tags,
      summary: 'Save a whole form (the editor, 500 ms after the last edit)',
      description:
        'Its owner or an administrator; its readers 403. Records keep what they hold, whatever the fields become; results ' +
        'count the fields the form has now. A body naming none of title, description and fields is 400 `invalid_request` ' +
        '(it would empty the form). Removing (or renaming) a field that records answer is 409 `field_has_answers` naming ' +
        `those fields in \`details\`, nothing saved, unless \`confirm=true\`. ${shape}`,
      params: paramsOf(p.updateForm),
      querystring: ZSaveQuery,
      body: ZFormInput,
      response: { 200: ZFormEntity, ...errors(400, 401, 403, 404, 409, 413) },
    },
    preValidation: async (request) => assertNamesTheForm(request.body),
    handler: async (request, reply) => {
      try {
        return await saveForm(contextOf(request), request.params.id, request.body, { confirm: request.query.confirm });
      } catch (err) {
        if (err instanceof FieldsHaveAnswers) return reply.code(409).send({ error: err.code, message: err.message, details: err.details });
        throw err;
      }
    },
  });

  r.route({
    ...routeOf(p.deleteForm),
    schema: {
      tags,
      summary: 'Delete a form with all its records',
      description: 'Its owner or an administrator; its readers 403. Blocks still pointing at it find nothing (404).',
      params: paramsOf(p.deleteForm),
      response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removeForm(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  await recordsRoutes(app);
  await resultsRoutes(app);
}
