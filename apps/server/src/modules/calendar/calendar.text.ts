// Text that leaves Patio for someone else's calendar app, or comes in from someone else's feed.
// Control characters have no meaning in a title, a description or a place, and readers differ on them:
// ical.js and Outlook keep a NUL and cut the text there, PostgreSQL refuses it, some apps refuse the
// whole file for a C1 character. Tab and line breaks are text; every other C0 character, DEL and the
// C1 range go. A lone CR becomes a line break, so CRLF written by another system reads as one.

// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** `text` without control characters other than tab and line feed (CRLF and CR read as LF). */
export function withoutControls(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(CONTROLS, '');
}
