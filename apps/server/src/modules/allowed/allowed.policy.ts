import { definePolicy, isSignedIn } from '../../policy/policy';

export const allowedPolicies = {
  /** POST allowed: any signed-in person may ask about their own rights (an account awaiting approval too: all false but its own routes). */
  check: definePolicy({ method: 'POST', path: 'allowed', registrants: true, check: isSignedIn }),
};
