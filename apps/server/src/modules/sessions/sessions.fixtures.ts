import { expect } from 'vitest';
import { basic, type TestPerson } from '../../test/factories';
import type { Org, TestApp } from '../../test/harness';

// Devices and sign-ins for the tests of sessions and of what ends them (decision 024).

export const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
export const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
export const WINDOWS_EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86';

let ipCounter = 0;
/** A new client address each time, so that the per-IP sign-in limits of one test never slow another. */
export const freshIp = () => `10.29.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

/** Sign-ins as a device would make them, against one test app. */
export function sessionClient(t: TestApp) {
  /** A real sign-in (POST oauth/token) from a device with this User-Agent: a token with its own session. */
  async function signInFrom(person: TestPerson, userAgent = PIXEL, password = person.password): Promise<string> {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/${person.org.code}/oauth/token`,
      payload: { grant_type: 'client_credentials' },
      headers: { authorization: basic(person.username, password), 'user-agent': userAgent },
      remoteAddress: freshIp(),
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().access_token as string;
  }
  /** A token issued before sessions existed (no `sid`). */
  const legacy = (person: TestPerson) => t.app.patio.tokens.sign(person.org.code, person.id);
  const me = (token: string, org: Org) => t.request({ method: 'GET', url: `/api/${org.code}/sessions`, token });
  const expectRevoked = async (token: string, org: Org) => {
    const answer = await me(token, org);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ error: 'token_revoked', message: expect.any(String) });
  };
  return { signInFrom, legacy, me, expectRevoked };
}
