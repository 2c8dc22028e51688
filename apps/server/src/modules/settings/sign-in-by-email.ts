// The school setting that lets people type their email address where the sign-in form asks for a
// username (orgs.settings JSON `signInByEmail: true`). Off unless a school turns it on; the demo
// school has it on (seed step "sign-in-by-email"). Read here once, by the public settings and by
// POST oauth/token.

export const SIGN_IN_BY_EMAIL_KEY = 'signInByEmail';

/** True when the school accepts an email address in place of a username. */
export function allowsSignInByEmail(settings: Record<string, unknown>): boolean {
  return settings[SIGN_IN_BY_EMAIL_KEY] === true;
}
