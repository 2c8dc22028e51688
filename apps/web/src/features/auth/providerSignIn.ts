import type { SsoAuthorization, SsoProvider, SsoRegistrationStart } from '@patio/core/schemas/singleSignOn';
import type { TokenResponse } from '@patio/core/schemas/auth';
import { ApiError } from '../../app/api/ApiError';
import type { ApiClient } from '../../app/api/apiClient';

// Google, Office 365 and Apple sign-in in the browser (decision 020): the server starts it and keeps
// state, nonce and PKCE verifier; this tab keeps the state too (sessionStorage, this tab only) to compare
// it with the one the provider sends back (spec §5), and where to go afterwards.

const PENDING_KEY = 'patio.sso';

export interface PendingSignIn {
  provider: SsoProvider;
  state: string;
  next: string;
}

/** GET oauth/{provider}/authorize, remember the state, and go to the provider. */
export async function startProviderSignIn(api: ApiClient, provider: SsoProvider, next: string, go: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  const { url, state } = await api.get<SsoAuthorization>(`oauth/${provider}/authorize`);
  const pending: PendingSignIn = { provider, state, next };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  go(url);
}

/** Forgets the sign-in this tab started: a state is good for one answer. */
export function forgetPendingSignIn(): void {
  sessionStorage.removeItem(PENDING_KEY);
}

/** The sign-in this tab started, if any. */
export function readPendingSignIn(): PendingSignIn | null {
  const text = sessionStorage.getItem(PENDING_KEY);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as PendingSignIn;
    return typeof parsed.state === 'string' && typeof parsed.provider === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** POST oauth/{provider} (spec §7): `{code}`, Apple `{email, code}`, with the state. */
export function finishProviderSignIn(api: ApiClient, provider: SsoProvider, answer: { code: string; state: string; email?: string | null }): Promise<TokenResponse | SsoRegistrationStart> {
  const body = provider === 'apple' ? { code: answer.code, state: answer.state, email: answer.email ?? null } : { code: answer.code, state: answer.state };
  return api.post<TokenResponse | SsoRegistrationStart>(`oauth/${provider}`, body);
}

/** The dictionary key that explains a failed provider sign-in. */
export function providerFailureKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'sso.failed';
  const keys: Record<string, string> = {
    invalid_state: 'sso.invalidState',
    no_account_for_email: 'sso.noAccount',
    email_shared: 'sso.emailShared',
    provider_email_not_verified: 'sso.emailNotVerified',
    tenant_not_allowed: 'sso.notAllowed',
    domain_not_allowed: 'sso.notAllowed',
    provider_not_configured: 'sso.notOffered',
    provider_unavailable: 'sso.unavailable',
    provider_address_refused: 'sso.misconfigured',
    account_already_linked: 'sso.alreadyLinked',
    too_many_attempts: 'login.tooManyAttempts',
  };
  if (error.status === 429) return 'login.tooManyAttempts';
  return keys[error.code ?? ''] ?? 'sso.failed';
}

export type ProviderAnswer = { ok: true; provider: SsoProvider; code: string; state: string; email: string | null; next: string } | { ok: false; failureKey: string };

/** spec §5: what the provider sent back, checked against the sign-in this tab started (the state must be the stored one). */
export function checkProviderAnswer(provider: string | undefined, params: URLSearchParams, pending: PendingSignIn | null): ProviderAnswer {
  const code = params.get('code');
  const state = params.get('state');
  if (provider !== 'google' && provider !== 'office' && provider !== 'apple') return { ok: false, failureKey: 'sso.failed' };
  if (params.get('error') || !code) return { ok: false, failureKey: 'sso.cancelled' };
  if (!pending || pending.provider !== provider || !state || pending.state !== state) return { ok: false, failureKey: 'sso.invalidState' };
  return { ok: true, provider, code, state, email: params.get('email'), next: pending.next };
}
