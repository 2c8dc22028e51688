import {
  ZRegistration, ZRegistrationCreated, ZRegistrationErrors, ZRegistrationInfo, ZRegistrationsQuery,
  ZRegistrationVerified, ZRegistrationVerifyRequest,
} from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { registrationPolicies as p } from './registration.policy';
import {
  decideFamily, getRegistrationInfo, listRegistrations, registerFamily, RegistrationInvalid, verifyRegistration,
} from './registration.service';

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
        'in `details` with a stable `code` and the §5 message ("You must type an eMail", …). The account ' +
        'cannot sign in until the email is verified and can right after; children wait for approval (enrollment ' +
        'pending), and the family is mailed the decision. ' +
        '403 registration_disabled when the school does not take registrations. Limited per IP (429 with ' +
        'Retry-After): registrations that create a family count, refused forms do not.',
      params: paramsOf(p.register),
      body: z.record(z.string(), z.unknown()).describe('RegistrationForm (packages/core schemas/registration.ts)'),
      response: { 201: ZRegistrationCreated, 400: ZRegistrationErrors, ...errors(403, 404, 429) },
    },
    handler: async (request, reply) => {
      try {
        const created = await registerFamily(contextOf(request), request.body, request);
        return reply.code(201).send({ ...created, status: 'email_verification_pending' as const });
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
    ...routeOf(p.listRegistrations),
    schema: {
      tags,
      summary: 'Registered families by status (school administrators)',
      params: paramsOf(p.listRegistrations),
      querystring: ZRegistrationsQuery,
      response: { 200: z.array(ZRegistration), ...errors(400, 401, 403) },
    },
    handler: async (request) => listRegistrations(contextOf(request), request.query.status),
  });

  for (const [policy, status, summary] of [
    [p.approve, 'approved', 'Approve a registration: the children’s enrollments become active; the family is mailed'],
    [p.reject, 'rejected', 'Reject a registration: the children’s enrollments become withdrawn; the family is mailed'],
  ] as const) {
    r.route({
      ...routeOf(policy),
      schema: {
        tags,
        summary,
        params: paramsOf(policy),
        response: { 200: ZRegistration, ...errors(400, 401, 403, 404, 409) },
      },
      handler: async (request) => decideFamily(contextOf(request), request.params.personId, status, request.log),
    });
  }
}
