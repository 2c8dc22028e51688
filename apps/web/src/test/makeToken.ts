/** An unsigned JWT with the given claims (the client only decodes tokens). */
export function makeToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A token for person 7 of the demo school, valid for an hour. */
export function validToken(uid = 7): string {
  const now = Math.floor(Date.now() / 1000);
  return makeToken({ sub: String(uid), uid, org: 'demo', iat: now, exp: now + 3600 });
}
