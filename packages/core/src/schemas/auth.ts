import { z } from 'zod';

/** Body of POST oauth/token (credentials travel in the HTTP Basic header). */
export const ZTokenRequest = z.object({ grant_type: z.literal('client_credentials') });

/** Body of POST oauth/login-token: exchange a one-time sign-in token for an access token. */
export const ZLoginTokenRequest = z.object({ token: z.string().min(16).max(200) });

/** Answer of every sign-in endpoint. */
export const ZTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int().positive(),
});
export type TokenResponse = z.infer<typeof ZTokenResponse>;

/** Body of POST people/{id}/login-tokens (admin issues a one-time sign-in link). */
export const ZIssueLoginTokenRequest = z.object({
  expiresInMinutes: z.number().int().min(5).max(60 * 24 * 14).default(60 * 24),
});

/** Answer of POST people/{id}/login-tokens. */
export const ZIssuedLoginToken = z.object({
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});
export type IssuedLoginToken = z.infer<typeof ZIssuedLoginToken>;

/** Claims of a Patio access token (spec §3 Token payload): sub and uid are the person id. */
export const ZAccessTokenClaims = z.object({
  sub: z.string(),
  uid: z.number().int(),
  org: z.string(),
  iat: z.number().int(),
  exp: z.number().int().optional(),
});
export type AccessTokenClaims = z.infer<typeof ZAccessTokenClaims>;
