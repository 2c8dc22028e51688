import { describe, expect, it } from 'vitest';
import type { TokenClaims } from './decodeToken';
import {
  INVALID_STATE_MESSAGE,
  MICROSOFT_CLOCK_SKEW_S,
  MicrosoftIdTokenError,
  verifyMicrosoftIdToken,
  type MicrosoftIdTokenExpectations,
} from './microsoftIdToken';

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const claims: TokenClaims = {
  aud: 'client-123',
  iss: `https://login.microsoftonline.com/${TENANT}/v2.0`,
  tid: TENANT,
  nonce: 'n-1',
  nbf: 1000,
  iat: 1000,
  exp: 4600,
};
const expected: MicrosoftIdTokenExpectations = {
  state: 's-1',
  storedState: 's-1',
  nonce: 'n-1',
  audience: 'client-123',
  issuer: `https://login.microsoftonline.com/${TENANT}/v2.0`,
  now: 2000,
};

function failureOf(c: TokenClaims, e: Partial<MicrosoftIdTokenExpectations>): string | undefined {
  try {
    verifyMicrosoftIdToken(c, { ...expected, ...e });
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(MicrosoftIdTokenError);
    return (error as MicrosoftIdTokenError).code;
  }
}

describe('verifyMicrosoftIdToken', () => {
  it('accepts a matching token and returns its claims', () => {
    expect(verifyMicrosoftIdToken(claims, expected)).toBe(claims);
  });

  it('uses a 300 s clock skew', () => {
    expect(MICROSOFT_CLOCK_SKEW_S).toBe(300);
  });

  it('throws the exact spec text when the state differs', () => {
    expect(() => verifyMicrosoftIdToken(claims, { ...expected, state: 'other' })).toThrow(INVALID_STATE_MESSAGE);
    expect(INVALID_STATE_MESSAGE).toBe(
      'Invalid state — The state in the authorization response did not match the expected value. Please try signing in again.',
    );
  });

  it.each([
    ['a different state', claims, { state: 'x' }, 'state'],
    ['no stored state', claims, { storedState: null }, 'state'],
    ['both states missing', claims, { state: undefined, storedState: undefined }, 'state'],
    ['a different nonce', claims, { nonce: 'n-2' }, 'nonce'],
    ['no nonce claim', { ...claims, nonce: undefined }, {}, 'nonce'],
    ['a different audience', claims, { audience: 'client-999' }, 'audience'],
    ['a different issuer', claims, { issuer: 'https://evil.example/v2.0' }, 'issuer'],
    ['too early', claims, { now: 1000 - 301 }, 'not-yet-valid'],
    ['item 4: an iat more than 300 s ahead', { ...claims, nbf: undefined, iat: 2000 + 301 }, {}, 'issued-in-future'],
    ['item 4: an iat that is not a number', { ...claims, iat: '1000' }, {}, 'issued-in-future'],
    ['too late', claims, { now: 4600 + 301 }, 'expired'],
    ['no exp claim', { ...claims, exp: undefined }, {}, 'expired'],
  ])('rejects %s', (_name, c, e, code) => {
    expect(failureOf(c as TokenClaims, e as Partial<MicrosoftIdTokenExpectations>)).toBe(code);
  });

  it.each([
    ['exactly nbf − 300', 700],
    ['exactly exp + 300', 4900],
  ])('accepts %s', (_name, now) => {
    expect(failureOf(claims, { now })).toBeUndefined();
  });

  it('item 4: accepts an iat up to 300 s ahead of now', () => {
    expect(failureOf({ ...claims, nbf: undefined, iat: 2300 }, {})).toBeUndefined();
  });

  it('accepts an audience list that includes the client', () => {
    expect(failureOf({ ...claims, aud: ['other', 'client-123'] }, {})).toBeUndefined();
  });

  it('fills {tenantid} in the expected issuer from the tid claim', () => {
    const issuer = 'https://login.microsoftonline.com/{tenantid}/v2.0';
    expect(failureOf(claims, { issuer })).toBeUndefined();
    expect(failureOf({ ...claims, tid: 'another-tenant' }, { issuer })).toBe('issuer');
    expect(failureOf({ ...claims, tid: undefined }, { issuer })).toBe('issuer');
  });

  it('checks the state before anything else', () => {
    expect(failureOf({}, { state: 'x' })).toBe('state');
  });
});
