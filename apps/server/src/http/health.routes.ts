import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Readiness } from './readiness';

// GET /api/health and GET /api/ready, for load balancers, systemd watchdogs and orchestrators. Both
// are public (a probe has no token) and say nothing that helps an attacker: fixed words, timings and
// migration names, never an address, a user name or an error's text.

const ZCheck = z.object({
  ok: z.boolean(),
  ms: z.number().describe('How long the check took, in milliseconds'),
  error: z.string().optional().describe('Why it failed: timeout, unreachable, not_writable, pending_migrations or queue_lagging'),
});

const ZReadiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: ZCheck.describe('The database answers a query'),
    migrations: ZCheck.extend({
      pending: z.array(z.string()).optional().describe('Migrations this version has that the database has not run (absent when it could not be read)'),
    }).describe('Every migration of this version has run'),
    storage: ZCheck.extend({ kind: z.enum(['local', 's3']) }).describe('A small file can be written, read back and removed (DATA_DIR/files or the S3 bucket)'),
    jobs: ZCheck.extend({
      oldestDueSeconds: z.number().optional().describe('How long the longest-waiting due job has waited'),
      maxSeconds: z.number().describe('READY_MAX_JOB_LAG_SECONDS (0: the lag is reported, never a failure)'),
    }).describe('The job queue is being worked'),
    redis: ZCheck.optional().describe('Only with REDIS_URL: a probe event went through Redis and came back'),
  }),
});

const ZNotReady = ZReadiness.extend({ error: z.literal('not_ready'), message: z.string() });

const ZHealth = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().describe('Seconds since this process started'),
});

export async function healthRoutes(app: FastifyInstance, options: { readiness: () => Promise<Readiness> }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    method: 'GET',
    url: '/api/health',
    schema: {
      tags: ['operations'],
      summary: 'Liveness: the process is alive',
      description: 'Answers 200 as long as the process serves HTTP. Touches nothing else (no database), so it stays cheap; restart the process when it stops answering.',
      security: [],
      response: { 200: ZHealth },
    },
    handler: async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  });

  r.route({
    method: 'GET',
    url: '/api/ready',
    schema: {
      tags: ['operations'],
      summary: 'Readiness: this process can serve requests',
      description:
        'Checks the database, the migrations, file storage, the job queue’s lag and, with REDIS_URL, Redis, each within 2 ' +
        's. 200 when all pass; 503 with the same detail plus `error: not_ready` when one fails. Answers are reused for 1 s.',
      security: [],
      response: { 200: ZReadiness, 503: ZNotReady },
    },
    handler: async (_request, reply) => {
      const readiness = await options.readiness();
      if (readiness.status === 'ready') return readiness;
      const failing = Object.entries(readiness.checks).filter(([, check]) => !check.ok).map(([name]) => name);
      return reply.code(503).send({ error: 'not_ready' as const, message: `Not ready: ${failing.join(', ')}`, ...readiness });
    },
  });
}
