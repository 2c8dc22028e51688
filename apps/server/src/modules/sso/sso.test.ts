import { randomUUID } from 'node:crypto';
import { INVALID_STATE_MESSAGE } from '@patio/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { authorizeThroughProvider, type ProviderAccount, startTestProvider } from '../../test/oidc-provider';
import {
  authorize,
  codeFrom,
  discoveryOf,
  finish,
  giveEmail,
  googleAccount,
  makeSsoSchools,
  OTHER_TENANT,
  personOf,
  PUBLIC_URL,
  type SsoWorld,
  startFakeIssuer,
  startProviders,
  TENANT,
} from './sso.fixtures';

describeOnDatabases(
  'single sign-on with Google, Office 365 and Apple (local OpenID providers)',
  (t) => {
    const w = {} as SsoWorld;
    beforeAll(async () => {
      Object.assign(w, await startProviders());
      Object.assign(w, await makeSsoSchools(t, w));
    });
    afterAll(async () => {
      await Promise.all([w.google?.close(), w.office?.close(), w.apple?.close()]);
    });

    const now = () => Math.floor(Date.now() / 1000);
    const countPeople = async (orgId: number) => (await t.db.selectFrom('people').select('id').where('org_id', '=', orgId).execute()).length;

    it('signs in with Google by the verified email, links the account, and later signs in by the link alone', async () => {
      const parent = await t.makePerson(w.schoolA, { role: 'relative' });
      await giveEmail(t, parent, 'Lucia.Mora@Example.com');
      const account = googleAccount('lucia.mora@example.com');
      const first = await finish(t, w.schoolA, 'google', await codeFrom(t, w.google, w.schoolA, 'google', account));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ token_type: 'bearer', access_token: expect.any(String) });
      expect(personOf(first.json().access_token)).toBe(parent.id);

      const links = await t.request({ method: 'GET', url: `/api/${w.schoolA.code}/people/${parent.id}/sign-in-links`, token: first.json().access_token });
      expect(links.json()).toEqual([{ id: expect.any(Number), provider: 'google', email: 'lucia.mora@example.com', linkedAt: expect.any(String), lastUsedAt: expect.any(String) }]);

      // The same Google account with another address: the link decides.
      const again = await finish(t, w.schoolA, 'google', await codeFrom(t, w.google, w.schoolA, 'google', { ...account, email: 'lucia@elsewhere.example' }));
      expect(again.statusCode, again.body).toBe(200);
      expect(personOf(again.json().access_token)).toBe(parent.id);
    });

    it('signs in with Office 365: issuer of the tenant, tid allowed, email from the id token; another tenant is refused', async () => {
      const teacher = await t.makePerson(w.schoolA, { role: 'teacher' });
      await giveEmail(t, teacher, 'profe@colegio.example.co');
      const ok = await finish(t, w.schoolA, 'office', await codeFrom(t, w.office, w.schoolA, 'office', { sub: 'o-1', tid: TENANT, oid: randomUUID(), email: 'profe@colegio.example.co', xms_edov: true, name: 'Carla Díaz' }));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(personOf(ok.json().access_token)).toBe(teacher.id);

      const other = await finish(t, w.schoolA, 'office', await codeFrom(t, w.office, w.schoolA, 'office', { sub: 'o-2', tid: OTHER_TENANT, oid: randomUUID(), email: 'profe@colegio.example.co', xms_edov: true }));
      expect(other.statusCode, other.body).toBe(403);
      expect(other.json().error).toBe('tenant_not_allowed');
    });

    it("signs in with Apple through its form_post answer, {email, code}; an email that is not the token's is refused", async () => {
      const parent = await t.makePerson(w.schoolA, { role: 'relative' });
      await giveEmail(t, parent, 'x7@privaterelay.appleid.com');
      const account = { sub: 'a-1', email: 'x7@privaterelay.appleid.com', email_verified: true };
      w.apple.signInAs(account);
      const { url } = await authorize(t, w.schoolA, 'apple');
      expect(new URL(url).searchParams.get('response_mode')).toBe('form_post');
      const posted = await authorizeThroughProvider(url, `${PUBLIC_URL}/`);
      // The browser posts Apple's fields to the callback address; the server hands them to the web app as a query.
      const relay = await t.app.inject({
        method: 'POST',
        url: '/oauth/apple/callback',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ code: posted.code, state: posted.state, user: JSON.stringify({ email: account.email, name: { firstName: 'Eva' } }) }).toString(),
      });
      expect(relay.statusCode).toBe(303);
      const back = new URL(relay.headers.location as string, PUBLIC_URL).searchParams;
      expect(Object.fromEntries(back)).toEqual({ code: posted.code, state: posted.state, email: account.email });

      const mismatch = await finish(t, w.schoolA, 'apple', { ...(await codeFrom(t, w.apple, w.schoolA, 'apple', account)), email: 'someone@else.example' });
      expect(mismatch.statusCode, mismatch.body).toBe(400);
      expect(mismatch.json().error).toBe('email_mismatch');

      const ok = await finish(t, w.schoolA, 'apple', { code: back.get('code'), state: back.get('state'), email: back.get('email') });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(personOf(ok.json().access_token)).toBe(parent.id);
    });

    it('refuses an id token for another audience, from another issuer, or signed by another key', async () => {
      const parent = await t.makePerson(w.schoolA, { role: 'relative' });
      await giveEmail(t, parent, 'checks@example.com');
      const cases = [
        { tamper: (c: Record<string, unknown>) => ({ ...c, aud: 'someone-else' }), error: 'invalid_audience' },
        { tamper: (c: Record<string, unknown>) => ({ ...c, aud: ['patio-a', 'someone-else'], azp: 'someone-else' }), error: 'invalid_audience' },
        { tamper: (c: Record<string, unknown>) => ({ ...c, iss: 'https://accounts.evil.example' }), error: 'invalid_issuer' },
        { tamper: (c: Record<string, unknown>) => w.google.sign(c, { foreignKey: true }), error: 'invalid_signature' },
      ];
      for (const { tamper, error } of cases) {
        const flow = await codeFrom(t, w.google, w.schoolA, 'google', googleAccount('checks@example.com'));
        w.google.tamper = tamper;
        try {
          const res = await finish(t, w.schoolA, 'google', flow);
          expect(res.statusCode, res.body).toBe(401);
          expect(res.json().error).toBe(error);
        } finally {
          w.google.tamper = null;
        }
      }
    });

    it('accepts an id token between not-before − 300 s and expiry + 300 s, and no further (spec §5, §9)', async () => {
      const parent = await t.makePerson(w.schoolA, { role: 'relative' });
      await giveEmail(t, parent, 'clock@example.com');
      const cases = [
        { claims: { exp: now() - 400, iat: now() - 4000 }, status: 401, error: 'id_token_expired' },
        { claims: { nbf: now() + 400 }, status: 401, error: 'id_token_not_yet_valid' },
        { claims: { exp: now() - 200, iat: now() - 3800 }, status: 200 },
        { claims: { nbf: now() + 200 }, status: 200 },
      ];
      for (const { claims, status, error } of cases) {
        const flow = await codeFrom(t, w.google, w.schoolA, 'google', googleAccount('clock@example.com'));
        w.google.tamper = (original) => ({ ...original, ...claims });
        try {
          const res = await finish(t, w.schoolA, 'google', flow);
          expect(res.statusCode, `${JSON.stringify(claims)}: ${res.body}`).toBe(status);
          if (error) expect(res.json().error).toBe(error);
        } finally {
          w.google.tamper = null;
        }
      }
    });

    it('uses a state and its nonce once: the same answer again, or a replayed id token in a new sign-in, is refused', async () => {
      const parent = await t.makePerson(w.schoolA, { role: 'relative' });
      await giveEmail(t, parent, 'replay@example.com');
      const flow = await codeFrom(t, w.google, w.schoolA, 'google', googleAccount('replay@example.com'));
      expect((await finish(t, w.schoolA, 'google', flow)).statusCode).toBe(200);
      const used = w.google.issued.at(-1)!;

      const twice = await finish(t, w.schoolA, 'google', flow);
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toEqual({ error: 'invalid_state', message: INVALID_STATE_MESSAGE });

      const next = await codeFrom(t, w.google, w.schoolA, 'google', googleAccount('replay@example.com'));
      w.google.tamper = () => used;
      try {
        const replayed = await finish(t, w.schoolA, 'google', next);
        expect(replayed.statusCode, replayed.body).toBe(401);
        expect(replayed.json().error).toBe('invalid_nonce');
      } finally {
        w.google.tamper = null;
      }
    });

    it("answers a state that does not match with the spec §8 text, and a missing one too", async () => {
      const { code } = await codeFrom(t, w.google, w.schoolA, 'google', googleAccount('state@example.com'));
      for (const body of [{ code, state: 'not-the-one-we-stored' }, { code }]) {
        const res = await finish(t, w.schoolA, 'google', body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: 'invalid_state', message: INVALID_STATE_MESSAGE });
      }
    });

    it('creates nothing for an unknown email (404), refuses a shared or unverified one', async () => {
      const before = await countPeople(w.schoolA.id);
      const unknown = await finish(t, w.schoolA, 'google', await codeFrom(t, w.google, w.schoolA, 'google', googleAccount('nobody@example.com')));
      expect(unknown.statusCode, unknown.body).toBe(404);
      expect(unknown.json()).toEqual({ error: 'no_account_for_email', message: expect.stringContaining('nobody@example.com') });
      expect(await countPeople(w.schoolA.id)).toBe(before);
      expect(await t.db.selectFrom('sign_in_links').select('id').where('org_id', '=', w.schoolA.id).where('email', '=', 'nobody@example.com').execute()).toEqual([]);

      for (const role of ['relative', 'teacher'] as const) await giveEmail(t, await t.makePerson(w.schoolA, { role }), 'shared@example.com');
      const shared = await finish(t, w.schoolA, 'google', await codeFrom(t, w.google, w.schoolA, 'google', googleAccount('shared@example.com')));
      expect(shared.statusCode).toBe(409);
      expect(shared.json().error).toBe('email_shared');

      const person = await t.makePerson(w.schoolA, { role: 'relative' });
      await giveEmail(t, person, 'unverified@example.com');
      const unverified = await finish(t, w.schoolA, 'google', await codeFrom(t, w.google, w.schoolA, 'google', googleAccount('unverified@example.com', { email_verified: false })));
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json().error).toBe('provider_email_not_verified');
    });

    it('starts a pre-filled family registration where the school allows it, still creating nobody', async () => {
      const school = await t.makeSchool({ settings: { signIn: { google: { clientId: 'patio-a', clientSecret: 'secret-a', issuer: w.google.issuer, allowSelfRegistration: true } } } });
      const res = await finish(t, school, 'google', await codeFrom(t, w.google, school, 'google', googleAccount('new.family@example.com', { given_name: 'Nora', family_name: 'Páez' })));
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ registration: { provider: 'google', email: 'new.family@example.com', firstName: 'Nora', lastName: 'Páez' } });
      expect(await countPeople(school.id)).toBe(0);
    });

    it('accepts Google accounts of the listed Workspace domains only', async () => {
      const school = await t.makeSchool({ settings: { signIn: { google: { clientId: 'patio-a', clientSecret: 'secret-a', issuer: w.google.issuer, domains: ['colegio.edu.co'] } } } });
      const person = await t.makePerson(school, { role: 'teacher' });
      await giveEmail(t, person, 'ana@gmail.example');
      const outsider = await finish(t, school, 'google', await codeFrom(t, w.google, school, 'google', googleAccount('ana@gmail.example')));
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json().error).toBe('domain_not_allowed');
      await giveEmail(t, person, 'ana@colegio.edu.co');
      const member = await finish(t, school, 'google', await codeFrom(t, w.google, school, 'google', googleAccount('ana@colegio.edu.co', { hd: 'colegio.edu.co' })));
      expect(member.statusCode, member.body).toBe(200);
    });

    it("does not finish school A's sign-in at school B: not its state, not its client's code, not its audience", async () => {
      const inB = await t.makePerson(w.schoolB, { role: 'relative' });
      await giveEmail(t, inB, 'both@example.com');
      const account = googleAccount('both@example.com');

      const fromA = await codeFrom(t, w.google, w.schoolA, 'google', account);
      const stateOfA = await finish(t, w.schoolB, 'google', fromA);
      expect(stateOfA.statusCode).toBe(400);
      expect(stateOfA.json()).toEqual({ error: 'invalid_state', message: INVALID_STATE_MESSAGE });

      // A code issued to A's client, with a state of B: the provider refuses B's client.
      const codeOfA = await codeFrom(t, w.google, w.schoolA, 'google', account);
      const { state: stateOfB } = await authorize(t, w.schoolB, 'google');
      const exchanged = await finish(t, w.schoolB, 'google', { code: codeOfA.code, state: stateOfB });
      expect(exchanged.statusCode, exchanged.body).toBe(401);
      expect(exchanged.json().error).toBe('sso_exchange_failed');

      // An id token issued to A's client, answered to B's sign-in.
      const flowOfB = await codeFrom(t, w.google, w.schoolB, 'google', account);
      w.google.tamper = (claims) => ({ ...claims, aud: 'patio-a' });
      try {
        const res = await finish(t, w.schoolB, 'google', flowOfB);
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().error).toBe('invalid_audience');
      } finally {
        w.google.tamper = null;
      }

      // B's own sign-in works and finds B's person.
      const ok = await finish(t, w.schoolB, 'google', await codeFrom(t, w.google, w.schoolB, 'google', account));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(personOf(ok.json().access_token)).toBe(inB.id);
    });

    it('lets a person see and remove their links; an administrator may too, nobody else', async () => {
      const parent = await t.makePerson(w.schoolA, { role: 'relative' });
      const other = await t.makePerson(w.schoolA, { role: 'relative' });
      const admin = await t.makePerson(w.schoolA, { role: 'admin' });
      await giveEmail(t, parent, 'links@example.com');
      const account = googleAccount('links@example.com');
      expect((await finish(t, w.schoolA, 'google', await codeFrom(t, w.google, w.schoolA, 'google', account))).statusCode).toBe(200);
      const url = `/api/${w.schoolA.code}/people/${parent.id}/sign-in-links`;
      const [link] = (await t.request({ method: 'GET', url, token: await t.signIn(parent) })).json();

      expect((await t.request({ method: 'GET', url, token: await t.signIn(other) })).statusCode).toBe(403);
      expect((await t.request({ method: 'DELETE', url: `${url}/${link.id}`, token: await t.signIn(other) })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url, token: await t.signIn(admin) })).json()).toHaveLength(1);
      expect((await t.request({ method: 'DELETE', url: `/api/${w.schoolA.code}/people/${other.id}/sign-in-links/${link.id}`, token: await t.signIn(admin) })).statusCode).toBe(404);

      expect((await t.request({ method: 'DELETE', url: `${url}/${link.id}`, token: await t.signIn(parent) })).statusCode).toBe(204);
      expect((await t.request({ method: 'GET', url, token: await t.signIn(parent) })).json()).toEqual([]);
      expect((await t.request({ method: 'DELETE', url: `${url}/${link.id}`, token: await t.signIn(parent) })).statusCode).toBe(404);

      // Unlinked, and the email moved on: the account no longer signs in as the parent.
      await giveEmail(t, parent, 'changed@example.com');
      const after = await finish(t, w.schoolA, 'google', await codeFrom(t, w.google, w.schoolA, 'google', account));
      expect(after.statusCode).toBe(404);
    });

    // Issue 29 item 4: SSRF through single sign-on, Office accounts by tid+oid, verified emails only, iat, key rotation.

    const officeAccount = (email: string | undefined, extra: Partial<ProviderAccount> = {}): ProviderAccount => ({ sub: `o-${randomUUID()}`, tid: TENANT, oid: randomUUID(), email, name: 'Carla Díaz', ...extra });
    const linksOf = (personId: number) => t.db.selectFrom('sign_in_links').select(['subject', 'email']).where('org_id', '=', w.schoolA.id).where('person_id', '=', personId).execute();

    it('item 4: sso a redirect or an endpoint into a private address is refused, even with loopback issuers allowed', async () => {
      const answers: Record<string, [number, Record<string, string>, string?]> = {
        '/meta/.well-known/openid-configuration': [302, { location: 'https://169.254.169.254/latest/meta-data/' }],
        '/lan/.well-known/openid-configuration': [307, { location: 'https://10.0.0.1/.well-known/openid-configuration' }],
        '/ula/.well-known/openid-configuration': [302, { location: 'https://[fd00::1]/.well-known/openid-configuration' }],
      };
      const server = await startFakeIssuer(answers);
      // A discovery document that is fine, but whose token endpoint is in the private network.
      answers['/token/.well-known/openid-configuration'] = [200, { 'content-type': 'application/json' }, discoveryOf(`${server.base}/token`, { token_endpoint: 'https://10.0.0.1/token' })];
      try {
        for (const name of ['meta', 'lan', 'ula']) {
          const school = await t.makeSchool({ settings: { signIn: { google: { clientId: 'patio-a', clientSecret: 'secret-a', issuer: `${server.base}/${name}` } } } });
          const res = await t.request({ method: 'GET', url: `/api/${school.code}/oauth/google/authorize` });
          expect(res.statusCode, `${name}: ${res.body}`).toBe(502);
          expect(res.json().error, name).toBe('provider_address_refused');
        }
        const school = await t.makeSchool({ settings: { signIn: { google: { clientId: 'patio-a', clientSecret: 'secret-a', issuer: `${server.base}/token` } } } });
        const { state } = await authorize(t, school, 'google');
        const res = await finish(t, school, 'google', { code: 'any-code', state });
        expect(res.statusCode, res.body).toBe(502);
        expect(res.json().error).toBe('provider_address_refused');
      } finally {
        await server.close();
      }
    });

    it('item 4: sso Office links by tid+oid: the link survives an email change, another oid with the same email is refused', async () => {
      const teacher = await t.makePerson(w.schoolA, { role: 'teacher' });
      await giveEmail(t, teacher, 'oid.teacher@colegio.example.co');
      const account = officeAccount('oid.teacher@colegio.example.co', { xms_edov: true });
      const first = await finish(t, w.schoolA, 'office', await codeFrom(t, w.office, w.schoolA, 'office', account));
      expect(first.statusCode, first.body).toBe(200);
      expect(personOf(first.json().access_token)).toBe(teacher.id);
      expect(await linksOf(teacher.id)).toEqual([{ subject: `${TENANT}:${account.oid}`, email: 'oid.teacher@colegio.example.co' }]);

      // Same tenant and object id, another address and another pairwise sub: still the teacher.
      const renamed = await finish(t, w.schoolA, 'office', await codeFrom(t, w.office, w.schoolA, 'office', { ...account, sub: `o-${randomUUID()}`, email: 'carla.diaz@colegio.example.co' }));
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(personOf(renamed.json().access_token)).toBe(teacher.id);

      // Another Microsoft account of the tenant presenting the teacher's (verified) address is not linked to her.
      const other = await finish(t, w.schoolA, 'office', await codeFrom(t, w.office, w.schoolA, 'office', officeAccount('oid.teacher@colegio.example.co', { xms_edov: true })));
      expect(other.statusCode, other.body).toBe(409);
      expect(other.json().error).toBe('account_already_linked');
      expect(await linksOf(teacher.id)).toHaveLength(1);
    });

    it('item 4: sso an Office link made by sub before tid+oid keeps working and is stored by tid+oid from then on', async () => {
      const teacher = await t.makePerson(w.schoolA, { role: 'teacher' });
      const account = officeAccount(undefined);
      const at = new Date().toISOString();
      await t.db.insertInto('sign_in_links').values({ org_id: w.schoolA.id, person_id: teacher.id, provider: 'office', subject: account.sub, email: null, created_at: at, last_used_at: at }).execute();
      const res = await finish(t, w.schoolA, 'office', await codeFrom(t, w.office, w.schoolA, 'office', account));
      expect(res.statusCode, res.body).toBe(200);
      expect(personOf(res.json().access_token)).toBe(teacher.id);
      expect(await linksOf(teacher.id)).toEqual([{ subject: `${TENANT}:${account.oid}`, email: null }]);
    });

    it('item 4: sso an Office email links only from a verified claim, never from preferred_username', async () => {
      const teacher = await t.makePerson(w.schoolA, { role: 'teacher' });
      await giveEmail(t, teacher, 'verified.only@colegio.example.co');
      const refused: ProviderAccount[] = [
        officeAccount('verified.only@colegio.example.co'),
        officeAccount('verified.only@colegio.example.co', { email_verified: false, xms_edov: false }),
        officeAccount(undefined, { preferred_username: 'verified.only@colegio.example.co' }),
      ];
      for (const account of refused) {
        const res = await finish(t, w.schoolA, 'office', await codeFrom(t, w.office, w.schoolA, 'office', account));
        expect(res.statusCode, `${JSON.stringify(account)}: ${res.body}`).toBe(403);
        expect(res.json().error).toBe('provider_email_not_verified');
      }
      const noObjectId = await finish(t, w.schoolA, 'office', await codeFrom(t, w.office, w.schoolA, 'office', { ...officeAccount('verified.only@colegio.example.co', { xms_edov: true }), oid: undefined }));
      expect(noObjectId.statusCode, noObjectId.body).toBe(401);
      expect(await linksOf(teacher.id)).toEqual([]);

      const primary = await finish(t, w.schoolA, 'office', await codeFrom(t, w.office, w.schoolA, 'office', officeAccount(undefined, { verified_primary_email: ['Verified.Only@colegio.example.co'] })));
      expect(primary.statusCode, primary.body).toBe(200);
      expect(personOf(primary.json().access_token)).toBe(teacher.id);
    });

    it('item 4: sso an id token issued more than 300 s in the future is refused', async () => {
      const parent = await t.makePerson(w.schoolA, { role: 'relative' });
      await giveEmail(t, parent, 'future@example.com');
      for (const [iat, status] of [
        [now() + 400, 401],
        [now() + 200, 200],
      ] as const) {
        const flow = await codeFrom(t, w.google, w.schoolA, 'google', googleAccount('future@example.com'));
        w.google.tamper = (claims) => ({ ...claims, iat, nbf: undefined });
        try {
          const res = await finish(t, w.schoolA, 'google', flow);
          expect(res.statusCode, `iat ${iat}: ${res.body}`).toBe(status);
          if (status === 401) expect(res.json().error).toBe('id_token_issued_in_future');
        } finally {
          w.google.tamper = null;
        }
      }
    });

    it('item 4: sso a rotated key signs in at once; a flood of unknown kids refetches the keys at most once', async () => {
      const clients = [{ client_id: 'patio-keys', client_secret: 'secret-keys', redirect_uris: [`${PUBLIC_URL}/oauth/google/callback`] }];
      const [rotating, flooded] = await Promise.all([startTestProvider({ clients }), startTestProvider({ clients })]);
      try {
        for (const idp of [rotating, flooded]) {
          const school = await t.makeSchool({ settings: { signIn: { google: { clientId: 'patio-keys', clientSecret: 'secret-keys', issuer: idp.issuer } } } });
          const parent = await t.makePerson(school, { role: 'relative' });
          await giveEmail(t, parent, 'keys@example.com');
          const account = googleAccount('keys@example.com');
          expect((await finish(t, school, 'google', await codeFrom(t, idp, school, 'google', account))).statusCode).toBe(200);
          expect(idp.jwksFetches).toBe(1);

          if (idp === rotating) {
            // The provider signs with a new key right after the keys were read: the next sign-in works, no waiting.
            await idp.rotateKey();
            idp.tamper = (claims) => claims;
            const res = await finish(t, school, 'google', await codeFrom(t, idp, school, 'google', account));
            expect(res.statusCode, res.body).toBe(200);
            expect(idp.jwksFetches).toBe(2);
          } else {
            const flows = [];
            for (let i = 0; i < 8; i++) flows.push(await codeFrom(t, idp, school, 'google', account));
            idp.tamper = (claims) => idp.sign(claims, { kid: `made-up-${randomUUID()}` });
            const answers = await Promise.all(flows.map((flow) => finish(t, school, 'google', flow)));
            for (const res of answers) {
              expect(res.statusCode, res.body).toBe(401);
              expect(res.json().error).toBe('invalid_signature');
            }
            expect(idp.jwksFetches).toBe(2);
          }
          idp.tamper = null;
        }
      } finally {
        await Promise.all([rotating.close(), flooded.close()]);
      }
    });

    // Issue 30 item 3: the OpenID Connect client is openid-client; a provider's failures keep their answers.

    it("item 3: sso on openid-client a refused code, an answer without id token, a token without iat and another provider's issuer keep their answers", async () => {
      const json = { 'content-type': 'application/json' };
      const answers: Record<string, [number, Record<string, string>, string?]> = {};
      const server = await startFakeIssuer(answers);
      for (const name of ['down', 'bare']) answers[`/${name}/.well-known/openid-configuration`] = [200, json, discoveryOf(`${server.base}/${name}`)];
      answers['/down/token'] = [500, { 'content-type': 'text/plain' }, 'down'];
      answers['/bare/token'] = [200, json, JSON.stringify({ access_token: 'a', token_type: 'Bearer' })];
      answers['/other/.well-known/openid-configuration'] = [200, json, discoveryOf('https://accounts.other.example')];
      const schoolAt = (name: string) => t.makeSchool({ settings: { signIn: { google: { clientId: 'patio-a', clientSecret: 'secret-a', issuer: `${server.base}/${name}` } } } });
      try {
        const down = await schoolAt('down');
        const refused = await finish(t, down, 'google', { code: 'any-code', state: (await authorize(t, down, 'google')).state });
        expect(refused.statusCode, refused.body).toBe(401);
        expect(refused.json()).toEqual({ error: 'sso_exchange_failed', message: expect.stringContaining('status 500') });

        const bare = await schoolAt('bare');
        const noIdToken = await finish(t, bare, 'google', { code: 'any-code', state: (await authorize(t, bare, 'google')).state });
        expect(noIdToken.statusCode, noIdToken.body).toBe(502);
        expect(noIdToken.json()).toEqual({ error: 'provider_unavailable', message: expect.stringContaining('no id token') });

        const other = await t.request({ method: 'GET', url: `/api/${(await schoolAt('other')).code}/oauth/google/authorize` });
        expect(other.statusCode, other.body).toBe(502);
        expect(other.json().error).toBe('provider_unavailable');
      } finally {
        await server.close();
      }

      // The spec rule lets a token without iat through; OpenID Connect Core (and openid-client) does not.
      const parent = await t.makePerson(w.schoolA, { role: 'relative' });
      await giveEmail(t, parent, 'no.iat@example.com');
      const flow = await codeFrom(t, w.google, w.schoolA, 'google', googleAccount('no.iat@example.com'));
      w.google.tamper = (claims) => ({ ...claims, iat: undefined });
      try {
        const res = await finish(t, w.schoolA, 'google', flow);
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().error).toBe('invalid_id_token');
      } finally {
        w.google.tamper = null;
      }
    });

    it('item 3: sso on openid-client the discovery document is fetched once per issuer, and an issuer that ends with a slash is the same issuer', async () => {
      const answers: Record<string, [number, Record<string, string>, string?]> = {};
      const server = await startFakeIssuer(answers);
      const issuer = `${server.base}/slash/`;
      answers['/slash/.well-known/openid-configuration'] = [
        200,
        { 'content-type': 'application/json' },
        discoveryOf(issuer, { authorization_endpoint: `${server.base}/slash/auth`, token_endpoint: `${server.base}/slash/token`, jwks_uri: `${server.base}/slash/jwks` }),
      ];
      try {
        // Stored without its slash, as the settings screen stores issuers.
        const school = await t.makeSchool({ settings: { signIn: { google: { clientId: 'patio-a', clientSecret: 'secret-a', issuer: `${server.base}/slash` } } } });
        for (let i = 0; i < 3; i++) expect(new URL((await authorize(t, school, 'google')).url).pathname).toBe('/slash/auth');
        expect(server.hits.filter((hit) => hit.startsWith('/slash/.well-known/'))).toHaveLength(1);
      } finally {
        await server.close();
      }
    });

    it('lets administrators configure a provider; the client secret is write-only; the login screen follows', async () => {
      const school = await t.makeSchool();
      const adminToken = await t.signIn(await t.makePerson(school, { role: 'admin' }));
      const settings = async () => (await t.request({ method: 'GET', url: `/api/${school.code}/vue/settings` })).json().signIn;
      expect(await settings()).toEqual({ google: false, office: false, apple: false });
      expect((await t.request({ method: 'GET', url: `/api/${school.code}/oauth/google/authorize` })).json().error).toBe('provider_not_configured');

      const put = (body: Record<string, unknown>) => t.request({ method: 'PUT', url: `/api/${school.code}/settings/single-sign-on/google`, token: adminToken, body });
      const base = { enabled: true, clientId: 'patio-a', issuer: w.google.issuer, tenants: [], domains: [], allowSelfRegistration: false };
      const saved = await put({ ...base, clientSecret: 'secret-a' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ provider: 'google', available: true, clientId: 'patio-a', hasClientSecret: true, redirectUri: `${PUBLIC_URL}/oauth/google/callback` });
      expect(saved.body).not.toContain('secret-a');
      expect(await settings()).toEqual({ google: true, office: false, apple: false });

      // Saving without a secret keeps it: sign-in still works.
      expect((await put(base)).json().hasClientSecret).toBe(true);
      const read = await t.request({ method: 'GET', url: `/api/${school.code}/settings/single-sign-on`, token: adminToken });
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain('secret-a');
      const person = await t.makePerson(school, { role: 'relative' });
      await giveEmail(t, person, 'configured@example.com');
      expect((await finish(t, school, 'google', await codeFrom(t, w.google, school, 'google', googleAccount('configured@example.com')))).statusCode).toBe(200);

      expect((await put({ ...base, enabled: false })).json().available).toBe(false);
      expect(await settings()).toEqual({ google: false, office: false, apple: false });
      expect((await t.request({ method: 'GET', url: `/api/${school.code}/oauth/google/authorize` })).statusCode).toBe(404);
    });
  },
  { publicUrl: PUBLIC_URL, oidcAllowLoopbackIssuers: true },
);
