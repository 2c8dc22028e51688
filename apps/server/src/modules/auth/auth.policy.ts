import { always, definePolicy, isSchoolAdmin, zId } from '../../policy/policy';
import { z } from 'zod';

export const authPolicies = {
  /** POST oauth/token: anyone may try to sign in (rate limited). */
  signIn: definePolicy({ method: 'POST', path: 'oauth/token', public: true, check: always }),
  /** POST oauth/login-token: exchange a one-time link token. */
  exchangeLoginToken: definePolicy({ method: 'POST', path: 'oauth/login-token', public: true, check: always }),
  /** POST password-resets: anyone may ask for a reset link (the same answer whatever they type; rate limited). */
  requestPasswordReset: definePolicy({ method: 'POST', path: 'password-resets', public: true, check: always }),
  /** POST sign-in-links: anyone may ask for a mailed sign-in link (the same answer whatever they type; rate limited). */
  requestSignInLink: definePolicy({ method: 'POST', path: 'sign-in-links', public: true, check: always }),
  /** POST password-resets/check: whom a reset link is for, for its holder. */
  checkPasswordReset: definePolicy({ method: 'POST', path: 'password-resets/check', public: true, check: always }),
  /** POST password-resets/complete: the holder of a reset link sets a new password. */
  completePasswordReset: definePolicy({ method: 'POST', path: 'password-resets/complete', public: true, check: always }),
  /** POST people/{id}/login-tokens: only school administrators issue sign-in links. */
  issueLoginToken: definePolicy({
    method: 'POST',
    path: 'people/:id/login-tokens',
    params: z.object({ id: zId }),
    check: isSchoolAdmin,
  }),
};
