import {
  ZMyRegistration, ZRegistration, ZRegistrationCreated, ZRegistrationErrors, ZRegistrationInfo, ZRegistrationsQuery,
  ZRegistrationVerified, ZRegistrationVerifyRequest,
} from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { registrationPolicies as p } from './registration.policy';
import { decideFamily } from './registration.decide';
import { getMyRegistration, listRegistrations } from './registration.list';
import { getRegistrationInfo, registerFamily, RegistrationInvalid, verifyRegistration } from './registration.service';

export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['registration'];

  r.route({
    ...routeOf(p.readRegistration),
    schema: {
      tags,
      summary: 'Whether families may register themselves, and the courses to choose',
      params: paramsOf(p.readRegistration),
      response: { 200: ZRegistrationInfo, ...errors(400, 404) },
    },
    handler: async (request) => getRegistrationInfo(contextOf(request)),
  });

  r.route({
    ...routeOf(p.register),
    schema: {
      tags,
      summary: 'Register a family (spec §3 Registration form)',
      description:
        'Body: the §3 registration form (see RegistrationForm: parent names, document, gender, birthday, ' +
        'email, password + passwordConfirmation, course, children, relatives). Every wrong field is listed ' +
        'in `details` with a stable `code` and the §5 message ("You must type an eMail", …); the password ' +
        'follows the password policy (codes password_too_short, password_too_long, password_common, ' +
        'password_weak) and names refuse control, bidi-override and zero-width characters (invalid_characters). ' +
        'A valid form is always answered 202 with the same body, whether or not the email or a document is ' +
        'already known: for a new email only the parent\'s account is created (signs in once the email is ' +
        'verified, and until approval sees only GET registration/mine) and the children and relatives wait ' +
        'in the registration until an administrator approves it; for an email already in use nothing is ' +
        'created and its owner is mailed. An unverified registration expires after 48 hours and frees the email. ' +
        '403 registration_disabled when the school does not take registrations. Limited per IP (429 with ' +
        'Retry-After): every request counts, refused forms too.',
      params: paramsOf(p.register),
      body: z.record(z.string(), z.unknown()).describe('RegistrationForm (packages/core schemas/registration.ts)'),
      response: { 202: ZRegistrationCreated, 400: ZRegistrationErrors, ...errors(403, 404, 429) },
    },
    handler: async (request, reply) => {
      try {
        const { email } = await registerFamily(contextOf(request), request.body, request);
        return reply.code(202).send({ email, status: 'email_verification_pending' as const });
      } catch (err) {
        if (!(err instanceof RegistrationInvalid)) throw err;
        return reply.code(400).send({ error: 'invalid_registration', message: err.message, details: err.details });
      }
    },
  });

  r.route({
    ...routeOf(p.verify),
    schema: {
      tags,
      summary: 'Confirm the email of a registration with the token of the mailed link (works once)',
      description: 'Invalid tokens are limited per IP (429 with Retry-After).',
      params: paramsOf(p.verify),
      body: ZRegistrationVerifyRequest,
      response: { 200: ZRegistrationVerified, ...errors(400, 404, 429) },
    },
    handler: async (request) => verifyRegistration(contextOf(request), request.body.token, request.ip),
  });

  r.route({
    ...routeOf(p.mine),
    schema: {
      tags,
      summary: 'The caller\'s own registration: its status and the children it names',
      description:
        'The one route (with sign-out) an account awaiting approval may call; every other signed-in route ' +
        'answers it 403 registration_pending, and a rejected account\'s tokens answer 401 token_revoked. ' +
        '404 for a person who did not register themselves.',
      params: paramsOf(p.mine),
      response: { 200: ZMyRegistration, ...errors(401, 403, 404) },
    },
    handler: async (request) => getMyRegistration(contextOf(request)),
  });

  r.route({
    ...routeOf(p.listRegistrations),
    schema: {
      tags,
      summary: 'Registered families by status (school administrators)',
      description:
        'Oldest first. `page` and `limit` (at most 500) ask for one page; without them the first 500 come. ' +
        'The number of registrations with that status is in the `X-Total-Count` header either way, so ' +
        '`limit=1` counts them (the pending badge).',
      params: paramsOf(p.listRegistrations),
      querystring: ZRegistrationsQuery,
      response: { 200: z.array(ZRegistration), ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listRegistrations(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  for (const [policy, status, summary, description] of [
    [
      p.approve, 'approved',
      'Approve a registration: the children and relatives it names are created (or matched by document), related to the parent and enrolled; the family is mailed',
      'One transaction. The parent\'s document goes on the account; when a person of the school without an account ' +
        'already holds it, that person takes the account over; when an account holds it: 409 document_in_use, nothing written. ' +
        'Children and relatives are matched by normalised document (the `match` of GET registrations) or created; ' +
        'children get active student memberships in their course. 409 registration_decided when already decided.',
    ],
    [
      p.reject, 'rejected',
      'Reject a registration: nothing it names is created, the account can no longer sign in; the family is mailed',
      'The staged form is kept for the record; the password, devices and unused sign-in links are removed and the ' +
        'account\'s tokens answer 401 token_revoked. 409 registration_decided when already decided.',
    ],
  ] as const) {
    r.route({
      ...routeOf(policy),
      schema: {
        tags,
        summary,
        description,
        params: paramsOf(policy),
        response: { 200: ZRegistration, ...errors(400, 401, 403, 404, 409) },
      },
      handler: async (request) => decideFamily(contextOf(request), request.params.personId, status),
    });
  }
}
