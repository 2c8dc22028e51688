import { ZSsoProvider } from '@patio/core';
import { z } from 'zod';
import { always, definePolicy, isSchoolAdmin, isSelf, type PolicyContext, zId } from '../../policy/policy';

const selfOrAdmin = (ctx: PolicyContext<{ id: number }>) => isSelf(ctx) || isSchoolAdmin(ctx);

export const ssoPolicies = {
  /** GET oauth/{provider}/authorize: anyone may start a sign-in with a provider the school offers. */
  authorize: definePolicy({ method: 'GET', path: 'oauth/:provider/authorize', params: z.object({ provider: ZSsoProvider }), public: true, check: always }),
  /** POST oauth/google (spec §7): finish a Google sign-in (rate limited). */
  signInWithGoogle: definePolicy({ method: 'POST', path: 'oauth/google', public: true, check: always }),
  /** POST oauth/office (spec §7): finish an Office 365 sign-in (rate limited). */
  signInWithOffice: definePolicy({ method: 'POST', path: 'oauth/office', public: true, check: always }),
  /** POST oauth/apple (spec §7): finish an Apple sign-in (rate limited). */
  signInWithApple: definePolicy({ method: 'POST', path: 'oauth/apple', public: true, check: always }),
  /** GET people/{id}/sign-in-links: the person themselves, or a school administrator. */
  listLinks: definePolicy({ method: 'GET', path: 'people/:id/sign-in-links', params: z.object({ id: zId }), check: selfOrAdmin }),
  /** DELETE people/{id}/sign-in-links/{linkId}: the person themselves, or a school administrator. */
  removeLink: definePolicy({ method: 'DELETE', path: 'people/:id/sign-in-links/:linkId', params: z.object({ id: zId, linkId: zId }), check: selfOrAdmin }),
  /** GET settings/single-sign-on: school administrators read their providers (never the secrets). */
  readSettings: definePolicy({ method: 'GET', path: 'settings/single-sign-on', check: isSchoolAdmin }),
  /** PUT settings/single-sign-on/{provider}: school administrators configure a provider. */
  updateSettings: definePolicy({ method: 'PUT', path: 'settings/single-sign-on/:provider', params: z.object({ provider: ZSsoProvider }), check: isSchoolAdmin }),
};
