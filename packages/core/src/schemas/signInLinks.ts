import { z } from 'zod';

/** Body of POST sign-in-links: the username or email typed in "Email me a sign-in link" on /login. */
export const ZSignInLinkRequest = z.object({
  login: z.string().trim().min(1).max(320).describe('A username, or an email address of the school'),
  language: z.string().max(10).optional().describe('Language of the screen, for a person whose own language is unknown'),
});
export type SignInLinkRequest = z.infer<typeof ZSignInLinkRequest>;

/** Answer of POST sign-in-links: always the same, whether or not an account was found. */
export const ZSignInLinkAccepted = z.object({ status: z.literal('accepted') });
export type SignInLinkAccepted = z.infer<typeof ZSignInLinkAccepted>;
