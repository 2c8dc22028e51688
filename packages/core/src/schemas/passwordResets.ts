import { z } from 'zod';

/** Body of POST password-resets: the username or email typed on /forgot-password. */
export const ZPasswordResetRequest = z.object({
  login: z.string().trim().min(1).max(320).describe('A username, or an email address of the school'),
  language: z.string().max(10).optional().describe('Language of the screen, for a person whose own language is unknown'),
});

/** Answer of POST password-resets: always the same, whether or not an account was found. */
export const ZPasswordResetAccepted = z.object({ status: z.literal('accepted') });
export type PasswordResetAccepted = z.infer<typeof ZPasswordResetAccepted>;

/** Body of POST password-resets/check: the token of the mailed link. */
export const ZPasswordResetCheckRequest = z.object({ token: z.string().min(16).max(200) });

/** Answer of POST password-resets/check: whom the link is for (the strength meter weighs these too). */
export const ZPasswordResetInfo = z.object({
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  expiresAt: z.string(),
});
export type PasswordResetInfo = z.infer<typeof ZPasswordResetInfo>;

/** Body of POST password-resets/complete: the token and the new password. */
export const ZPasswordResetCompleteRequest = z.object({
  token: z.string().min(16).max(200),
  password: z.string().max(4096),
});
