import { z } from 'zod';

/** Body of PUT settings/sign-in: how people of the school may sign in with a password. */
export const ZSignInSettingsRequest = z.object({
  signInByEmail: z.boolean().describe('Accept an email address in the username field when it belongs to exactly one person with a password'),
});
export type SignInSettingsRequest = z.infer<typeof ZSignInSettingsRequest>;
