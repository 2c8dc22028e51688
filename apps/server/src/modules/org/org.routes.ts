import { ZDirectoryEntry, ZOrgCode } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { findDirectoryEntry } from './org.service';

/** Routes outside any school (no token, no policy): the school directory. */
export async function directoryRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/directory/:code',
    schema: {
      tags: ['org'],
      summary: 'Resolve a school code to its API base URL',
      security: [],
      params: z.object({ code: ZOrgCode }),
      response: { 200: ZDirectoryEntry, ...errors(400, 404) },
    },
    handler: async (request) => findDirectoryEntry(app.patio.db, request.params.code, originOf(request)),
  });
}
