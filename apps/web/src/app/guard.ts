/** The screens reachable without signing in (spec §2). */
export const PUBLIC_PATHS = [
  '/code', '/login', '/register', '/registration/verify', '/registration/link', '/welcome', '/forgot-password', '/reset-password',
] as const;

/**
 * Screens of mailed links that carry their school (?school=): they need none stored (issue 8: invitations,
 * password resets; issue 29: the confirmation asked of a person a registration matches).
 */
const MAILED_LINK_PATHS = ['/welcome', '/reset-password', '/registration/link'];

/** Where Google, Office 365 and Apple send the browser back (issue 16): public, for the stored school. */
export function isSsoCallbackPath(path: string): boolean {
  return /^\/oauth\/(google|office|apple)\/callback$/.test(path);
}

/** A shared live map (issue 13): /share/{org}/{token}, open without signing in, to anyone, in any school. */
export function isSharedMapPath(path: string): boolean {
  return /^\/share\/[^/]+\/[^/]+$/.test(path);
}

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
  // The email verification link carries its school (?school=), so it needs none stored; so does a shared map.
  if (path === '/code' || path === '/registration/verify' || MAILED_LINK_PATHS.includes(path) || isSharedMapPath(path)) return null;
  if (!hasOrgUrl) {
    // A sign-in link opened on a new device keeps its school and token for the code screen.
    if (path === '/login' && search) return `/code${search}`;
    return `/code${nextSearchOf(path + search)}`;
  }
  if (isSignedIn && isRegistrationPending) return path === REGISTRATION_STATUS_PATH ? null : REGISTRATION_STATUS_PATH;
  if ((PUBLIC_PATHS as readonly string[]).includes(path) || isSsoCallbackPath(path)) return null;
  if (!isSignedIn) return `/login${nextSearchOf(path + search)}`;
  return null;
}

const HOME = '/highlights';

/**
 * Where `/` leads: wherever the guard sends that navigation, else the highlights. The index route asks
 * this itself because the router follows the deepest redirect of a navigation and starts fetching its
 * screen's chunks meanwhile: a guest sent to /highlights first would load signed-in screens for nothing.
 */
export function homeTarget(input: Omit<GuardInput, 'pathname'>): string {
  return decideGuard({ ...input, pathname: '/' }) ?? HOME;
}
// Any origin would do: a target is only followed when it stays on whichever origin this is.
const PROBE_ORIGIN = 'https://patio.invalid';

/** Browsers read `\` as `/` and drop tabs and newlines from URLs: such a target is refused outright. */
function hasBackslashOrControl(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === 0x5c || code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * A post-sign-in target as an in-app path, or null. Only a same-origin relative path counts: the
 * URL parser decides, as the browser would, so `//evil.example`, `/\evil.example`, `https://…` and
 * tabs or newlines hidden inside any of them never leave the app. The public screens are no target.
 */
function inAppPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000 || !next.startsWith('/') || hasBackslashOrControl(next)) return null;
  let url: URL;
  try {
    url = new URL(next, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = normalise(url.pathname);
  if (path === '/' || (PUBLIC_PATHS as readonly string[]).includes(path) || path === REGISTRATION_STATUS_PATH) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `?next=<path>` that carries a wanted screen through the code and sign-in screens, or '' for none. */
export function nextSearchOf(next: string | null | undefined): string {
  const path = inAppPath(next);
  // Home is where sign-in lands anyway.
  return path && path !== HOME ? `?next=${encodeURIComponent(path)}` : '';
}

/** Where to go after sign-in: the `next` target when it is an in-app path (no open redirect), else the highlights. */
export function safeNextPath(next: string | null): string {
  return inAppPath(next) ?? HOME;
}
