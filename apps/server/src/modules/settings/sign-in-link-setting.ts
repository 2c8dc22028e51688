// Whether the school's /login offers "Email me a sign-in link" (orgs.settings JSON `signInLink: false`
// turns it off). On unless a school turns it off. Read here once, by the public settings, by the
// appearance settings and by POST sign-in-links.

export const SIGN_IN_LINK_KEY = 'signInLink';

/** True when the school offers mailed sign-in links. */
export function offersSignInLink(settings: Record<string, unknown>): boolean {
  return settings[SIGN_IN_LINK_KEY] !== false;
}
