// WCAG 2 contrast (one rule for server and web): bars carrying white text must reach 4.5:1 (AA for
// small text). The page colour is darkened until they do; a school colour is refused when even its
// own shade would leave white text hard to read (below 3:1, AA for large text and controls), because
// the darkening that would then be needed turns it into a different, muddy colour.

type Rgb = [number, number, number];

/** A school colour as stored and answered: #RRGGBB. */
export const SCHOOL_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** White text on a bar must reach this (WCAG AA, small text). */
export const BAR_TEXT_CONTRAST = 4.5;
/** White text on the school colour itself must reach this, or the colour is refused (WCAG AA, large text). */
export const SCHOOL_COLOR_MIN_CONTRAST = 3;

function parseHex(hex: string): Rgb | null {
  const m = /^#?([\da-f]{6}|[\da-f]{3})$/i.exec(hex.trim());
  if (!m) return null;
  const full = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(parseHex(a) ?? [0, 0, 0]);
  const lb = luminance(parseHex(b) ?? [0, 0, 0]);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The colour itself, or the nearest darker shade, on which white text reaches `minRatio`. */
export function darkenForWhiteText(color: string, minRatio = BAR_TEXT_CONTRAST): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  let shade: Rgb = rgb;
  for (let step = 0; step < 40 && contrastRatio(toHex(shade), '#FFFFFF') < minRatio; step += 1) {
    shade = shade.map((v) => v * 0.95) as Rgb;
  }
  return toHex(shade);
}

/**
 * Why `color` cannot be a school's colour, or null when it can: `invalid_color` when it is not
 * #RRGGBB, `color_unreadable` when white text on it reaches less than SCHOOL_COLOR_MIN_CONTRAST.
 */
export function schoolColorProblem(color: string): 'invalid_color' | 'color_unreadable' | null {
  if (!SCHOOL_COLOR_PATTERN.test(color)) return 'invalid_color';
  return contrastRatio(color, '#FFFFFF') < SCHOOL_COLOR_MIN_CONTRAST ? 'color_unreadable' : null;
}
