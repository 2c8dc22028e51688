import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** Seconds: from a cached read (a few ms) to a slow export (30 s, the request timeout). */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route label of a request no route matched (404s, the web app's index.html fallback). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * patio_http_request_duration_seconds{method, route, status_code}: every answer, labelled with the
 * route as registered (`/api/:org/posts/:id`), never the address asked for, so ids, school codes and
 * tokens in paths never become labels (and the number of series stays bounded).
 */
export function observeHttpRequests(app: FastifyInstance, registry: Registry): void {
  const duration = new Histogram({
    name: 'patio_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
