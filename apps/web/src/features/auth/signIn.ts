import type { TokenResponse } from '@patio/core/schemas/auth';
import type { ApiClient } from '../../app/api/apiClient';
import type { AppServices } from '../../app/services';
import { decodeToken } from '../../app/session/token';
import { fetchMyRegistration } from '../registration';

/** UTF-8 safe base64 for the HTTP Basic header. */
function encodeBasic(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return btoa(String.fromCharCode(...bytes));
}

/** POST oauth/token with HTTP Basic credentials (spec §7). */
export function requestPasswordToken(api: ApiClient, username: string, password: string): Promise<TokenResponse> {
  return api.post<TokenResponse>('oauth/token', new URLSearchParams({ grant_type: 'client_credentials' }), {
    headers: { Authorization: `Basic ${encodeBasic(username, password)}` },
  });
}

/** POST oauth/login-token: exchanges a one-time sign-in link token for an access token. */
export function requestLinkToken(api: ApiClient, token: string): Promise<TokenResponse> {
  return api.post<TokenResponse>('oauth/login-token', { token });
}

export type SignInOutcome = 'signedIn' | 'registrationPending';

/**
 * Finishes a sign-in with a fresh token. A self-registered family the school has not approved yet may
 * read nothing but its own registration (issue 6), so it keeps only the token and is sent to its status
 * screen; everyone else is authenticated as before (person, device).
 */
export async function completeSignIn({ api, session, store }: Pick<AppServices, 'api' | 'session' | 'store'>, token: string): Promise<SignInOutcome> {
  decodeToken(token); // the §8 token errors, before anything is stored
  const registration = await fetchMyRegistration(api, token);
  if (registration?.status === 'pending') {
    store.update({ token, user: null, registrationPending: true });
    return 'registrationPending';
  }
  store.update({ registrationPending: false });
  await session.authenticate(token);
  return 'signedIn';
}
