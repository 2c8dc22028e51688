// spec §9 Avatar: "6 background colours chosen by id modulo 6. Text colour is black or white by a
// luminance threshold of 128." Each colour below meets WCAG AA (≥ 4.5:1) with the text colour
// that rule picks for it (checked in avatarColor.test.ts).

/** The six avatar background colours, indexed by id mod 6. */
export const AVATAR_COLORS = ['#1C6E94', '#B03A2E', '#2E7D32', '#6A1B9A', '#F4B400', '#7FD3E6'] as const;

/** Luminance threshold (0–255) at or above which avatar text is black. */
export const AVATAR_LUMINANCE_THRESHOLD = 128;

/** Parses '#RRGGBB' or '#RGB' into [r, g, b]; throws for anything else. */
export function parseHexColor(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`Invalid colour "${hex}"`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** Perceived luminance 0–255 (ITU-R BT.601 weights). */
export function computeLuminance(hex: string): number {
  const [r, g, b] = parseHexColor(hex);
  // Integer weights avoid float drift: grey #808080 must land exactly on 128.
  return (299 * r + 587 * g + 114 * b) / 1000;
}

/** Picks black text on light backgrounds (luminance ≥ 128) and white on dark ones. */
export function pickTextColor(background: string): '#000000' | '#FFFFFF' {
  return computeLuminance(background) >= AVATAR_LUMINANCE_THRESHOLD ? '#000000' : '#FFFFFF';
}

function toIndexNumber(id: number | string): number {
  if (typeof id === 'number') return Number.isFinite(id) ? Math.trunc(id) : 0;
  if (/^-?\d+$/.test(id.trim())) return Number(id.trim());
  // Non-numeric ids (uuids): a stable sum of code points keeps the colour the same everywhere.
  let sum = 0;
  for (const ch of id) sum += ch.codePointAt(0) ?? 0;
  return sum;
}

/** Picks the avatar background by id mod 6; string ids work too (numeric text as its number). */
export function pickAvatarColor(id: number | string): string {
  const n = toIndexNumber(id) % AVATAR_COLORS.length;
  return AVATAR_COLORS[(n + AVATAR_COLORS.length) % AVATAR_COLORS.length];
}
