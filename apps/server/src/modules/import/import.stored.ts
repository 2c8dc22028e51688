import type { ImportNameOrder, ImportRowError } from '@patio/core';

// What an import's row holds besides the mapping, as JSON in its text columns (no migration: drafts
// made before sheets and header rows existed still read). `columns` holds the layout: the sheets of
// the file, the sheet and header row read, the column titles and how full names are split. `errors`
// holds the errors and the warnings. import_rows holds every row of every sheet, titles included,
// numbered sheet × SHEET_SPAN + the row number the spreadsheet shows.

/** More than the 1,048,576 rows a sheet can have; ≤ 500 sheets (the zip's part limit) fit in an integer. */
export const SHEET_SPAN = 2 ** 21;

export type NameSplitField = 'fullName' | 'relativeFullName';
export type NameOrders = Partial<Record<NameSplitField, ImportNameOrder>>;

export interface ImportLayout {
  /** `hiddenColumns`: the sheet's hidden columns (absent in drafts made before they were read). */
  sheets: { name: string; rowCount: number; hiddenColumns?: number[] }[];
  sheet: number;
  headerRow: number;
  headerFound: boolean;
  columns: string[];
  nameOrders: NameOrders;
}

export interface ImportProblems {
  errors: ImportRowError[];
  warnings: ImportRowError[];
}

/** import_rows.row_number of a sheet's row. */
export const storedRowNumber = (sheet: number, row: number) => sheet * SHEET_SPAN + row;

/** The row numbers of one sheet in import_rows, after `afterRow` (exclusive) and before the next sheet. */
export function sheetRange(sheet: number, afterRow = 0): { from: number; to: number } {
  return { from: storedRowNumber(sheet, afterRow + 1), to: storedRowNumber(sheet + 1, 0) };
}

/** The row number a spreadsheet shows for an import_rows.row_number. */
export const sheetRowOf = (stored: number) => stored % SHEET_SPAN;

export function encodeLayout(layout: ImportLayout): string {
  return JSON.stringify(layout);
}

/** The stored layout; a draft from before layouts held only its column titles (one sheet, header on row 1). */
export function decodeLayout(text: string, rowCount: number): ImportLayout {
  const stored = JSON.parse(text) as ImportLayout | string[];
  if (!Array.isArray(stored)) return stored;
  return { sheets: [{ name: '', rowCount: rowCount + 1 }], sheet: 0, headerRow: 1, headerFound: true, columns: stored, nameOrders: {} };
}

export function encodeProblems(problems: ImportProblems): string {
  return JSON.stringify(problems);
}

/** The stored problems; a draft from before warnings held a plain list of errors. */
export function decodeProblems(text: string): ImportProblems {
  const stored = JSON.parse(text) as ImportProblems | ImportRowError[];
  return Array.isArray(stored) ? { errors: stored, warnings: [] } : stored;
}
