import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { expect } from 'vitest';

// Bytes of text as other programs save it, for the tests of reading and writing spreadsheets.

// The Windows-1252 bytes of the characters above Latin-1 that a Spanish class list holds.
const cp1252: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 };

/** `text` as Excel on Windows saves "CSV (comma delimited)" in a Spanish locale: Windows-1252, no BOM. */
export function windows1252(text: string): Buffer {
  return Buffer.from(
    [...text].map((ch) => {
      const code = ch.codePointAt(0)!;
      if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
      if (cp1252[ch] === undefined) throw new Error(`${ch} has no Windows-1252 byte`);
      return cp1252[ch];
    }),
  );
}

/** UTF-16 little endian with its BOM, as Excel saves "Unicode text". */
export const utf16le = (text: string) => Buffer.from(`\uFEFF${text}`, 'utf16le');

/** UTF-16 big endian with its BOM. */
export const utf16be = (text: string) => Buffer.from(`\uFEFF${text}`, 'utf16le').swap16();

/** UTF-8 with its BOM, as Excel saves "CSV UTF-8". */
export const utf8bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);

/**
 * The rows of an exported XLSX as read-excel-file reads them, and of an exported CSV as csv-parse
 * reads it, as comparable text: empty cells '', numbers written with `decimal`, and the apostrophe
 * the CSV puts before a would-be formula taken off (the XLSX holds such text as plain text).
 */
export async function xlsxRows(file: Buffer, decimal: string): Promise<string[][]> {
  const sheets = await readXlsxFile(file);
  expect(sheets).toHaveLength(1);
  return sheets[0].data.map((row) => row.map((cell) => (cell === null ? '' : typeof cell === 'number' ? String(cell).replace('.', decimal) : String(cell))));
}

export function csvRows(text: string, delimiter: ',' | ';'): string[][] {
  const rows = parse(text, { bom: true, delimiter, record_delimiter: '\r\n' }) as string[][];
  return rows.map((row) => row.map((cell) => cell.replace(/^'(?=[=+\-@\t\r])/, '')));
}

/**
 * One sheet of text cells whose `hidden` columns (0-based) are hidden as Excel hides them
 * (`<col … hidden="1" width="0"/>`), or with the `hidden="true"` other writers use.
 */
export function xlsxWithHiddenColumns(rows: string[][], hidden: number[], style: 'excel' | 'true' = 'excel'): Promise<Buffer> {
  const data = rows.map((cells) => cells.map((value) => (value === '' ? null : { value })));
  const sheets = [{ data, sheet: 'Hoja1', columns: rows[0].map(() => ({ width: 16 })) }];
  const mark = style === 'excel' ? { hidden: '1', width: '0' } : { hidden: 'true' };
  return writeXlsxFile(sheets, {
    // write-excel-file has no hidden columns of its own: its <col> elements are marked as they are written.
    features: [
      {
        files: {
          transform: {
            'xl/worksheets/sheet{id}.xml': {
              transformElementAttributes: (tag: string, attributes: Record<string, string>, index?: number) =>
                tag === 'col' && index !== undefined && hidden.includes(index) ? { ...attributes, ...mark } : attributes,
            },
          },
        },
      },
    ],
  } as Parameters<typeof writeXlsxFile>[1]).toBuffer();
}
