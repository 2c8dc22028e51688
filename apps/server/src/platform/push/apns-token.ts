import { importPKCS8, SignJWT } from 'jose';
import type { ApnsSettings } from './push-settings';

// APNs authenticates the server by a provider token (ES256 JWT signed with the .p8 key). Apple
// refuses one older than an hour and throttles one renewed more often than every 20 minutes, so a
// token is kept for 50 minutes.

const TOKEN_LIFETIME_MS = 50 * 60_000;

export interface ApnsProviderTokens {
  get(): Promise<string>;
  /** Forget the cached token (APNs answered ExpiredProviderToken). */
  invalidate(): void;
}

export function createApnsProviderTokens(settings: ApnsSettings): ApnsProviderTokens {
  let cached: { token: string; expiresAt: number } | undefined;
  let key: ReturnType<typeof importPKCS8> | undefined;
  return {
    async get() {
      if (cached && cached.expiresAt > Date.now()) return cached.token;
      key ??= importPKCS8(settings.privateKey, 'ES256');
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: settings.keyId })
        .setIssuer(settings.teamId)
        .setIssuedAt()
        .sign(await key);
      cached = { token, expiresAt: Date.now() + TOKEN_LIFETIME_MS };
      return token;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
