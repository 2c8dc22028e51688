import { ZCreated, ZDraft, ZPageQuery, ZPostInput } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { createDraft, discardDraft, getDraft, listDrafts, saveDraft } from './drafts.service';
import { POST_BODY_LIMIT } from './posts.limits';
import { postsPolicies as p } from './posts.policy';

const sizeNote =
  'The description is sanitised HTML (scripts, styles, event handlers and javascript: links are removed); over 1,000,000 bytes is 413 `payload_too_large` and nothing is saved. ' +
  '`event` is the calendar event the post will carry (saved with the draft and answered as written; null or absent removes it); a bad event is 400 and nothing is saved.';

export async function draftsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['posts'];

  r.route({
    ...routeOf(p.createDraft),
    bodyLimit: POST_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Start a draft (compose autosave)',
      description: `Body: any part of a post (PostInput; what is left out takes its default). Recipients are not checked until it is published. \`{me}\` is the caller's own id, else 403. ${sizeNote}`,
      params: paramsOf(p.createDraft),
      body: ZPostInput.nullish(),
      response: { 201: ZCreated, ...errors(400, 401, 403, 413) },
    },
    handler: async (request, reply) => reply.code(201).send(await createDraft(contextOf(request), request.body)),
  });

  r.route({
    ...routeOf(p.listDrafts),
    schema: {
      tags,
      summary: "The caller's drafts, last saved first",
      description: 'Paged (`page`, `limit`, default 20); the total is in the `X-Total-Count` header.',
      params: paramsOf(p.listDrafts),
      querystring: ZPageQuery,
      response: { 200: ZDraft.array(), ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listDrafts(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.readDraft),
    schema: {
      tags,
      summary: 'One draft of the caller',
      description: '404 when it is not a draft of the caller (published, scheduled, someone else\'s, another school\'s).',
      params: paramsOf(p.readDraft),
      response: { 200: ZDraft, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getDraft(contextOf(request), request.params.draftId),
  });

  r.route({
    ...routeOf(p.saveDraft),
    bodyLimit: POST_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Autosave a draft: replaces the whole post',
      description: `Only its author (its other readers 403; whoever may not read it 404, as GET posts/{id}), and only while it is a draft (409 \`not_a_draft\` once published or scheduled). Answers the saved draft. ${sizeNote}`,
      params: paramsOf(p.saveDraft),
      body: ZPostInput,
      response: { 200: ZDraft, ...errors(400, 401, 403, 404, 409, 413) },
    },
    handler: async (request) => saveDraft(contextOf(request), request.params.id, request.body),
  });

  r.route({
    ...routeOf(p.discardDraft),
    schema: {
      tags,
      summary: 'Discard a draft',
      description: 'Only its author (its other readers 403; whoever may not read it 404, as GET posts/{id}), only a draft (409 `not_a_draft` for a published or scheduled post).',
      params: paramsOf(p.discardDraft),
      response: { 204: z.null().describe('Discarded'), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await discardDraft(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
