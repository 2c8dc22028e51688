import { ZLanguage } from '@patio/core';
import { z } from 'zod';
import { toCsv } from '../export/csv';
import { decimalSeparatorFor, pickCsvDelimiter } from './csv-delimiter';
import { writeXlsx } from './xlsx-writer';

// One table (a header and rows) as the file an export answers (issue 34 §3): CSV by default, exactly
// as before but with the delimiter and decimal separator of the file's language, or XLSX when asked
// with `format=xlsx` or an Accept header naming XLSX. Both hold the same cells; the XLSX keeps
// numbers as numbers and needs no delimiter at all.

export const CSV_TYPE = 'text/csv; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type SpreadsheetFormat = 'csv' | 'xlsx';

export const ZSpreadsheetFormat = z
  .enum(['csv', 'xlsx'])
  .describe('csv (the default) or xlsx; an Accept header naming the XLSX type also picks xlsx');

/** The query of an export route: the file's language, a CSV delimiter other than the language's, the format. */
export const ZSpreadsheetExportQuery = z.object({
  lang: ZLanguage.optional(),
  delimiter: z.enum(['comma', 'semicolon']).optional(),
  format: ZSpreadsheetFormat.optional(),
});

/** What an export answers: `format` when given, else XLSX when the Accept header names it, else CSV. */
export function requestedFormat(format: SpreadsheetFormat | undefined, accept: string | undefined): SpreadsheetFormat {
  if (format) return format;
  return accept?.toLowerCase().includes(XLSX_TYPE) ? 'xlsx' : 'csv';
}

/** The file description an export route adds to its own: what both formats hold. */
export const SPREADSHEET_FILE_DOC =
  'CSV: UTF-8 with BOM, CRLF, RFC 4180 quoting, the delimiter of `lang` (`;` where its decimal separator is a ' +
  'comma: es, de, fr, it, pt; `,` for en) and its decimal separator; a cell that starts with =, +, -, @, tab or ' +
  'carriage return gets a leading apostrophe so no spreadsheet runs it as a formula (the stored text is ' +
  'unchanged). XLSX (`format=xlsx`): the same rows on one sheet, the titles in bold, numbers as numbers, ' +
  'every other cell as text, never a formula.';

export type TableCell = string | number | null | undefined;

export interface Table {
  /** The file name without extension. */
  stem: string;
  sheetName: string;
  header: string[];
  rows: TableCell[][];
  /** The language of the titles: it picks the CSV delimiter and decimal separator. */
  language: string;
  /** An explicit CSV delimiter (the members export's `delimiter` parameter). */
  delimiter?: 'comma' | 'semicolon';
}

export interface TableFile {
  fileName: string;
  contentType: string;
  body: string | Buffer;
}

/** The table as a CSV or XLSX file. */
export async function tableFile(format: SpreadsheetFormat, table: Table): Promise<TableFile> {
  if (format === 'xlsx') {
    const rows = [table.header, ...table.rows.map((cells) => cells.map((cell) => cell ?? ''))];
    const body = await writeXlsx([{ name: table.sheetName, header: true, rows, columns: table.header.map((title) => ({ width: Math.max(12, title.length + 4) })) }]);
    return { fileName: `${table.stem}.xlsx`, contentType: XLSX_TYPE, body };
  }
  const separator = decimalSeparatorFor(table.language);
  const text = (cell: TableCell) => (typeof cell === 'number' ? String(cell).replace('.', separator) : cell);
  const body = toCsv(table.header, table.rows.map((cells) => cells.map(text)), pickCsvDelimiter(table.language, table.delimiter));
  return { fileName: `${table.stem}.csv`, contentType: CSV_TYPE, body };
}
