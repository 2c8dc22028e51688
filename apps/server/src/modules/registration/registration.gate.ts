import { HttpError, unauthorized } from '../../http/errors';
import type { Policy } from '../../policy/policy';

// Issue 6 item 2: a self-registered account is nobody to the school until an administrator approves
// it. Before that it reaches only public routes and the ones whose policy lets registrants in (its
// registration status, sign-out); once rejected, every token it holds is refused. The status comes
// with the caller (people.queries.ts findSignedInCaller), so the check costs no query of its own.

export type RegistrationVerdict = 'allowed' | 'pending' | 'revoked';

/** What the caller's registration status allows on a route with `policy`. */
export function registrationVerdict(status: 'pending' | 'approved' | 'rejected' | null, policy: Pick<Policy, 'public' | 'registrants'>): RegistrationVerdict {
  if (status === 'rejected') return 'revoked';
  if (status === 'pending' && !policy.public && !policy.registrants) return 'pending';
  return 'allowed';
}

/** Throws 401 token_revoked (rejected) or 403 registration_pending when the route is not for them. */
export function assertRegistrationAllows(status: 'pending' | 'approved' | 'rejected' | null, policy: Pick<Policy, 'public' | 'registrants'>): void {
  const verdict = registrationVerdict(status, policy);
  if (verdict === 'revoked') throw unauthorized('token_revoked', 'This account can no longer sign in');
  if (verdict === 'pending') {
    throw new HttpError(403, 'registration_pending', 'The school has not approved your registration yet; you can follow it on your registration screen');
  }
}
