import { ZSignedInSession, ZSignOutEverywhereRequest, ZSignOutEverywhereResult } from '@patio/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { sessionPolicies as p } from './sessions.policy';
import { listOwnSessions, revokeOwnSession, signOutEverywhere, signPersonOutEverywhere } from './sessions.service';

const tags = ['sessions'];

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.list),
    schema: {
      tags,
      summary: 'The caller\'s signed-in devices',
      description:
        'One entry per sign-in that still holds (not signed out, not revoked, not expired), most recently used first: ' +
        'platform and model (from the device registration, else the User-Agent of the sign-in), when it signed in and ' +
        'was last used (to about a minute), and `current` for the session of the asking token. Only the caller\'s own.',
      params: paramsOf(p.list),
      response: { 200: z.array(ZSignedInSession), ...errors(400, 401, 403) },
    },
    handler: async (request) => listOwnSessions(contextOf(request), sessionIdOf(request)),
  });

  r.route({
    ...routeOf(p.revoke),
    schema: {
      tags,
      summary: 'Sign out one of the caller\'s devices',
      description:
        'Its tokens answer 401 `token_revoked` from now on, in every server process, and its live socket closes ' +
        '(4401 `token_revoked`) within seconds. Another person\'s session, an ended or an unknown one: 404.',
      params: paramsOf(p.revoke),
      response: { 204: z.null().describe('Signed out'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await revokeOwnSession(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(p.signOutEverywhere),
    schema: {
      tags,
      summary: 'Sign out everywhere',
      description:
        'Every session of the caller ends; with `keepCurrent: true` all but the asking one. Their tokens answer 401 ' +
        '`token_revoked` and their live sockets close within seconds. Tokens issued before sessions existed (no `sid`) ' +
        'end in both cases.',
      params: paramsOf(p.signOutEverywhere),
      body: ZSignOutEverywhereRequest.nullish(),
      response: { 200: ZSignOutEverywhereResult, ...errors(400, 401, 403) },
    },
    handler: async (request) => signOutEverywhere(contextOf(request), request.body?.keepCurrent ?? false, sessionIdOf(request)),
  });

  r.route({
    ...routeOf(p.signPersonOut),
    schema: {
      tags,
      summary: 'Sign a person out on every device (school administrators)',
      description:
        'For a lost phone or a person who left: every token of the person answers 401 `token_revoked` from now on and ' +
        'their live sockets close within seconds. They can sign in again with their password.',
      params: paramsOf(p.signPersonOut),
      response: { 204: z.null().describe('Signed out everywhere'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await signPersonOutEverywhere(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
}

/**
 * The session of the request's bearer token (its `sid`), or null for a token from before sessions. The
 * school scope verified the token before the route runs, so its payload is only read here.
 */
export function sessionIdOf(request: FastifyRequest): number | null {
  const token = request.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  if (!token) return null;
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid?: unknown };
    return typeof claims.sid === 'number' && Number.isSafeInteger(claims.sid) ? claims.sid : null;
  } catch {
    return null;
  }
}
