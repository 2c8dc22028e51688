import { ZPasswordChangeRequest, ZRegistrationErrors, ZTokenResponse } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { definePolicy, isSelf, zId } from '../../policy/policy';
import { PasswordRejected, passwordRejectionBody } from './new-password';
import { changePassword } from './password-change.service';

export const passwordChangePolicies = {
  /** POST people/{id}/password: only the person themself. */
  changePassword: definePolicy({ method: 'POST', path: 'people/:id/password', params: z.object({ id: zId }), check: isSelf }),
};

export async function passwordChangeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const p = passwordChangePolicies;

  r.route({
    ...routeOf(p.changePassword),
    schema: {
      tags: ['auth'],
      summary: 'Change one\'s own password (signs out every other device)',
      description:
        'Only the person themself. A wrong current password is 400 `wrong_password` (counted like a failed sign-in: 429 ' +
        'after too many); a refused new password is 400 `invalid_password` with the registration form\'s codes. Accepted: ' +
        'every token of the account answers 401 `token_revoked` from now on (its live sockets close within seconds) and ' +
        'the answer is a new access token for this device.',
      params: paramsOf(p.changePassword),
      body: ZPasswordChangeRequest,
      response: { 200: ZTokenResponse, 400: ZRegistrationErrors, ...errors(401, 403, 404, 429) },
    },
    handler: async (request, reply) => {
      try {
        return await changePassword(contextOf(request), request.params.id, request.body.currentPassword, request.body.newPassword, request.ip);
      } catch (err) {
        if (!(err instanceof PasswordRejected)) throw err;
        return reply.code(400).send(passwordRejectionBody(err));
      }
    },
  });
}
