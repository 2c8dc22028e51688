// CSV that spreadsheets open safely (issue 6 item 19). Imported text is stored exactly as typed, so a
// cell such as =HYPERLINK("http://x","y") or =cmd|' /C calc'!A0 would run as a formula the moment an
// exported file is opened in Excel or LibreOffice. Every cell that a spreadsheet would read as a
// formula gets a leading apostrophe (OWASP "CSV injection"), then RFC 4180 quoting; a UTF-8 BOM tells
// Excel the encoding, so accents survive.

const formulaStart = /^[=+\-@\t\r]/;

/** The text as a spreadsheet should show it: a leading ' when it would otherwise start a formula. */
export function neutralizeFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

export type CsvDelimiter = ',' | ';';

/** One cell: neutralised, then quoted when it holds the delimiter, a quote or a line break. */
export function csvCell(value: string | number | null | undefined, delimiter: CsvDelimiter = ','): string {
  if (value === null || value === undefined) return '';
  const text = neutralizeFormula(String(value));
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: BOM, a header line and one line per row, CRLF line ends (RFC 4180). */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][], delimiter: CsvDelimiter = ','): string {
  const line = (cells: (string | number | null | undefined)[]) => cells.map((cell) => csvCell(cell, delimiter)).join(delimiter);
  return `\uFEFF${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
}
