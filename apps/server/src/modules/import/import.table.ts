import { HttpError, badRequest } from '../../http/errors';
import { guessMapping, headerScore } from './import.mapping';
import { MAX_IMPORT_ROWS, type ParsedWorkbook, type SheetRecord } from './import.parse';
import type { StoredRow } from './import.validate';

// Which rows of a file are the class list: a school secretary's file starts with a title merged
// across the columns, a blank row, then the column titles; a workbook may hold a sheet of notes
// before or after the list. The header is the row among the first ones that names the most known
// columns; the sheet is the first one with such a row.

/** Rows searched for the header (titles and notes above it are short). */
const HEADER_SEARCH_ROWS = 30;
/** A row naming at least this many known columns is a header. */
const MIN_HEADER_SCORE = 2;

/**
 * The header row of a sheet's records: the best-scoring of the first rows (the first on ties). Hidden
 * columns do not count: a sheet's hidden helper columns must not decide where its list starts.
 */
export function findHeaderRow(records: SheetRecord[], hiddenColumns: readonly number[] = []): { row: number; found: boolean } {
  let best = { row: records[0]?.n ?? 1, score: 0 };
  for (const record of records.slice(0, HEADER_SEARCH_ROWS)) {
    const score = headerScore(record.cells.map((cell, i) => (hiddenColumns.includes(i) ? '' : cell)));
    if (score > best.score) best = { row: record.n, score };
  }
  return { row: best.row, found: best.score >= MIN_HEADER_SCORE };
}

/** The first sheet whose header is recognisable, else the first sheet. */
export function pickSheet(workbook: ParsedWorkbook): { sheet: number; headerRow: number; headerFound: boolean } {
  for (const [index, sheet] of workbook.sheets.entries()) {
    const header = findHeaderRow(sheet.rows, sheet.hiddenColumns);
    if (header.found) return { sheet: index, headerRow: header.row, headerFound: true };
  }
  const first = workbook.sheets[0];
  return { sheet: 0, headerRow: findHeaderRow(first.rows, first.hiddenColumns).row, headerFound: false };
}

/** The class list of a sheet read from `headerRow`: column titles and the data rows below them. */
export interface Table {
  columns: string[];
  rows: StoredRow[];
}

/**
 * The rows below the header, every one as wide as the table; columns past the last one with a title
 * or a value are dropped (trailing blank columns).
 */
export function tableOf(records: SheetRecord[], headerRow: number): Table {
  const header = records.find((record) => record.n === headerRow);
  if (!header) throw badRequest('invalid_header_row', `Row ${headerRow} of this sheet is empty: pick a row with the column titles`);
  const data = records.filter((record) => record.n > headerRow);
  if (data.length === 0) throw badRequest('invalid_file', 'The file has a header line but no rows');
  if (data.length > MAX_IMPORT_ROWS) throw new HttpError(413, 'too_many_rows', `A file may hold at most ${MAX_IMPORT_ROWS} rows`);
  const width = data.reduce((widest, record) => Math.max(widest, record.cells.length), header.cells.length);
  const widen = (cells: string[]) => Array.from({ length: width }, (_, i) => cells[i] ?? '');
  return { columns: widen(header.cells), rows: data.map((record) => ({ rowNumber: record.n, cells: widen(record.cells) })) };
}

/** The table and its guessed mapping for a sheet read from `headerRow`; hidden columns are left unmapped. */
export function readTable(records: SheetRecord[], headerRow: number, hiddenColumns: readonly number[] = []) {
  const table = tableOf(records, headerRow);
  return { ...table, mapping: guessMapping(table.columns, hiddenColumns) };
}
