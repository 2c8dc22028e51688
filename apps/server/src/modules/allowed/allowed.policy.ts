import { definePolicy, isSignedIn } from '../../policy/policy';

export const allowedPolicies = {
  /** POST allowed: any signed-in person may ask about their own rights. */
  check: definePolicy({ method: 'POST', path: 'allowed', check: isSignedIn }),
};
