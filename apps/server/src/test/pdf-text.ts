import { inflateSync } from 'node:zlib';

// The text of a PDF written with standard fonts (pdfkit: WinAnsi strings in TJ/Tj operators), for
// tests: every content stream is inflated and each text-showing operator becomes one line. Enough to
// assert what a generated document says; not a general PDF reader.

const winAnsi = new TextDecoder('windows-1252');

function decodeString(token: string): string {
  if (token.startsWith('<')) {
    const hex = token.slice(1, -1).replace(/\s+/g, '');
    return winAnsi.decode(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex'));
  }
  // A literal string: ( … ) with backslash escapes.
  const body = token.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) =>
    /^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e,
  );
  return winAnsi.decode(Buffer.from(body, 'latin1'));
}

/** The lines of text a PDF shows, in drawing order. */
export function pdfTextLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(raw); match; match = streamPattern.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let bytes = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(match[1])) {
      try {
        bytes = inflateSync(bytes);
      } catch {
        continue; // an image or font stream that is not text
      }
    }
    const content = bytes.toString('latin1');
    const operators = /\[((?:<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)|[-\d.\s])*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\))\s*Tj/g;
    for (let op = operators.exec(content); op; op = operators.exec(content)) {
      const strings = (op[1] ?? op[2]).match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
      lines.push(strings.map(decodeString).join(''));
    }
  }
  return lines;
}

/** All the text of a PDF as one string, lines joined by a newline. */
export function pdfText(pdf: Buffer): string {
  return pdfTextLines(pdf).join('\n');
}
