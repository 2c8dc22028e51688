import { BLOCKS_PER_POST_MAX, ZBlock, ZBlockInput, ZBlockUpdate } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { blocksPolicies as p } from './blocks.policy';
import { addBlock, listBlocks, removeBlock, updateBlock } from './blocks.service';
import { htmlRoutes } from './html.routes';

const tags = ['blocks'];
const urlRules =
  'A url is checked for its type (else 400 `invalid_block_url`, nothing saved): files `posts/{this post}/resources/files/block-{1 to 16 digits}`; ' +
  'form `data/entities/{id}` and html `media/html/{id}` of this school, owned by the caller (any, for an administrator); image a file ' +
  'address of this school (`/api/{org}/files/…`) or an https address; youtube a YouTube or Vimeo video address; googleDocument a ' +
  'Google Drive/Docs or OneDrive https address; v3 a path on the legacy host (no scheme, no `..`, no leading `//`) or an https address. ' +
  'A blank url is null (the block gets one on first load, spec §4). Options: at most 20 keys (files: `{gallery: 1}`).';
const authorOnly = 'Only the post\'s author (403 for its other readers, 404 for anyone who may not read it).';

/** The blocks area's routes under /api/{org}/: a post's blocks and html items. */
export async function blocksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.listBlocks),
    schema: {
      tags,
      summary: "A post's blocks, in order",
      description: 'For the readers of the post (its author, its recipients, administrators once published); 404 for anyone else. Post cards carry the same list.',
      params: paramsOf(p.listBlocks),
      response: { 200: ZBlock.array(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listBlocks(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.addBlock),
    schema: {
      tags,
      summary: 'Add a block at the end of a post',
      description: `${authorOnly} Drafts and published posts alike; at most ${BLOCKS_PER_POST_MAX} blocks (409 \`too_many_blocks\`, also under parallel requests). ${urlRules}`,
      params: paramsOf(p.addBlock),
      body: ZBlockInput,
      response: { 201: ZBlock, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => reply.code(201).send(await addBlock(contextOf(request), request.params.id, request.body)),
  });

  r.route({
    ...routeOf(p.updateBlock),
    schema: {
      tags,
      summary: 'Change a block: its url, its options, or its place',
      description: `${authorOnly} \`position\` moves the block to that 0-based index (past the end: last) and shifts the others, in one transaction. ${urlRules}`,
      params: paramsOf(p.updateBlock),
      body: ZBlockUpdate,
      response: { 200: ZBlock, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => updateBlock(contextOf(request), request.params.id, request.params.blockId, request.body),
  });

  r.route({
    ...routeOf(p.removeBlock),
    schema: {
      tags,
      summary: 'Remove a block from a post',
      description: `${authorOnly} The blocks after it move up. The form, html item or files it pointed at are not deleted.`,
      params: paramsOf(p.removeBlock),
      response: { 204: z.null().describe('Removed'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removeBlock(contextOf(request), request.params.id, request.params.blockId);
      return reply.code(204).send(null);
    },
  });

  await htmlRoutes(app);
}
