import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import type { TestProvider } from '../../test/oidc-provider';
import { codeFrom, finish, giveEmail, googleAccount, personOf, PUBLIC_URL } from './sso.fixtures';
import { startTestProvider } from '../../test/oidc-provider';

// Issue 29 item 4: on a server without OIDC_ALLOW_LOOPBACK_ISSUERS, an issuer a school administrator
// sets reaches public https addresses only — when saved, and at each fetch (the name resolved at
// connect time). The operator's own issuer (OIDC_*_ISSUER) may still be a local provider.

describeOnDatabases(
  'single sign-on issuers and the outbound guard (loopback issuers not allowed)',
  (t) => {
    let idp: TestProvider;
    let port: string;
    beforeAll(async () => {
      idp = await startTestProvider({ clients: [{ client_id: 'patio-env', client_secret: 'secret-env', redirect_uris: [`${PUBLIC_URL}/oauth/google/callback`] }] });
      port = new URL(idp.issuer).port;
      // The operator's client, as OIDC_GOOGLE_{ISSUER,CLIENT_ID,CLIENT_SECRET} would give it.
      t.config.oidc = { google: { issuer: idp.issuer, clientId: 'patio-env', clientSecret: 'secret-env' } };
    });
    afterAll(async () => {
      await idp?.close();
    });

    const ownIssuer = (issuer: string) => ({ signIn: { google: { clientId: 'patio-own', clientSecret: 'secret-own', issuer } } });

    it('item 4: sso an administrator cannot save an issuer on a private or loopback address (400 issuer_not_allowed), nothing is saved', async () => {
      const school = await t.makeSchool();
      const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
      const put = (issuer: string) =>
        t.request({
          method: 'PUT',
          url: `/api/${school.code}/settings/single-sign-on/google`,
          token,
          body: { enabled: true, clientId: 'patio-own', clientSecret: 'secret-own', issuer, tenants: [], domains: [], allowSelfRegistration: false },
        });
      const refused = [`https://127.0.0.1:${port}`, `https://localhost:${port}`, 'https://10.0.0.1', 'https://169.254.169.254', `https://[::1]:${port}`, 'https://[fd00::1]', 'https://0.0.0.0'];
      for (const issuer of refused) {
        const res = await put(issuer);
        expect(res.statusCode, `${issuer}: ${res.body}`).toBe(400);
        expect(res.json().error, issuer).toBe('issuer_not_allowed');
      }
      const plain = await put(idp.issuer);
      expect(plain.statusCode).toBe(400);
      expect(plain.json().error).toBe('invalid_issuer');
      const read = await t.request({ method: 'GET', url: `/api/${school.code}/settings/single-sign-on`, token });
      expect(read.json().providers.find((p: { provider: string }) => p.provider === 'google')).toMatchObject({ issuer: null, clientId: null });
    });

    it('item 4: sso a stored issuer on a loopback address, or on a name that resolves to one, is refused at fetch (502 provider_address_refused)', async () => {
      for (const issuer of [`https://127.0.0.1:${port}`, `https://localhost:${port}`, `https://[::1]:${port}`]) {
        // Saved before issue 29, or written around the settings screen: the fetch itself refuses it.
        const school = await t.makeSchool({ settings: ownIssuer(issuer) });
        const res = await t.request({ method: 'GET', url: `/api/${school.code}/oauth/google/authorize` });
        expect(res.statusCode, `${issuer}: ${res.body}`).toBe(502);
        expect(res.json().error, issuer).toBe('provider_address_refused');
      }
      const plain = await t.makeSchool({ settings: ownIssuer(idp.issuer) });
      const res = await t.request({ method: 'GET', url: `/api/${plain.code}/oauth/google/authorize` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('provider_not_configured');
    });

    it("item 4: sso the operator's own issuer (OIDC_GOOGLE_ISSUER) may be a local provider", async () => {
      const school = await t.makeSchool();
      const parent = await t.makePerson(school, { role: 'relative' });
      await giveEmail(t, parent, 'env.issuer@example.com');
      const res = await finish(t, school, 'google', await codeFrom(t, idp, school, 'google', googleAccount('env.issuer@example.com')));
      expect(res.statusCode, res.body).toBe(200);
      expect(personOf(res.json().access_token)).toBe(parent.id);
    });
  },
  { publicUrl: PUBLIC_URL, oidcAllowLoopbackIssuers: false },
);
