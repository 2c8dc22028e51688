import { expect, it } from 'vitest';
import { defaultSignInLimits, parseTrustProxy } from '../config';
import { readDevMailbox } from '../modules/auth/auth.fixtures';
import { familyForm, registeringSchool } from '../modules/registration/registration.fixtures';
import { basic } from '../test/factories';
import { describeOnDatabases, type TestApp } from '../test/harness';

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
    it('item 1: ALLOWED_HOSTS still chooses the origin of directory answers, but sign-in links come from the configuration only', async () => {
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
      // No PUBLIC_URL in this configuration: this server on localhost, whatever the Host says.
      for (const host of ['evil.example', 'PATIO.example.org', 'other.example.org:8443']) {
        expect(await issue(host), host).toMatch(/^http:\/\/localhost:8080\/login\?/);
      }
      const directory = await t.request({ method: 'GET', url: `/api/directory/${school.code}`, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
      expect(directory.json().url).toBe(`http://patio.example.org/api/${school.code}/`);
      const allowed = await t.request({ method: 'GET', url: `/api/directory/${school.code}`, headers: { host: 'other.example.org:8443' } });
      expect(allowed.json().url).toBe(`http://other.example.org:8443/api/${school.code}/`);
    });
  },
  { allowedHosts: ['patio.example.org', 'other.example.org:8443'] },
);

/**
 * Asks for a password reset, a family registration and a sign-in link with a forged Host (and
 * X-Forwarded-Host through a trusted proxy) and answers the links that reached the mailbox or the answer.
 */
async function linksWithForgedHost(t: TestApp): Promise<{ reset: string; verify: string; signIn: string }> {
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
  const { school, tree, admin, url } = await registeringSchool(t);
  const parent = await t.makePerson(school, { username: `reset${Date.now()}` });
  const reset = await t.request({ method: 'POST', url: `/api/${school.code}/password-resets`, body: { login: parent.username }, headers: forged });
  expect(reset.statusCode).toBe(202);
  const form = familyForm(tree.classA);
  const registered = await t.request({ method: 'POST', url, body: form, headers: forged });
  expect(registered.statusCode, registered.body).toBe(202);
  const issued = await t.request({ method: 'POST', url: `/api/${school.code}/people/${parent.id}/login-tokens`, token: await t.signIn(admin), body: {}, headers: forged });
  expect(issued.statusCode).toBe(201);
  await t.drainJobs();
  const mails = await readDevMailbox(t);
  const linkTo = (email: string, path: string) =>
    mails.filter((m) => m.to.includes(email)).map((m) => m.text.match(new RegExp(`\\S+${path}\\?school=[\\w-]+&token=[\\w-]+`))?.[0]).find(Boolean);
  return { reset: linkTo(`${parent.username}@example.com`, '/reset-password')!, verify: linkTo(form.email, '/registration/verify')!, signIn: issued.json().url };
}

describeOnDatabases(
  'mail links without PUBLIC_URL',
  (t) => {
    it('item 1: password-reset and registration mails and sign-in links point at this server on localhost, never at the Host header', async () => {
      const links = await linksWithForgedHost(t);
      expect(links.reset).toMatch(/^http:\/\/localhost:8080\/reset-password\?school=/);
      expect(links.verify).toMatch(/^http:\/\/localhost:8080\/registration\/verify\?school=/);
      expect(links.signIn).toMatch(/^http:\/\/localhost:8080\/login\?school=/);
    });
  },
  { trustProxy: 1 },
);

describeOnDatabases(
  'mail links with PUBLIC_URL',
  (t) => {
    it('item 1: password-reset and registration mails and sign-in links point at PUBLIC_URL whatever the Host header says', async () => {
      const links = await linksWithForgedHost(t);
      expect(links.reset).toMatch(/^https:\/\/patio\.example\.org\/reset-password\?school=/);
      expect(links.verify).toMatch(/^https:\/\/patio\.example\.org\/registration\/verify\?school=/);
      expect(links.signIn).toMatch(/^https:\/\/patio\.example\.org\/login\?school=/);
    });
  },
  { trustProxy: 1, publicUrl: 'https://patio.example.org', allowedHosts: ['evil.example'] },
);
