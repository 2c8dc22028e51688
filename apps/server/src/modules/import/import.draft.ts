import type { ImportMapping } from '@patio/core';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { guessNameOrder } from './import.names';
import type { SheetRecord } from './import.parse';
import { findImport, findImportRows, type ImportRow } from './import.queries';
import {
  decodeLayout, decodeProblems, sheetRange, sheetRowOf, type ImportLayout, type ImportProblems, type NameOrders, type NameSplitField,
} from './import.stored';
import type { Table } from './import.table';
import type { StoredRow } from './import.validate';

// A stored import read back: its row with the layout, mapping and problems decoded, and its rows.

export interface Draft {
  row: ImportRow;
  layout: ImportLayout;
  mapping: ImportMapping;
  problems: ImportProblems;
}

export async function loadDraft(db: Database, orgId: number, nodeId: number, id: number): Promise<Draft> {
  const row = await findImport(db, orgId, nodeId, id);
  if (!row) throw notFound('There is no such import for this node');
  return {
    row,
    layout: decodeLayout(row.columns, row.row_count),
    mapping: JSON.parse(row.mapping) as ImportMapping,
    problems: decodeProblems(row.errors),
  };
}

/** The data rows of the draft's sheet below its header, as wide as its columns, numbered as the sheet shows them. */
export async function loadDataRows(db: Database, orgId: number, id: number, layout: ImportLayout, limit?: number): Promise<StoredRow[]> {
  const rows = await findImportRows(db, orgId, id, sheetRange(layout.sheet, layout.headerRow), limit);
  const width = layout.columns.length;
  return rows.map((r) => ({ rowNumber: sheetRowOf(r.rowNumber), cells: Array.from({ length: width }, (_, i) => r.cells[i] ?? '') }));
}

/** Every stored row of one sheet (titles and header included), numbered as the sheet shows them. */
export async function loadSheetRecords(db: Database, orgId: number, id: number, sheet: number, limit?: number): Promise<SheetRecord[]> {
  const rows = await findImportRows(db, orgId, id, sheetRange(sheet), limit);
  return rows.map((r) => ({ n: sheetRowOf(r.rowNumber), cells: r.cells }));
}

const fullNameFields: NameSplitField[] = ['fullName', 'relativeFullName'];

/** The order of each full-name column of a mapping: kept when known, else guessed from its title and cells. */
export function nameOrdersOf(table: Table, mapping: ImportMapping, known: NameOrders = {}): NameOrders {
  const orders: NameOrders = {};
  for (const field of fullNameFields) {
    const column = mapping[field];
    if (column === undefined || column === null) continue;
    orders[field] = known[field] ?? guessNameOrder(table.columns[column] ?? '', table.rows.slice(0, 200).map((r) => r.cells[column] ?? ''));
  }
  return orders;
}

/** Rows with at least one error; every row when the file itself has one (a column not chosen). */
export function invalidRowCount(problems: ImportProblems, rowCount: number): number {
  if (problems.errors.some((e) => e.row === 0)) return rowCount;
  return new Set(problems.errors.map((e) => e.row)).size;
}
