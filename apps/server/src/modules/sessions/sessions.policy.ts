import { z } from 'zod';
import { notFound } from '../../http/errors';
import type { PolicyContext } from '../../policy/policy';
import { definePolicy, isSignedIn, zId } from '../../policy/policy';
import { personExists } from '../people/index';

// A person's sessions are theirs alone: the routes act on the caller's own (another person's id is 404
// there, never a hint that it exists); only an administrator signs someone else out.

export const sessionPolicies = {
  /** GET sessions: the caller's signed-in devices (an account awaiting approval too). */
  list: definePolicy({ method: 'GET', path: 'sessions', registrants: true, check: isSignedIn }),
  /** DELETE sessions/{id}: one of the caller's own sessions. */
  revoke: definePolicy({ method: 'DELETE', path: 'sessions/:id', registrants: true, params: z.object({ id: zId }), check: isSignedIn }),
  /** POST sessions/sign-out-everywhere: every session of the caller. */
  signOutEverywhere: definePolicy({ method: 'POST', path: 'sessions/sign-out-everywhere', registrants: true, check: isSignedIn }),
  /** DELETE people/{id}/sessions: a school administrator signs a person out on every device (unknown person: 404). */
  signPersonOut: definePolicy({
    method: 'DELETE',
    path: 'people/:id/sessions',
    params: z.object({ id: zId }),
    check: async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
      if (!caller?.isAdmin) return false;
      if (!(await personExists(db, org.id, params.id))) throw notFound('There is no such person in this school');
      return true;
    },
  }),
};
