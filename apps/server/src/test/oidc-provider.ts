import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWK } from 'jose';
import Provider from 'oidc-provider';

// A real OpenID provider (the `oidc-provider` package) on 127.0.0.1, for the single sign-on tests and
// the e2e journey. It plays Google, Office 365 (an issuer with a tenant path and a `tid` claim) or
// Apple (form_post answers, client_secret_post). Whoever `signInAs` names is logged in and consents
// at once. `tamper` replaces the id token the token endpoint answers with one the test crafts, signed
// with the provider's own key (or, to test signatures, another): wrong audience, issuer, expired…
// The key set is served here (not by oidc-provider) so a test can rotate the key and count fetches.

export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  hd?: string;
  tid?: string;
  oid?: string;
  preferred_username?: string;
  /** Microsoft's optional claims: the email's domain is verified by the tenant; the verified primary email. */
  xms_edov?: boolean;
  verified_primary_email?: string | string[];
}

export interface ProviderClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestProviderOptions {
  /** The issuer's path, e.g. `/{tenant}/v2.0` for Office. */
  path?: string;
  clients: ProviderClient[];
  /** Apple: answers by form_post, clients authenticate with client_secret_post only. */
  apple?: boolean;
  /** A fixed port (the e2e app is configured before the provider starts); default: any free one. */
  port?: number;
}

/** What a test may change in the token endpoint's id token: new claims, or a whole token. */
export type IdTokenTamper = (claims: Record<string, unknown>) => Record<string, unknown> | string | Promise<Record<string, unknown> | string>;

export interface TestProvider {
  issuer: string;
  /** The account the next authorization logs in. */
  signInAs(account: ProviderAccount): void;
  /** Replaces id tokens of the token endpoint until set to null. */
  tamper: IdTokenTamper | null;
  /** The id tokens the token endpoint answered, latest last (as sent, after any tampering). */
  readonly issued: string[];
  /** Signs claims with the provider's current key (kid of its JWKS), or with a stranger's key, or under another kid. */
  sign(claims: Record<string, unknown>, options?: { foreignKey?: boolean; kid?: string }): Promise<string>;
  /** A new signing key with a new kid, published beside the old one; `sign` uses it from now on. */
  rotateKey(): Promise<string>;
  /** How many times the key set (jwks_uri) was fetched. */
  readonly jwksFetches: number;
  close(): Promise<void>;
}

/** Starts a provider on 127.0.0.1 and answers once it listens. */
export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: `patio-test-${randomUUID()}`, alg: 'RS256', use: 'sig' };
  const publicOf = ({ kid, kty, n, e, alg, use }: JWK): JWK => ({ kid, kty, n, e, alg, use });
  const published: JWK[] = [publicOf(jwk)];
  let signing = { kid: jwk.kid!, key: privateKey };
  let jwksFetches = 0;
  const accounts = new Map<string, ProviderAccount>();
  let current: ProviderAccount | null = null;
  const issued: string[] = [];
  const prefix = (options.path ?? '').replace(/\/+$/, '');

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const issuer = `http://127.0.0.1:${port}${prefix}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: options.apple ? 'client_secret_post' : 'client_secret_basic',
    })),
    ...(options.apple ? { clientAuthMethods: ['client_secret_post'] } : {}),
    jwks: { keys: [jwk] },
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: async () => account } : undefined;
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'preferred_username', 'hd', 'tid', 'oid', 'xms_edov', 'verified_primary_email'],
      name: ['given_name', 'family_name'],
    },
    // The claims of the asked scopes go into the id token itself, as Google's, Microsoft's and Apple's do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${prefix}/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { IdToken: 3600, AccessToken: 3600, AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600 },
  });

  const callback = provider.callback();
  const state: { tamper: IdTokenTamper | null } = { tamper: null };

  async function finishInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (!current) throw new Error('The test provider was asked to sign in nobody (call signInAs first)');
    const grant = new provider.Grant({ accountId: current.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: current.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  /** Lets the provider answer the token request, then swaps the id token of its JSON for the test's. */
  function interceptToken(res: ServerResponse): void {
    const chunks: Buffer[] = [];
    const end = res.end.bind(res);
    res.write = ((chunk: string | Buffer) => {
      chunks.push(Buffer.from(chunk));
      return true;
    }) as ServerResponse['write'];
    res.end = ((chunk?: string | Buffer) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      void (async () => {
        let body = Buffer.concat(chunks).toString('utf8');
        try {
          const json = JSON.parse(body) as Record<string, unknown>;
          if (typeof json.id_token === 'string') {
            const tamper = state.tamper;
            if (tamper) {
              const changed = await tamper(decodeJwt(json.id_token));
              json.id_token = typeof changed === 'string' ? changed : await sign(changed);
            }
            issued.push(json.id_token as string);
            body = JSON.stringify(json);
          }
        } catch {
          // not JSON: sent as it came
        }
        res.removeHeader('content-length');
        res.setHeader('content-length', Buffer.byteLength(body));
        end(body);
      })();
      return res;
    }) as ServerResponse['end'];
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (prefix && !url.startsWith(prefix)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const local = url.slice(prefix.length) || '/';
    if (local.startsWith('/interaction/')) {
      finishInteraction(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    if (local.split('?')[0] === '/jwks') {
      jwksFetches += 1;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: published }));
      return;
    }
    if (local.startsWith('/token') && req.method === 'POST') interceptToken(res);
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
    req.url = local;
    callback(req, res);
  });

  async function sign(claims: Record<string, unknown>, signOptions: { foreignKey?: boolean; kid?: string } = {}): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: signOptions.kid ?? signing.kid, typ: 'JWT' })
      .sign(signOptions.foreignKey ? foreign.privateKey : signing.key);
  }

  async function rotateKey(): Promise<string> {
    const next = await generateKeyPair('RS256', { extractable: true });
    const kid = `patio-test-${randomUUID()}`;
    published.push(publicOf({ ...(await exportJWK(next.privateKey)), kid, alg: 'RS256', use: 'sig' }));
    signing = { kid, key: next.privateKey };
    return kid;
  }

  return {
    issuer,
    signInAs(account) {
      accounts.set(account.sub, account);
      current = account;
    },
    get tamper() {
      return state.tamper;
    },
    set tamper(value) {
      state.tamper = value;
    },
    issued,
    sign,
    rotateKey,
    get jwksFetches() {
      return jwksFetches;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Follows the browser's way from an authorization URL through the provider (keeping its cookies) to
 * the redirect URI, and answers what came back there: the query of a redirect, or the fields of
 * Apple's form_post page.
 */
export async function authorizeThroughProvider(authorizationUrl: string, redirectPrefix: string): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(redirectPrefix)) return Object.fromEntries(new URL(url).searchParams);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await res.text();
    const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\s*\/?>/g)];
    if (fields.length > 0) return Object.fromEntries(fields.map(([, name, value]) => [name, decodeHtml(value)]));
    throw new Error(`The provider answered ${res.status} without a redirect: ${html.slice(0, 300)}`);
  }
  throw new Error('Too many redirects through the provider');
}

function decodeHtml(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
