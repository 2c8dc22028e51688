import { z } from 'zod';

/** A school code as typed on the /code screen: lowercase letters, digits and dashes. */
export const ZOrgCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'A school code has 2 to 40 letters, digits or dashes');

/** Answer of GET /api/directory/{code}: where a school's API lives. */
export const ZDirectoryEntry = z.object({
  code: z.string(),
  title: z.string(),
  logo: z.string().nullable(),
  url: z.string(),
});
export type DirectoryEntry = z.infer<typeof ZDirectoryEntry>;

/** Sign-in providers a school has configured (their flows land with a later capability). */
export const ZSignInProviders = z.object({
  google: z.boolean(),
  office: z.boolean(),
  apple: z.boolean(),
});

/** Answer of GET vue/settings: the school's public settings, a free key-value map (spec §3 Settings). */
export const ZSettings = z
  .object({
    title: z.string(),
    color: z.string(),
    logo: z.string().nullable(),
    signIn: ZSignInProviders,
    signInByEmail: z.boolean().optional().describe('POST oauth/token accepts an email address in the username field (always sent by the server)'),
    legacyHost: z.string().nullable().optional().describe("Base address of the school's legacy modules (v3 blocks); null: the API host without its api part (always sent by the server)"),
    timeZone: z.string().optional().describe("The school's IANA time zone (calendar dates and all-day events); America/Bogota unless set (always sent by the server)"),
    language: z.string().optional().describe("The school's default language (es, en, de, fr, it, pt); es unless set (always sent by the server)"),
    signInLink: z.boolean().optional().describe('/login offers "Email me a sign-in link" (always sent by the server)'),
    vapidPublicKey: z.string().optional().describe("The server's VAPID public key (base64url) that browsers subscribe to Web Push with (always sent by the server)"),
    mapTiles: z
      .object({ url: z.string(), attribution: z.string() })
      .optional()
      .describe('Tile layer of the maps: a {z}/{x}/{y} URL template and its attribution (HTML); always sent by the server'),
    currencyPostfix: z.string().optional(),
    tuCompra: z.boolean().optional(),
  })
  .catchall(z.unknown());
export type Settings = z.infer<typeof ZSettings>;

/** Term map: i18n key → text (GET vue/i18n/languages/{lang}, GET 1/i18n/languages/{lang}). */
export const ZTermMap = z.record(z.string(), z.string());
export type TermMap = z.infer<typeof ZTermMap>;
