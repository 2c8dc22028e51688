import { expect, it } from 'vitest';
import { defaultSignInLimits, parseTrustProxy } from '../config';
import { basic } from '../test/factories';
import { describeOnDatabases } from '../test/harness';

describeOnDatabases(
  'client IPs behind a reverse proxy',
  (t) => {
    it('item 12: behind one trusted proxy, a forged leftmost X-Forwarded-For does not escape the per-IP limit', async () => {
      const school = await t.makeSchool();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/${school.code}/oauth/token`,
          // The client forges the first address; the proxy appends the one it saw.
          headers: { authorization: basic(`ghost${i}`, 'x'), 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
          payload: { grant_type: 'client_credentials' },
          remoteAddress: '10.0.0.1',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    });
  },
  // TRUST_PROXY=true: one proxy hop, not every address in the header.
  { trustProxy: parseTrustProxy('true'), signInLimits: { ...defaultSignInLimits, perIp: 3 } },
);

describeOnDatabases(
  'origin of links with ALLOWED_HOSTS',
  (t) => {
    it('item 12: a forged Host cannot choose the origin of sign-in links or directory answers', async () => {
      const school = await t.makeSchool();
      const admin = await t.makePerson(school, { role: 'admin' });
      const issue = async (host: string) =>
        (
          await t.request({
            method: 'POST',
            url: `/api/${school.code}/people/${admin.id}/login-tokens`,
            token: await t.signIn(admin),
            body: {},
            headers: { host },
          })
        ).json().url as string;
      expect(await issue('evil.example')).toMatch(/^http:\/\/patio\.example\.org\/login\?/);
      expect(await issue('PATIO.example.org')).toMatch(/^http:\/\/patio\.example\.org\/login\?/);
      expect(await issue('other.example.org:8443')).toMatch(/^http:\/\/other\.example\.org:8443\/login\?/);
      const directory = await t.request({ method: 'GET', url: `/api/directory/${school.code}`, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
      expect(directory.json().url).toBe(`http://patio.example.org/api/${school.code}/`);
    });
  },
  { allowedHosts: ['patio.example.org', 'other.example.org:8443'] },
);
