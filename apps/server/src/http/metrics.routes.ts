import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppMetrics } from '../platform/metrics/app-metrics';
import { comesFromLoopback, hasBearerToken } from './metrics-access';
import { HttpError } from './errors';
import { errors, fileAnswer, mime } from './schemas';

/**
 * GET /metrics (Prometheus): outside /api, as scrapers expect. Any other caller gets 401, not 404: the
 * address is well known anyway, and the answer says how to get in.
 */
export async function metricsRoutes(app: FastifyInstance, options: { metrics: AppMetrics }): Promise<void> {
  const { config } = app.patio;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/metrics',
    schema: {
      tags: ['operations'],
      summary: 'Prometheus metrics',
      description:
        'Prometheus text format (version 0.0.4). Only for `Authorization: Bearer <METRICS_TOKEN>` or a caller on the ' +
        "server's own machine: a loopback socket (127.0.0.0/8, ::1) whose client is loopback too (with TRUST_PROXY, the " +
        'client the proxy names; without it, a request carrying X-Forwarded-For, Forwarded or X-Real-IP never is). ' +
        'Anyone else gets 401. Series: ' +
        'patio_http_request_duration_seconds{method,route,status_code}, patio_jobs_queued{kind}, ' +
        'patio_jobs_oldest_queued_age_seconds{kind}, patio_jobs_running{kind}, patio_jobs_dead{kind}, ' +
        'patio_jobs_failed_total{kind,final}, patio_deliveries_total{channel,outcome}, patio_live_sockets{state}, ' +
        'patio_positions_ingested_total{live}, patio_event_bus_lag_seconds, patio_db_pool_* (PostgreSQL), ' +
        'patio_sqlite_file_bytes{file} (SQLite), and process_* / nodejs_*.',
      security: [{ bearer: [] }, {}],
      response: { 200: fileAnswer('Prometheus text exposition format', mime.text), ...errors(401) },
    },
    handler: async (request, reply) => {
      const allowed = hasBearerToken(request.headers.authorization, config.metricsToken) || comesFromLoopback(request, config.trustProxy !== undefined);
      if (!allowed) {
        throw new HttpError(401, 'unauthorized', "Metrics need Authorization: Bearer <METRICS_TOKEN>, or a request from the server's own machine", {
          'www-authenticate': 'Bearer realm="metrics"',
        });
      }
      const page = await options.metrics.render();
      return reply.header('content-type', page.contentType).header('cache-control', 'no-store').send(page.body);
    },
  });
}
