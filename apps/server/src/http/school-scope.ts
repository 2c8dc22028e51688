import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Caller, Org, Policy } from '../policy/policy';
import { evaluatePolicy } from '../policy/registry';
import type { RequestContext } from './context';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from './errors';
import { originOf } from './origin';

export const orgCodePattern = /^[a-z0-9][a-z0-9-]{1,39}$/;

/** Method, url and config of a route, taken from its policy so the two cannot drift apart. */
export function routeOf<P extends Policy>(policy: P) {
  return { method: policy.method, url: `/${policy.path}`, config: { policy } } as const;
}

/** Zod schema of a route's path params: the school code plus the policy's own params. */
export function paramsOf<P extends Policy>(policy: P) {
  return z.object({ org: z.string().describe('School code') }).extend(policy.params.shape as P['params']['shape']);
}

/** Request → service context. */
export function contextOf(request: FastifyRequest): RequestContext {
  const services = request.server.patio;
  return { db: services.db, org: request.org, caller: request.caller, services, origin: originOf(request), userAgent: request.headers['user-agent'] };
}

export { originOf };

/** Signed-in caller or 401 (for services that run only behind non-public policies). */
export function requireCaller(ctx: RequestContext): Caller {
  if (!ctx.caller) throw unauthorized('unauthorized', 'Sign in to continue');
  return ctx.caller;
}

/**
 * Hooks of every route under /api/{org}/: resolve the school (400 bad code, 404 unknown), read the
 * bearer token (401 missing/invalid/expired, 403 another school's token), then run the route's
 * policy after validation (403). Every school route must declare a policy.
 */
export function installSchoolScope(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const policy = route.config?.policy;
    if (!policy) throw new Error(`School route ${route.method} ${route.url} has no policy`);
    if (route.method !== 'HEAD') app.patio.policies.add(policy);
  });

  app.addHook('onRequest', async (request) => {
    const code = String((request.params as { org?: string }).org ?? '').toLowerCase();
    if (!orgCodePattern.test(code)) throw badRequest('invalid_school_code', 'A school code has 2 to 40 letters, digits or dashes');
    const org = await app.patio.callers.findOrg(code);
    if (!org) throw notFound(`There is no school with the code "${code}"`);
    request.org = org;
    const policy = request.routeOptions.config.policy as Policy;
    request.caller = await authenticate(request, org, policy);
  });

  app.addHook('preHandler', async (request) => {
    const policy = request.routeOptions.config.policy as Policy;
    const allowed = await evaluatePolicy(policy, {
      caller: request.caller,
      org: request.org,
      params: request.params,
      db: app.patio.db,
    });
    if (!allowed) throw forbidden();
  });
}

async function authenticate(request: FastifyRequest, org: Org, policy: Policy): Promise<Caller | null> {
  const header = request.headers.authorization;
  const bearer = header?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!bearer) {
    if (policy.public) return null;
    if (header && /^Bearer\b/i.test(header)) throw unauthorized('invalid_token', 'Invalid token');
    throw unauthorized('unauthorized', 'Sign in to continue');
  }
  try {
    // Token, school, caller and (self-registered accounts) registration status: caller-cache.ts.
    return await request.server.patio.callers.authenticate(bearer, org, policy);
  } catch (err) {
    // Public endpoints (sign-in, settings, term maps) work for anyone, whatever token is sent.
    if (policy.public && err instanceof HttpError) return null;
    throw err;
  }
}
