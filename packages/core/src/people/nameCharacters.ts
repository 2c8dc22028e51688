// Characters no name may hold: NUL and other control characters (C0, DEL, C1), the bidirectional
// overrides and isolates that can make a name read differently from what is stored (U+202A–202E,
// U+2066–2069, U+200E/200F, U+061C) and the invisible zero-width ones (U+200B–200D, U+2060, U+FEFF).
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/u;

/** True when `text` holds a control, bidi-override or zero-width character (names refuse them). */
export function hasForbiddenNameCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}
