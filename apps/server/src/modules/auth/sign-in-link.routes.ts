import { ZSignInLinkAccepted, ZSignInLinkRequest } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { authPolicies as p } from './auth.policy';
import { SIGN_IN_LINK_MINUTES } from './sign-in-link.job';
import { requestSignInLink, SIGN_IN_LINK_LIMITS } from './sign-in-link.service';

export async function signInLinkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.requestSignInLink),
    schema: {
      tags: ['auth'],
      summary: 'Email me a sign-in link',
      description:
        '`login` is a username, or an email address (which may name several people of one family: each gets a mail). ' +
        'Always 202 with the same body and the same work, whether or not an account matches: a job looks the login up ' +
        'and mails each account found (with an email, never an unapproved self-registration) a one-time link ' +
        `\`<origin>/login?school=<code>&token=<token>\`, valid ${SIGN_IN_LINK_MINUTES} minutes and exchanged once through ` +
        'POST oauth/login-token, in the person\'s language (else `language`). Counted before any work: ' +
        `${SIGN_IN_LINK_LIMITS.perIp} requests per client IP and ${SIGN_IN_LINK_LIMITS.perAccount} per typed login an hour, ` +
        'then 429 with Retry-After. A school that turned mailed links off (PUT settings/appearance) answers 403 `sign_in_link_off`.',
      params: paramsOf(p.requestSignInLink),
      body: ZSignInLinkRequest,
      response: { 202: ZSignInLinkAccepted, ...errors(400, 403, 404, 429) },
    },
    handler: async (request, reply) => {
      await requestSignInLink(contextOf(request), request.body, request.ip);
      return reply.code(202).send({ status: 'accepted' as const });
    },
  });
}
