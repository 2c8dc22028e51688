// spec §3 Person: "the default placeholder image counts as no avatar". The server stores null for
// "no picture", but older data and imports carry a placeholder URL; both mean "show initials".

/** The placeholder image the server and web app use for a person without a picture. */
export const DEFAULT_AVATAR_URL = '/img/default-avatar.png';

/** File names treated as placeholder images wherever they are hosted. */
const PLACEHOLDER_FILE = /(^|\/)(default[-_]?avatar|avatar[-_]?default|no[-_]?avatar|blank[-_]?avatar)\.(png|jpe?g|gif|svg|webp)$/i;

/** Tells whether a URL is a real picture: not empty and not a placeholder image. */
export function hasAvatar(url: string | null | undefined): boolean {
  const text = (url ?? '').trim();
  if (text === '') return false;
  if (text.startsWith('data:')) return true;
  const path = text.split(/[?#]/, 1)[0];
  return !PLACEHOLDER_FILE.test(path);
}
