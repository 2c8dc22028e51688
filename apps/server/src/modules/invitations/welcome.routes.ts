import { ZRegistrationErrors, ZSignedInWithUsername, ZWelcome, ZWelcomeAcceptRequest, ZWelcomeRequest } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { PasswordRejected, passwordRejectionBody } from '../auth/index';
import { invitationsPolicies as p } from './invitations.policy';
import { acceptWelcome, openWelcome } from './welcome.service';

const invalidLink =
  'Unknown, used, replaced (a newer invitation was sent) and expired links all answer 400 invalid_invitation_token; they ' +
  'count as failed sign-ins of the client IP (429 with Retry-After).';

/** The two public routes of the welcome screen. */
export async function welcomeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];

  r.route({
    ...routeOf(p.openWelcome),
    schema: {
      tags,
      summary: 'Read an invitation link (the welcome screen)',
      description:
        'Whom the link is for (names, school, the username to sign in with, whether they already have a password), ' +
        `without using it; the invitation counts as opened. ${invalidLink}`,
      params: paramsOf(p.openWelcome),
      body: ZWelcomeRequest,
      response: { 200: ZWelcome, ...errors(400, 404, 429) },
    },
    handler: async (request) => openWelcome(contextOf(request), request.body.token, request.ip),
  });

  r.route({
    ...routeOf(p.acceptWelcome),
    schema: {
      tags,
      summary: 'Accept an invitation: set the first password and sign in',
      description:
        '`password` is required for a person without one and optional for someone who has one (given: it replaces theirs; ' +
        'left out: the link just signs them in). It follows the password policy against the person\'s names, username, ' +
        'document and email: a refusal is 400 invalid_password with `details[0].code` password_required, ' +
        'password_too_short, password_too_long, password_common or password_weak, and leaves the link usable. Accepted: ' +
        'the link is used up (with the person\'s password-reset links when a password is set), the invitation counts as ' +
        `signed in, and the answer is an access token with the username to sign in with next time. ${invalidLink}`,
      params: paramsOf(p.acceptWelcome),
      body: ZWelcomeAcceptRequest,
      response: { 200: ZSignedInWithUsername, 400: ZRegistrationErrors, ...errors(404, 429) },
    },
    handler: async (request, reply) => {
      try {
        return await acceptWelcome(contextOf(request), request.body.token, request.body.password, request.ip);
      } catch (err) {
        if (!(err instanceof PasswordRejected)) throw err;
        return reply.code(400).send(passwordRejectionBody(err));
      }
    },
  });
}
