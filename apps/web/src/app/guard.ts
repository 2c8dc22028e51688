/** The screens reachable without signing in (spec §2). */
export const PUBLIC_PATHS = ['/code', '/login', '/register', '/registration/verify'] as const;

export interface GuardInput {
  pathname: string;
  /** Query string of the requested location, e.g. "?school=demo&token=…". */
  search?: string;
  hasOrgUrl: boolean;
  isSignedIn: boolean;
  /** Signed in as a self-registered family the school has not approved yet. */
  isRegistrationPending?: boolean;
}

/** The one screen a family waiting for the school's approval may see (issue 6). */
export const REGISTRATION_STATUS_PATH = '/registration/status';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Where the guard sends a navigation, or null to let it through (spec §2): the code screen is always
 * allowed; with no organisation URL stored, everything goes to /code; then the public routes are
 * allowed; any other route needs a signed-in user, else /login. A family waiting for approval is kept
 * on its registration status screen, wherever it tries to go.
 */
export function decideGuard({ pathname, search = '', hasOrgUrl, isSignedIn, isRegistrationPending = false }: GuardInput): string | null {
  const path = normalise(pathname);
  // The email verification link carries its school (?school=), so it needs none stored.
  if (path === '/code' || path === '/registration/verify') return null;
  if (!hasOrgUrl) {
    // A sign-in link opened on a new device keeps its school and token for the code screen.
    return path === '/login' && search ? `/code${search}` : '/code';
  }
  if (isSignedIn && isRegistrationPending) return path === REGISTRATION_STATUS_PATH ? null : REGISTRATION_STATUS_PATH;
  if ((PUBLIC_PATHS as readonly string[]).includes(path)) return null;
  if (!isSignedIn) {
    const wanted = path === '/' ? '' : `?next=${encodeURIComponent(path + search)}`;
    return `/login${wanted}`;
  }
  return null;
}

/** Keeps a post-login target inside the app (no protocol-relative or absolute URLs). */
export function safeNextPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/highlights';
}
