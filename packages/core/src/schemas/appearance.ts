import { z } from 'zod';

// GET/PUT settings/appearance (issue 33 item 4): how a school presents itself — its name, colour,
// logo, default language and time zone — and which ways of signing in its /login screen offers.

/** Longest school name (as the school-create command allows). */
export const SCHOOL_NAME_MAX = 200;
/** Largest logo upload accepted: 2 MB. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Image types a logo may be uploaded as (SVG is refused: it can carry script). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const ZSignInMethods = z.object({
  password: z.boolean().describe('Username (or email) and password: always offered, so no change can lock the school out'),
  link: z.boolean().describe('"Email me a sign-in link" on /login and POST sign-in-links; off: the button is gone and the endpoint answers 403 sign_in_link_off'),
  providers: z
    .object({ google: z.boolean(), office: z.boolean(), apple: z.boolean() })
    .describe('Single sign-on providers offered (configured and on); changed on the single sign-on settings'),
});
export type SignInMethods = z.infer<typeof ZSignInMethods>;

export const ZAppearance = z
  .object({
    name: z.string().describe("The school's name, shown on /login, the app bar and mails"),
    color: z.string().describe('#RRGGBB; white text on it reaches at least 3:1 (bars darken it further to 4.5:1)'),
    logo: z.string().nullable().describe('Address of the logo image (PNG, no token needed), or null'),
    language: z.string().describe('Default language of the school: es, en, de, fr, it or pt'),
    timeZone: z.string().describe('IANA time zone of the school'),
    signInMethods: ZSignInMethods,
  })
  .strict();
export type Appearance = z.infer<typeof ZAppearance>;

export const ZAppearanceUpdate = z
  .object({
    name: z.string().max(1000).describe(`1 to ${SCHOOL_NAME_MAX} printable characters (400 invalid_name)`),
    color: z.string().max(100).describe('#RRGGBB (400 invalid_color); one on which white text is unreadable is 400 color_unreadable'),
    logo: z
      .union([z.number().int().positive(), z.string().max(2000), z.null()])
      .describe(
        'A file id of one of your own uploads (POST people/{me}/uploads): a PNG, JPEG, WebP or GIF of at most 2 MB, re-encoded as PNG ' +
          '(400 logo_type_refused, logo_too_large, logo_not_found); the current logo address to keep it; null to remove it',
      ),
    language: z.string().max(20).describe('es, en, de, fr, it or pt (400 invalid_language)'),
    timeZone: z.string().min(1).max(64).describe('IANA zone (400 invalid_time_zone)'),
    signInMethods: z.object({ link: z.boolean() }).strict().optional().describe('Left out: unchanged'),
  })
  .strict();
export type AppearanceUpdate = z.infer<typeof ZAppearanceUpdate>;
