import { ZAppleCodeRequest, ZSignInLink, ZSsoAuthorization, ZSsoCodeRequest, ZSsoProviderSettings, ZSsoProviderSettingsRequest, ZSsoRegistrationStart, ZSsoSettings, ZTokenResponse, type SsoProvider } from '@patio/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { removeSignInLink, listSignInLinks } from './sso.links';
import { ssoPolicies } from './sso.policy';
import { finishSignIn, startSignIn } from './sso.service';
import { readSsoSettings, updateSsoProvider } from './sso.settings';

const signInAnswers = { 200: ZTokenResponse, 202: ZSsoRegistrationStart, ...errors(400, 401, 403, 404, 409, 429, 502) };
const signInDescription =
  'Finishes a sign-in started with GET oauth/{provider}/authorize: `state` must be the one it answered (once, within 10 minutes; ' +
  "otherwise 400 invalid_state with the spec §8 text). The code is exchanged with the PKCE verifier and the school's client secret, and " +
  "the id token must be signed by the provider's JWKS, carry the sign-in's nonce, the school's client id as audience and the provider's " +
  'issuer, and be valid between not-before − 300 s and expiry + 300 s, issued (iat) no later than now + 300 s (spec §5, §9; 401 ' +
  'id_token_issued_in_future; a token without iat, as OpenID Connect requires it, 401 invalid_id_token). A linked account (Office: by tenant and object id, tid+oid) signs in as its person; else the one person ' +
  'of the school with its verified email is linked and signed in (Office: email with email_verified or xms_edov, or verified_primary_email; ' +
  'never preferred_username; a person already linked to another Office account: 409 account_already_linked). No such person: 404 ' +
  'no_account_for_email (nothing is created), or, where the school lets families register, 202 with the registration pre-filled. ' +
  "502 provider_address_refused when the provider's address is not one the server may contact (private, loopback, not https). " +
  'Answers like POST oauth/token.';

/** The answer of a finished sign-in: 200 with the token, or 202 with a registration to start. */
function send(reply: FastifyReply, answer: Awaited<ReturnType<typeof finishSignIn>>) {
  if ('registration' in answer) reply.code(202);
  return answer;
}

export async function ssoRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(ssoPolicies.authorize),
    schema: {
      tags: ['auth'],
      summary: 'Start a sign-in with Google, Office 365 or Apple',
      description:
        "Answers the provider's authorization URL (discovered from the issuer's /.well-known/openid-configuration) with a fresh state, nonce " +
        'and PKCE S256 challenge, stored for this school for 10 minutes. The provider returns to `{origin}/oauth/{provider}/callback`. ' +
        '404 provider_not_configured when the school does not offer the provider.',
      params: paramsOf(ssoPolicies.authorize),
      response: { 200: ZSsoAuthorization, ...errors(400, 404, 502) },
    },
    handler: async (request) => startSignIn(contextOf(request), request.params.provider),
  });

  const providerRoutes: [SsoProvider, typeof ssoPolicies.signInWithGoogle][] = [
    ['google', ssoPolicies.signInWithGoogle],
    ['office', ssoPolicies.signInWithOffice],
  ];
  for (const [provider, policy] of providerRoutes) {
    r.route({
      ...routeOf(policy),
      schema: {
        tags: ['auth'],
        summary: `Sign in with ${provider === 'google' ? 'Google' : 'Office 365 (the email comes from the id token)'}`,
        description: signInDescription,
        params: paramsOf(policy),
        body: ZSsoCodeRequest,
        response: signInAnswers,
      },
      handler: async (request, reply) => send(reply, await finishSignIn(contextOf(request), provider, request.body, request.ip)),
    });
  }

  r.route({
    ...routeOf(ssoPolicies.signInWithApple),
    schema: {
      tags: ['auth'],
      summary: 'Sign in with Apple ({email, code}: Apple tells the email only on the first sign-in)',
      description: `${signInDescription} \`email\`, when sent, must equal the id token's email (400 email_mismatch).`,
      params: paramsOf(ssoPolicies.signInWithApple),
      body: ZAppleCodeRequest,
      response: signInAnswers,
    },
    handler: async (request, reply) => send(reply, await finishSignIn(contextOf(request), 'apple', request.body, request.ip)),
  });

  r.route({
    ...routeOf(ssoPolicies.listLinks),
    schema: {
      tags: ['auth'],
      summary: 'The Google, Office 365 and Apple accounts linked to a person (themselves or an administrator)',
      params: paramsOf(ssoPolicies.listLinks),
      response: { 200: z.array(ZSignInLink), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listSignInLinks(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(ssoPolicies.removeLink),
    schema: {
      tags: ['auth'],
      summary: 'Unlink a provider account from a person (themselves or an administrator)',
      description: 'The account no longer signs in as the person by its link; it links again on its next sign-in only if its verified email is still theirs.',
      params: paramsOf(ssoPolicies.removeLink),
      response: { 204: z.null(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removeSignInLink(contextOf(request), request.params.id, request.params.linkId);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(ssoPolicies.readSettings),
    schema: {
      tags: ['settings'],
      summary: "The school's single sign-on providers (school administrators); client secrets are never shown",
      params: paramsOf(ssoPolicies.readSettings),
      response: { 200: ZSsoSettings, ...errors(401, 403) },
    },
    handler: async (request) => readSsoSettings(contextOf(request)),
  });

  r.route({
    ...routeOf(ssoPolicies.updateSettings),
    schema: {
      tags: ['settings'],
      summary: 'Configure Google, Office 365 or Apple sign-in for the school (school administrators)',
      description:
        'clientId null: the server\'s client (OIDC_* environment), if any. clientSecret is write-only: omitted keeps the stored one, null removes it. ' +
        'issuer null: the provider\'s real issuer; an issuer that is not https is 400 invalid_issuer, one that resolves to a private, loopback or link-local address 400 issuer_not_allowed. tenants (Office): the Microsoft tenant ids accepted. domains (Google): the Workspace domains accepted. ' +
        'allowSelfRegistration: someone without an account starts a pre-filled family registration.',
      params: paramsOf(ssoPolicies.updateSettings),
      body: ZSsoProviderSettingsRequest,
      response: { 200: ZSsoProviderSettings, ...errors(400, 401, 403) },
    },
    handler: async (request) => updateSsoProvider(contextOf(request), request.params.provider, request.body),
  });
}
