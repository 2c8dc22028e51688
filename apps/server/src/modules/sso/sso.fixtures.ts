import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { Org } from '../../policy/policy';
import type { TestApp } from '../../test/harness';
import type { TestPerson } from '../../test/factories';
import { authorizeThroughProvider, startTestProvider, type ProviderAccount, type TestProvider } from '../../test/oidc-provider';

// Three local providers playing Google, Office 365 and Apple, two schools configured with them
// (A with all three, B with its own Google client), and the steps of a sign-in as a browser takes them.

export const PUBLIC_URL = 'https://patio.test';
export const TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
export const OTHER_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';

const redirectsOf = (provider: string) => [`${PUBLIC_URL}/oauth/${provider}/callback`];

export interface SsoWorld {
  google: TestProvider;
  office: TestProvider;
  apple: TestProvider;
  schoolA: Org;
  schoolB: Org;
}

/** Starts the providers (close them with closeProviders). */
export async function startProviders(): Promise<Pick<SsoWorld, 'google' | 'office' | 'apple'>> {
  const [google, office, apple] = await Promise.all([
    startTestProvider({
      clients: [
        { client_id: 'patio-a', client_secret: 'secret-a', redirect_uris: redirectsOf('google') },
        { client_id: 'patio-b', client_secret: 'secret-b', redirect_uris: redirectsOf('google') },
      ],
    }),
    startTestProvider({ path: `/${TENANT}/v2.0`, clients: [{ client_id: 'patio-office', client_secret: 'secret-office', redirect_uris: redirectsOf('office') }] }),
    startTestProvider({ apple: true, clients: [{ client_id: 'org.patio.web', client_secret: 'secret-apple', redirect_uris: redirectsOf('apple') }] }),
  ]);
  return { google, office, apple };
}

/** School A offers the three providers; school B its own Google client. */
export async function makeSsoSchools(t: TestApp, providers: Pick<SsoWorld, 'google' | 'office' | 'apple'>, extra: Record<string, unknown> = {}): Promise<Pick<SsoWorld, 'schoolA' | 'schoolB'>> {
  const schoolA = await t.makeSchool({
    settings: {
      signIn: {
        google: { clientId: 'patio-a', clientSecret: 'secret-a', issuer: providers.google.issuer, ...extra },
        office: { clientId: 'patio-office', clientSecret: 'secret-office', issuer: providers.office.issuer, tenants: [TENANT] },
        apple: { clientId: 'org.patio.web', clientSecret: 'secret-apple', issuer: providers.apple.issuer },
      },
    },
  });
  const schoolB = await t.makeSchool({ settings: { signIn: { google: { clientId: 'patio-b', clientSecret: 'secret-b', issuer: providers.google.issuer } } } });
  return { schoolA, schoolB };
}

/** A person with this email (factories leave it empty). */
export async function giveEmail(t: TestApp, person: TestPerson, email: string): Promise<void> {
  await t.db.updateTable('people').set({ email }).where('org_id', '=', person.org.id).where('id', '=', person.id).execute();
}

/** A Google account with a verified email. */
export function googleAccount(email: string, extra: Partial<ProviderAccount> = {}): ProviderAccount {
  return { sub: `g-${randomUUID()}`, email, email_verified: true, given_name: 'Ana', family_name: 'Ríos', ...extra };
}

/** GET oauth/{provider}/authorize at a school. */
export async function authorize(t: TestApp, school: Org, provider: string): Promise<{ url: string; state: string }> {
  const res = await t.request({ method: 'GET', url: `/api/${school.code}/oauth/${provider}/authorize` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The browser's trip: authorize at the school, sign in at the provider as `account`, come back with code and state. */
export async function codeFrom(t: TestApp, idp: TestProvider, school: Org, provider: string, account: ProviderAccount): Promise<{ code: string; state: string }> {
  idp.signInAs(account);
  const { url, state } = await authorize(t, school, provider);
  const back = await authorizeThroughProvider(url, `${PUBLIC_URL}/`);
  expect(back.state).toBe(state);
  expect(back.code).toBeTruthy();
  return { code: back.code, state: back.state };
}

/** POST oauth/{provider} at a school. */
export function finish(t: TestApp, school: Org, provider: string, body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: `/api/${school.code}/oauth/${provider}`, body });
}

/** The person id inside an access token. */
export function personOf(accessToken: string): number {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString('utf8')).uid;
}

/**
 * A stand-in issuer on 127.0.0.1 whose answers a test writes: `{path → [status, headers, body]}`,
 * e.g. a discovery document that redirects into the server's network.
 */
export async function startFakeIssuer(answers: Record<string, [number, Record<string, string>, string?]>): Promise<{ base: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const answer = answers[(req.url ?? '').split('?')[0]];
    if (!answer) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.writeHead(answer[0], answer[1]);
    res.end(answer[2] ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A discovery document for `issuer` whose endpoints are the given ones. */
export function discoveryOf(issuer: string, endpoints: Partial<Record<'authorization_endpoint' | 'token_endpoint' | 'jwks_uri', string>> = {}): string {
  return JSON.stringify({
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    token_endpoint_auth_methods_supported: ['client_secret_basic'],
    ...endpoints,
  });
}
