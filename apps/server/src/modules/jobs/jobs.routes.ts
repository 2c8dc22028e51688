import { ZJob, ZJobsQuery } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { jobsPolicies as p } from './jobs.policy';
import { listJobs, retryJob } from './jobs.service';

export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.listJobs),
    schema: {
      tags: ['admin'],
      summary: 'Background jobs of the school',
      description:
        'School administrators. The jobs in one `state` (default `dead`: failed for good, such as a registration mail ' +
        'the mail server kept refusing), most recently changed first, with why the last attempt failed. Never the ' +
        'payload: `topic` and `personId` say what the job is about. The total is in the `X-Total-Count` header.',
      params: paramsOf(p.listJobs),
      querystring: ZJobsQuery,
      response: { 200: z.array(ZJob), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listJobs(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.retryJob),
    schema: {
      tags: ['admin'],
      summary: 'Retry a failed job',
      description:
        'School administrators. A dead job goes back to `queued` with its attempts reset and runs at once; answers the ' +
        'job. 409 when the job is not dead; 404 for an unknown id or another school\'s job.',
      params: paramsOf(p.retryJob),
      response: { 200: ZJob, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => retryJob(contextOf(request), request.params.id),
  });
}
