import { z } from 'zod';

/** Body of PUT settings/sign-in: how people of the school may sign in with a password. */
export const ZSignInSettingsRequest = z.object({
  signInByEmail: z.boolean().describe('Accept an email address in the username field when it belongs to exactly one person with a password'),
});
export type SignInSettingsRequest = z.infer<typeof ZSignInSettingsRequest>;

/** Longest legacy host address. */
export const LEGACY_HOST_MAX = 300;

/**
 * True when `value` is a usable legacy host: an http(s) address without user or password, query or
 * fragment (a path prefix is fine: v3 block urls are appended to it).
 */
export function isLegacyHost(value: string): boolean {
  if (value.length > LEGACY_HOST_MAX || /\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' && url.search === '' && url.hash === '' && !value.includes('?') && !value.includes('#');
}

/** Body of PUT settings/legacy-host: where the school's legacy modules live (null: the default). */
export const ZLegacyHostRequest = z.object({
  legacyHost: z
    .string()
    .trim()
    .max(LEGACY_HOST_MAX)
    .refine(isLegacyHost, 'An http or https address without user, password, query or fragment')
    .nullable()
    .describe('e.g. https://colegio.example.org; v3 block urls are read from {legacyHost}/{url}'),
});
export type LegacyHostRequest = z.infer<typeof ZLegacyHostRequest>;
