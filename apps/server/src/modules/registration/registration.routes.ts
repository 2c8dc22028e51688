import {
  ZMyRegistration, ZRegistration, ZRegistrationApproveRequest, ZRegistrationCreated, ZRegistrationErrors, ZRegistrationInfo,
  ZRegistrationLinkAnswered, ZRegistrationLinkAnswerRequest, ZRegistrationLinkDecision, ZRegistrationLinkDecisionsQuery,
  ZRegistrationLinkInfo, ZRegistrationLinkToken, ZRegistrationsQuery, ZRegistrationVerified, ZRegistrationVerifyRequest,
} from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { registrationPolicies as p } from './registration.policy';
import { approveFamily, rejectFamily } from './registration.decide';
import { answerRegistrationLink, checkRegistrationLink, LINK_HOURS, listLinkDecisions } from './registration.links';
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

  r.route({
    ...routeOf(p.approve),
    schema: {
      tags,
      summary: 'Approve a registration: as a new person, by asking the matched parent to confirm, or by an audited decision',
      description:
        'Decision 023: a document the school already holds never links a registration by itself. ' +
        '`link=none` (default, also with no body): the registrant becomes a new person; only children and relatives ' +
        'the school does not hold are created, related and enrolled; a held document attaches nobody (the `match` of GET ' +
        'registrations is a warning). `link=confirm`: the person holding the parent\'s document is mailed (at the email on ' +
        `file, in their language) a one-time link valid ${LINK_HOURS} hours; the registration stays pending (202) until they ` +
        'answer through POST registration/link; a confirmation completes the approval linked to them. 409 no_contact_on_file ' +
        '(no email on file), nothing_to_confirm (no parent match), confirmation_pending (a live link exists; an expired one is ' +
        'replaced), link_refused. `link=decide` with a non-blank `reason`: links at once, only where the matched parent has no ' +
        'contact on file or only children/relatives matched (else 409 link_needs_confirmation; 409 nothing_to_link without ' +
        'matches); writes a row of GET registrations/link-decisions. 400 reason_required, invalid_characters. ' +
        '409 registration_decided when already decided; 409 document_in_use when a parallel approval took the document.',
      params: paramsOf(p.approve),
      body: ZRegistrationApproveRequest.nullish(),
      response: { 200: ZRegistration, 202: ZRegistration, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const { code, registration } = await approveFamily(contextOf(request), request.params.personId, request.body ?? { link: 'none' });
      return reply.code(code).send(registration);
    },
  });

  r.route({
    ...routeOf(p.reject),
    schema: {
      tags,
      summary: 'Reject a registration: nothing it names is created, the account can no longer sign in; the family is mailed',
      description:
        'The staged form is kept for the record; the password, devices and unused sign-in links are removed and the ' +
        'account\'s tokens answer 401 token_revoked. A confirmation link sent for it stops working. 409 registration_decided when already decided.',
      params: paramsOf(p.reject),
      response: { 200: ZRegistration, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => rejectFamily(contextOf(request), request.params.personId),
  });

  r.route({
    ...routeOf(p.linkDecisions),
    schema: {
      tags,
      summary: 'The audit of registrations linked by an administrator decision, newest first (school administrators)',
      description:
        'Who decided, when, why, which registration and which people of the school were attached. Read-only: no route ' +
        'changes or deletes a row. `page` and `limit` (at most 500, default 100); the total is in X-Total-Count.',
      params: paramsOf(p.linkDecisions),
      querystring: ZRegistrationLinkDecisionsQuery,
      response: { 200: z.array(ZRegistrationLinkDecision), ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listLinkDecisions(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  const linkErrors =
    'Only by the mailed token. 400 invalid_link_token (unknown: counts as a failed sign-in of the client IP, 429 with ' +
    'Retry-After), 409 link_used (answered already), 410 link_expired, 409 registration_decided (the school decided meanwhile).';

  r.route({
    ...routeOf(p.checkLink),
    schema: {
      tags,
      summary: 'What a registration confirmation link is about, without answering it (the page of the mailed link)',
      description: linkErrors,
      params: paramsOf(p.checkLink),
      body: ZRegistrationLinkToken,
      response: { 200: ZRegistrationLinkInfo, ...errors(400, 404, 409, 410, 429) },
    },
    handler: async (request) => checkRegistrationLink(contextOf(request), request.body.token, request.ip),
  });

  r.route({
    ...routeOf(p.answerLink),
    schema: {
      tags,
      summary: 'The person on file confirms that a registration is theirs (completes the linked approval) or refuses it',
      description:
        '`confirm`: in one transaction the link is used up and the registration approved, linked to the person on file ' +
        '(who keeps their credentials, or takes the registrant\'s when they had none); of parallel answers one succeeds. ' +
        '`refuse`: the registration stays pending for the school, which may approve it as a new person. ' + linkErrors,
      params: paramsOf(p.answerLink),
      body: ZRegistrationLinkAnswerRequest,
      response: { 200: ZRegistrationLinkAnswered, ...errors(400, 404, 409, 410, 429) },
    },
    handler: async (request) => answerRegistrationLink(contextOf(request), request.body.token, request.body.answer, request.ip),
  });
}
