import { hasForbiddenNameCharacters } from './people/nameCharacters';

// The one email rule of Patio (registration, profile, import, relatives). No zod here on purpose: the
// web's first screens read it, and the zod schema built on it lives in schemas/email.ts.
//
// What it accepts: local@domain.tld with no spaces, control or invisible characters; a local part of
// letters (any script), digits and the unquoted RFC 5322 symbols, without leading, trailing or double
// dots; a domain of at least two labels of letters, digits and hyphens, ending in a top-level label of
// two or more characters. Internationalised addresses (josé@colegio.co, info@münchen.de) pass, as the
// earlier checks let them; quoted local parts and IP-literal domains are refused: no family uses them.

/** spec §5 Added email: what a wrong address answers (the web translates it as profile.emailInvalid). */
export const emailFormatMessage = 'The email does not have a valid format';

/** Longest address a mail server must accept (RFC 5321: 256-octet path minus the angle brackets). */
export const MAX_EMAIL_LENGTH = 254;
/** Longest local part (before the @), RFC 5321. */
export const MAX_EMAIL_LOCAL_LENGTH = 64;
/** Longest label of a domain name, RFC 1035. */
const MAX_DOMAIN_LABEL_LENGTH = 63;

const LOCAL = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
const TOP_LEVEL = /^(?=.*\p{L})[\p{L}\p{M}\p{N}-]{2,}$/u;

/** True when `text` is an email address by Patio's one rule (trim it first: spaces are refused). */
export function isEmail(text: string): boolean {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_EMAIL_LENGTH) return false;
  if (/\s/u.test(text) || hasForbiddenNameCharacters(text)) return false;
  const at = text.indexOf('@');
  if (at <= 0 || at !== text.lastIndexOf('@')) return false;
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  if (local.length > MAX_EMAIL_LOCAL_LENGTH || !LOCAL.test(local) || labels.length < 2) return false;
  if (!labels.every((label) => label.length <= MAX_DOMAIN_LABEL_LENGTH && LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1]);
}

/** The form an address is stored and compared in: trimmed and lower-cased. */
export function normalizeEmail(text: string): string {
  return text.trim().toLowerCase();
}
