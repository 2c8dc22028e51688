import { ZPasswordResetAccepted, ZPasswordResetCheckRequest, ZPasswordResetCompleteRequest, ZPasswordResetInfo, ZPasswordResetRequest, ZRegistrationErrors, ZSignedInWithUsername } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { authPolicies as p } from './auth.policy';
import { PasswordRejected, passwordRejectionBody } from './new-password';
import { RESET_LINK_MINUTES } from './password-reset.job';
import { PASSWORD_RESET_LIMITS } from './password-reset.limiter';
import { checkPasswordReset, completePasswordReset, requestPasswordReset } from './password-reset.service';

const invalidLink = 'Unknown, used, replaced and expired links all answer 400 invalid_reset_token; they count as failed sign-ins of the client IP (429 with Retry-After).';

export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.route({
    ...routeOf(p.requestPasswordReset),
    schema: {
      tags,
      summary: 'Ask for a password reset link ("Forgot password")',
      description:
        '`login` is a username, or an email address (which may name several people of one family: each gets a mail). ' +
        'Always 202 with the same body and the same work, whether or not an account matches: a job looks the login up ' +
        `and mails each account found (with an email, never an unapproved self-registration) a one-time link ` +
        `\`<origin>/reset-password?school=<code>&token=<token>\`, valid ${RESET_LINK_MINUTES} minutes, in the person's language ` +
        `(else \`language\`). Counted before any work: ${PASSWORD_RESET_LIMITS.perIp} requests per client IP and ` +
        `${PASSWORD_RESET_LIMITS.perAccount} per typed login an hour, then 429 with Retry-After.`,
      params: paramsOf(p.requestPasswordReset),
      body: ZPasswordResetRequest,
      response: { 202: ZPasswordResetAccepted, ...errors(400, 404, 429) },
    },
    handler: async (request, reply) => {
      await requestPasswordReset(contextOf(request), request.body, request.ip);
      return reply.code(202).send({ status: 'accepted' as const });
    },
  });

  r.route({
    ...routeOf(p.checkPasswordReset),
    schema: {
      tags,
      summary: 'Whom a password reset link is for, without using it',
      description: `Names, username and email of the account, for the reset screen and its strength meter. ${invalidLink}`,
      params: paramsOf(p.checkPasswordReset),
      body: ZPasswordResetCheckRequest,
      response: { 200: ZPasswordResetInfo, ...errors(400, 404, 429) },
    },
    handler: async (request) => checkPasswordReset(contextOf(request), request.body.token, request.ip),
  });

  r.route({
    ...routeOf(p.completePasswordReset),
    schema: {
      tags,
      summary: 'Set a new password with a reset link, and sign in',
      description:
        'The password follows the password policy against the person\'s names, username, document and email: a refusal is ' +
        '400 invalid_password with `details[0].code` password_required, password_too_short, password_too_long, ' +
        'password_common or password_weak (the registration form\'s codes), and leaves the link usable. Accepted: the link ' +
        'and every other reset link of the person are used up, the password is replaced, an invitation counts as signed in, ' +
        `and the answer is an access token with the username to sign in with next time. ${invalidLink}`,
      params: paramsOf(p.completePasswordReset),
      body: ZPasswordResetCompleteRequest,
      response: { 200: ZSignedInWithUsername, 400: ZRegistrationErrors, ...errors(404, 429) },
    },
    handler: async (request, reply) => {
      try {
        return await completePasswordReset(contextOf(request), request.body.token, request.body.password, request.ip);
      } catch (err) {
        if (!(err instanceof PasswordRejected)) throw err;
        return reply.code(400).send(passwordRejectionBody(err));
      }
    },
  });
}
