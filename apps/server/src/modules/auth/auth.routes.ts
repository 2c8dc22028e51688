import { ZIssuedLoginToken, ZIssueLoginTokenRequest, ZLoginTokenRequest, ZTokenRequest, ZTokenResponse } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { authPolicies } from './auth.policy';
import { issueLoginToken, signInWithLoginToken, signInWithPassword } from './auth.service';
import { passwordResetRoutes } from './password-reset.routes';
import { passwordChangeRoutes } from './password-change.routes';
import { signInLinkRoutes } from './sign-in-link.routes';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(authPolicies.signIn),
    schema: {
      tags: ['auth'],
      summary: 'Sign in with username and password',
      description:
        'Credentials travel as HTTP Basic `username:password`; the body (JSON or form-urlencoded) is ' +
        '`grant_type=client_credentials`. Where the school allows it (settings `signInByEmail`), the username may be an ' +
        'email address that belongs to exactly one person of the school with a password. Wrong username or password ' +
        '(or an unknown or shared email) answer the same 401. Failures lock ' +
        'an (account, IP) pair and an IP for a while (429 with Retry-After); many failures on an account ' +
        'from many IPs delay further attempts on it by up to 3 s instead of locking it. In production (NODE_ENV) an ' +
        'account whose password is still the public demo password answers 403 `demo_password`: it must choose a new one.',
      params: paramsOf(authPolicies.signIn),
      body: ZTokenRequest,
      response: { 200: ZTokenResponse, ...errors(400, 401, 403, 429) },
    },
    handler: async (request) => signInWithPassword(contextOf(request), request.headers.authorization, request.ip),
  });

  r.route({
    ...routeOf(authPolicies.exchangeLoginToken),
    schema: {
      tags: ['auth'],
      summary: 'Sign in with a one-time sign-in token',
      description:
        'Exchanges the token of a sign-in link (`/login?school=…&token=…`: an administrator\'s, or one mailed through POST sign-in-links); each token works once and ' +
        'expires. Invitation and password-reset links have their own routes and are refused here.',
      params: paramsOf(authPolicies.exchangeLoginToken),
      body: ZLoginTokenRequest,
      response: { 200: ZTokenResponse, ...errors(400, 401, 429) },
    },
    handler: async (request) => signInWithLoginToken(contextOf(request), request.body.token, request.ip),
  });

  r.route({
    ...routeOf(authPolicies.issueLoginToken),
    schema: {
      tags: ['auth'],
      summary: 'Issue a one-time sign-in link for a person (school administrators)',
      description: 'Answers the token and a link `<origin>/login?school=<code>&token=<token>`. Only a hash is stored.',
      params: paramsOf(authPolicies.issueLoginToken),
      body: ZIssueLoginTokenRequest.nullish(),
      response: { 201: ZIssuedLoginToken, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const minutes = request.body?.expiresInMinutes ?? 60 * 24;
      reply.code(201);
      return issueLoginToken(contextOf(request), request.params.id, minutes);
    },
  });

  await app.register(passwordResetRoutes);
  await app.register(passwordChangeRoutes);
  await app.register(signInLinkRoutes);
}
