import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

// @fastify/helmet builds helmet's middleware from its options again for every request (it parses
// the CSP directives and dashes every name each time): a few percent of a small read's CPU for
// headers that never change. Patio uses one global configuration and no per-route or nonce options,
// so the headers are taken once, at start, from a throwaway server running the same plugin with the
// same options, and set on every answer as they are.

/** The headers @fastify/helmet sets with `options`, read once from a throwaway server. */
export async function securityHeadersOf(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    // What helmet has set on the raw answer by the time a handler runs, before anything else is added.
    probe.get('/', (_request, reply) => reply.send(reply.raw.getHeaders()));
    const res = await probe.inject({ method: 'GET', url: '/' });
    const headers = res.json<Record<string, unknown>>();
    return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
  } finally {
    await probe.close();
  }
}

/**
 * Sets helmet's headers (with `options`) on every answer of `app`, as @fastify/helmet would: before
 * any handler, so a route may still replace one (an avatar's stricter Content-Security-Policy).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
