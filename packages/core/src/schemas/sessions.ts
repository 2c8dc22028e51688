import { z } from 'zod';

// Signed-in devices (issue 29 item 2; docs/decisions/024-sessions-and-revocation.md): one session per
// sign-in, listed in /settings, each revocable; "sign out everywhere" revokes them all at once.

/** One sign-in of the caller that still holds. */
export const ZSignedInSession = z.object({
  id: z.number().int().describe('The session (the `sid` of its access token)'),
  platform: z.string().describe('Operating system or app platform: Android, iOS, Windows, macOS, Linux… ("" when unknown)'),
  model: z.string().describe('Device model or browser, e.g. "Pixel 8" or "Chrome 131" ("" when unknown)'),
  createdAt: z.string().describe('When the person signed in'),
  lastUsedAt: z.string().describe('Last request with its token (kept to about a minute)'),
  expiresAt: z.string(),
  current: z.boolean().describe('True for the session of the token that asks'),
});
export type SignedInSession = z.infer<typeof ZSignedInSession>;

/** Body of POST sessions/sign-out-everywhere. */
export const ZSignOutEverywhereRequest = z.object({
  keepCurrent: z
    .boolean()
    .default(false)
    .describe('True: every other session ends and the one asking stays signed in; false (default): this one ends too'),
});
export type SignOutEverywhereRequest = z.infer<typeof ZSignOutEverywhereRequest>;

/** Answer of POST sessions/sign-out-everywhere. */
export const ZSignOutEverywhereResult = z.object({
  revoked: z.number().int().describe('How many sessions ended'),
  keptCurrent: z.boolean().describe('Whether the asking session is still signed in'),
});
export type SignOutEverywhereResult = z.infer<typeof ZSignOutEverywhereResult>;

/** Body of POST people/{id}/password: a signed-in person changes their own password. */
export const ZPasswordChangeRequest = z.object({
  currentPassword: z.string().max(4096).describe('The password the person signs in with today'),
  newPassword: z.string().max(4096).describe('Follows the password policy (the registration form\'s rules)'),
});
export type PasswordChangeRequest = z.infer<typeof ZPasswordChangeRequest>;
