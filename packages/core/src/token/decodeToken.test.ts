import { describe, expect, it } from 'vitest';
import { decodeToken, decodeTokenHeader, isTokenExpired } from './decodeToken';

function base64Url(value: unknown): string {
  const bytes = new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function makeToken(payload: unknown, header: unknown = { alg: 'HS256', typ: 'JWT' }): string {
  return `${base64Url(header)}.${base64Url(payload)}.signature`;
}

describe('decodeToken', () => {
  it('decodes the payload claims, including UTF-8 text', () => {
    const claims = { sub: '12', uid: 12, org: 'demo', name: 'María Ñúñez', exp: 1_700_000_000 };
    expect(decodeToken(makeToken(claims))).toEqual(claims);
  });

  it('decodes payloads whose base64url needs - and _', () => {
    const claims = { s: '>>>???' }; // encodes with characters that differ between base64 and base64url
    const token = makeToken(claims);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(decodeToken(token)).toEqual(claims);
  });

  it('accepts padded segments', () => {
    const payload = `${base64Url({ a: 1 })}=`;
    expect(decodeToken(`h.${payload}.s`)).toEqual({ a: 1 });
  });

  it('decodes the header', () => {
    expect(decodeTokenHeader(makeToken({}))).toEqual({ alg: 'HS256', typ: 'JWT' });
  });

  it.each([[undefined], [null], [42], [''], [{}]])('throws Invalid token for %j', (token) => {
    expect(() => decodeToken(token)).toThrow(new Error('Invalid token'));
  });

  it.each([['abc'], ['a.b'], ['a.b.c.d'], ['....']])('throws JWT must have 3 parts for %j', (token) => {
    expect(() => decodeToken(token)).toThrow(new Error('JWT must have 3 parts'));
  });

  it.each([['h.ab+c.s'], ['h.ab/c.s'], ['h.a b.s'], ['h.é.s'], ['h.abcde.s'], ['h.ab=c.s']])(
    'throws Illegal base64url string! for %j',
    (token) => {
      expect(() => decodeToken(token)).toThrow(new Error('Illegal base64url string!'));
    },
  );

  it.each([
    ['not JSON', `h.${base64Url('hello')}.s`],
    ['an empty payload', 'h..s'],
    ['a JSON array', `h.${base64Url([1, 2])}.s`],
    ['JSON null', `h.${base64Url('null')}.s`],
    ['a JSON number', `h.${base64Url('5')}.s`],
    ['invalid UTF-8', `h.${btoa('\xc3\x28').replace(/=+$/, '')}.s`],
  ])('throws Cannot decode the token for %s', (_name, token) => {
    expect(() => decodeToken(token)).toThrow(new Error('Cannot decode the token'));
  });
});

describe('isTokenExpired', () => {
  it.each([
    [{ exp: 100 }, 99, false],
    [{ exp: 100 }, 100, true],
    [{ exp: 100 }, 101, true],
    [{}, 1e12, false],
    [{ exp: '100' }, 1e12, false],
    [null, 1e12, false],
  ])('%j at %d → %s', (claims, now, expected) => {
    expect(isTokenExpired(claims, now)).toBe(expected);
  });

  it('uses the current time by default', () => {
    expect(isTokenExpired({ exp: Date.now() / 1000 - 10 })).toBe(true);
    expect(isTokenExpired({ exp: Date.now() / 1000 + 60 })).toBe(false);
  });
});
