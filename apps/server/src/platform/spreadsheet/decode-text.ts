// The text of an uploaded CSV, whatever wrote it (issue 34 §3). Excel on Windows saves "CSV" in the
// machine's ANSI code page (Windows-1252 for Spanish, Portuguese, French, German, Italian and English),
// "Unicode text" as UTF-16LE with a BOM, and "CSV UTF-8" with a UTF-8 BOM. The order of the checks is
// the one that cannot mistake one for another: a BOM says it outright; bytes that are valid UTF-8 are
// almost never meant as Windows-1252 (accented letters there are lone high bytes, invalid in UTF-8);
// anything else is Windows-1252, which maps every byte to a character (WHATWG's table, as browsers use).
// Node 20's TextDecoder('windows-1252') decodes as ISO-8859-1 instead (0x93 becomes the control
// character U+0093, not “), so the 32 bytes where the two differ are mapped here.

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  /** The text without its BOM. */
  text: string;
  encoding: TextEncodingName;
}

const boms: { bytes: number[]; encoding: TextEncodingName }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/** Windows-1252 bytes 0x80–0x9F (WHATWG encoding standard); every other byte is its Latin-1 character. */
const cp1252High = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return latin1.replace(/[\x80-\x9f]/g, (ch) => String.fromCharCode(cp1252High[ch.charCodeAt(0) - 0x80]));
}

/**
 * UTF-16 written without a BOM: text of a spreadsheet is mostly Latin letters, so one byte of every
 * pair is zero. A CSV in any 8-bit encoding holds no NUL at all; a quarter of the pairs is plenty.
 */
function bomlessUtf16(bytes: Uint8Array): TextEncodingName | null {
  const pairs = Math.min(bytes.length, 1024) >> 1;
  if (pairs < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  if (oddZeros >= pairs / 4 && evenZeros === 0) return 'utf-16le';
  if (evenZeros >= pairs / 4 && oddZeros === 0) return 'utf-16be';
  return null;
}

/** The text of `bytes` and the encoding it was read in: BOM, then strict UTF-8, then Windows-1252. */
export function decodeText(bytes: Uint8Array): DecodedText {
  const bom = boms.find((candidate) => candidate.bytes.every((byte, i) => bytes[i] === byte));
  if (bom) {
    // After a BOM the encoding is known; a stray broken sequence becomes U+FFFD rather than a refusal.
    return { text: new TextDecoder(bom.encoding).decode(bytes.subarray(bom.bytes.length)), encoding: bom.encoding };
  }
  const utf16 = bomlessUtf16(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16 };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}
