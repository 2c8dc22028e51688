import { compactVerify, createLocalJWKSet, errors as joseErrors, type FlattenedJWSInput, type JSONWebKeySet, type JWSHeaderParameters } from 'jose';
import { HttpError } from '../../http/errors';
import type { OutboundPolicy } from '../../platform/net/outbound-guard';
import { getJson, policyKey, providerUnavailable } from './provider-fetch';

// The id token's signature, checked with the provider's key set (decision 020). openid-client does
// not check the signature of an id token from the token endpoint unless asked, and when asked it
// fetches a key set again for an unknown `kid` only once the keys it holds are a minute old — a
// provider that rotated its key would fail every sign-in for up to a minute. Here an unknown `kid`
// refetches at once, at most once a minute per key set.

/** A provider's signing keys: fetched when first needed, again when stale, and at once for an unknown `kid` (rate limited). */
export interface ProviderKeys {
  /** The key for a token's header (jose's key resolver). */
  resolve: (header: JWSHeaderParameters, token: FlattenedJWSInput) => Promise<CryptoKey>;
}

/** Keys are read again after this long, as jose's remote key sets do. */
const KEYS_TTL_MS = 10 * 60 * 1000;
/**
 * An unknown `kid` refetches the keys at once — a provider that rotated its key signs with the new one
 * at the next sign-in — but at most once per this interval per key set, so tokens with made-up kids
 * cannot make the server hammer the provider.
 */
const UNKNOWN_KID_REFETCH_MS = 60_000;
const SIGNING_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const keySets = new Map<string, ProviderKeys>();

/** The key set at `jwksUri`, fetched under `policy`; one per address and policy for the whole server. */
export function keysAt(jwksUri: string, policy: OutboundPolicy): ProviderKeys {
  const key = `${policyKey(policy)} ${jwksUri}`;
  const known = keySets.get(key);
  if (known) return known;
  let local: ReturnType<typeof createLocalJWKSet> | null = null;
  let fetchedAt = 0;
  let lastUnknownKidFetch = -Infinity;
  let loading: Promise<void> | null = null;
  const load = () => {
    loading ??= (async () => {
      try {
        const body = await getJson(jwksUri, policy, 'its keys');
        try {
          local = createLocalJWKSet(body as JSONWebKeySet);
        } catch {
          throw providerUnavailable('its keys are not a JWKS');
        }
        fetchedAt = Date.now();
      } finally {
        loading = null;
      }
    })();
    return loading;
  };
  const keys: ProviderKeys = {
    async resolve(header, token) {
      let fresh = false;
      if (local === null || Date.now() - fetchedAt > KEYS_TTL_MS) {
        await load();
        fresh = true;
      }
      try {
        return await local!(header, token);
      } catch (err) {
        if (!(err instanceof joseErrors.JWKSNoMatchingKey) || fresh) throw err;
        // Claimed before the fetch, so a burst of unknown kids shares one refetch and the rest wait for the next interval.
        if (Date.now() - lastUnknownKidFetch < UNKNOWN_KID_REFETCH_MS) throw err;
        lastUnknownKidFetch = Date.now();
        await load();
        return await local!(header, token);
      }
    },
  };
  keySets.set(key, keys);
  return keys;
}

/** Checks the id token's signature with the provider's keys (asymmetric algorithms only); answers its claims. */
export async function signedClaims(keys: ProviderKeys, idToken: string): Promise<Record<string, unknown>> {
  try {
    const { payload } = await compactVerify(idToken, keys.resolve, { algorithms: SIGNING_ALGORITHMS });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as unknown;
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw new Error('claims');
    return claims as Record<string, unknown>;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(401, 'invalid_signature', 'The identity token is not signed by the identity provider; please try signing in again');
  }
}
