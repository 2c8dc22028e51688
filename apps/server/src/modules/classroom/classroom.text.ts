// Titles that leave the classroom for a notice, a mail or a calendar: one line of plain text. Post
// titles are checked when written, yet a row may hold anything (an import, an older version), and a NUL
// cuts or refuses a mail or a push; a title of thousands of characters is no subject line.

/** The longest title a notice, mail line or calendar item shows; longer ones end in '…'. */
export const MAX_SHOWN_TITLE = 200;

// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]+/g;

/** `text` on one line, without control characters, trimmed, at most MAX_SHOWN_TITLE characters. */
export function plainTitle(text: string, max = MAX_SHOWN_TITLE): string {
  const line = text.replace(CONTROLS, ' ').replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('').trimEnd()}…` : line;
}
