import { importPKCS8, SignJWT } from 'jose';
import type { FcmSettings } from './push-settings';

// FCM HTTP v1 takes an OAuth2 access token. A service account gets one by posting a grant it signed
// itself (RS256, RFC 7523) to its token address; the token lasts an hour and is reused until a minute
// before it expires, so a fan-out to thousands of devices asks for one token, not thousands.

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const REFRESH_MARGIN_MS = 60_000;

/** The token address refused or could not be asked; `retry` is false when the account itself is refused. */
export class FcmAuthError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
    this.name = 'FcmAuthError';
  }
}

export interface FcmAccessTokens {
  get(): Promise<string>;
  /** Forget the cached token (FCM answered 401 with it). */
  invalidate(): void;
}

export function createFcmAccessTokens(settings: FcmSettings, timeoutMs: number): FcmAccessTokens {
  let cached: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const key = await importPKCS8(settings.privateKey, 'RS256').catch(() => {
      throw new FcmAuthError('fcm_key_invalid', false);
    });
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(settings.clientEmail)
      .setAudience(settings.tokenUrl)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    let response: Response;
    try {
      response = await fetch(settings.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new FcmAuthError('fcm_token_unreachable', true);
    }
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (!response.ok || typeof body.access_token !== 'string') {
      throw new FcmAuthError(`fcm_token_status_${response.status}`, response.status === 429 || response.status >= 500 || response.ok);
    }
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000;
    cached = { token: body.access_token, expiresAt: Date.now() + lifetimeMs - REFRESH_MARGIN_MS };
    return body.access_token;
  }

  return {
    async get() {
      if (cached && cached.expiresAt > Date.now()) return cached.token;
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
