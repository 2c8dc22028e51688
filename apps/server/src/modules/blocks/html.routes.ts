import { HTML_BODY_MAX, ZHtmlInput, ZHtmlMedia } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { blocksPolicies as p } from './blocks.policy';
import { createHtml, getHtml, removeHtml, saveHtml } from './html.service';

const tags = ['blocks'];
const bodyNote =
  `The body is sanitised as a post's description is (scripts, styles, event handlers and javascript: links removed); at most ${HTML_BODY_MAX} characters (400).`;
const readers = 'Its owner, administrators, and whoever may read a post with a block whose url is `media/html/{id}`; 404 for anyone else.';

export async function htmlRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.createHtml),
    schema: {
      tags,
      summary: 'A new html item (the body of an html block)',
      description: `Owned by the caller; a block then points at it as \`media/html/{id}\`. ${bodyNote}`,
      params: paramsOf(p.createHtml),
      body: ZHtmlInput,
      response: { 201: ZHtmlMedia, ...errors(400, 401, 403, 413) },
    },
    handler: async (request, reply) => reply.code(201).send(await createHtml(contextOf(request), request.body.body)),
  });

  r.route({
    ...routeOf(p.readHtml),
    schema: {
      tags,
      summary: 'An html item',
      description: readers,
      params: paramsOf(p.readHtml),
      response: { 200: ZHtmlMedia, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getHtml(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.updateHtml),
    schema: {
      tags,
      summary: 'Save an html item (autosave, 500 ms after the last edit)',
      description: `Its owner or an administrator; its other readers 403. ${bodyNote} Answers the body as stored.`,
      params: paramsOf(p.updateHtml),
      body: ZHtmlInput,
      response: { 200: ZHtmlMedia, ...errors(400, 401, 403, 404, 413) },
    },
    handler: async (request) => saveHtml(contextOf(request), request.params.id, request.body.body),
  });

  r.route({
    ...routeOf(p.deleteHtml),
    schema: {
      tags,
      summary: 'Delete an html item',
      description: 'Its owner or an administrator; its other readers 403. Blocks still pointing at it find nothing (404).',
      params: paramsOf(p.deleteHtml),
      response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removeHtml(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}
