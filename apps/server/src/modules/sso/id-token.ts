import { MicrosoftIdTokenError, verifyMicrosoftIdToken } from '@patio/core';
import { HttpError } from '../../http/errors';
import { type ProviderKeys, signedClaims } from './provider-keys';

// The server's own checks of an id token, beside openid-client's (decision 020): the signature by the
// provider's keys (provider-keys.ts), then the spec §5 rule of @patio/core — nonce, audience, issuer
// (Microsoft's `{tenantid}` filled from `tid`), nbf − 300 s … exp + 300 s, and an iat no later than
// now + 300 s. openid-client checks all of these but the last; the rule also names each failure, so a
// token either refuses answers with the spec's code and text.

export interface IdTokenExpectations {
  state: string;
  nonce: string;
  clientId: string;
  /** The discovered issuer (Microsoft's multi-tenant one contains `{tenantid}`). */
  issuer: string;
}

/** The spec §5 failures as answers: each says which check failed. */
function refusalOf(err: MicrosoftIdTokenError): HttpError {
  const codes = {
    state: 'invalid_state',
    nonce: 'invalid_nonce',
    audience: 'invalid_audience',
    issuer: 'invalid_issuer',
    'not-yet-valid': 'id_token_not_yet_valid',
    'issued-in-future': 'id_token_issued_in_future',
    expired: 'id_token_expired',
  } as const;
  return new HttpError(err.code === 'state' ? 400 : 401, codes[err.code], err.message);
}

/** The claims of an id token signed by the provider that passes spec §5; else the answer saying why not. */
export async function checkedClaims(keys: ProviderKeys, idToken: string, expected: IdTokenExpectations): Promise<Record<string, unknown>> {
  const claims = await signedClaims(keys, idToken);
  try {
    verifyMicrosoftIdToken(claims, {
      state: expected.state,
      storedState: expected.state,
      nonce: expected.nonce,
      audience: expected.clientId,
      issuer: expected.issuer,
      now: Math.floor(Date.now() / 1000),
    });
  } catch (err) {
    throw err instanceof MicrosoftIdTokenError ? refusalOf(err) : err;
  }
  return claims;
}
