import type { TokenResponse } from '@patio/core/schemas/auth';
import type { ApiClient } from '../../app/api/apiClient';

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
