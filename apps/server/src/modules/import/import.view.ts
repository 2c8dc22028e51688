import type { Import, ImportField, ImportMapping, ImportResult } from '@patio/core';
import type { Database } from '../../db/database';
import { invalidRowCount, loadDataRows, loadSheetRecords, type Draft } from './import.draft';
import type { ImportLayout } from './import.stored';
import { previewRows } from './import.validate';

// A stored import as the API answers it: the layout and its choices, the preview (cells as in the
// file and people as they will be written), the problems, the progress and the result.

const PREVIEW_ROWS = 50;
/** Rows of the sheet offered as the header when the guess was wrong. */
const TOP_ROWS = 15;

const nameColumns = [
  { first: 'firstName', last: 'lastName', last2: 'lastName2', full: 'fullName' },
  { first: 'relativeFirstName', last: 'relativeLastName', last2: 'relativeLastName2', full: 'relativeFullName' },
] as const;

/** Which columns are split into names and surnames (the preview shows the split to confirm it). */
function nameSplitOf(mapping: ImportMapping, layout: ImportLayout): Import['nameSplit'] {
  const column = (field: ImportField) => mapping[field] ?? null;
  const split: Import['nameSplit'] = [];
  for (const { first, last, last2, full } of nameColumns) {
    const fullColumn = column(full);
    const lastColumn = column(last);
    if (fullColumn !== null && (column(first) === null || lastColumn === null)) {
      split.push({ field: full, column: fullColumn, order: layout.nameOrders[full] ?? 'given-first' });
    } else if (lastColumn !== null && column(last2) === null) {
      split.push({ field: last, column: lastColumn, order: null });
    }
  }
  return split;
}

/** The answer of every import route. */
export async function toImport(db: Database, orgId: number, { row, layout, mapping, problems }: Draft): Promise<Import> {
  const shown = await loadDataRows(db, orgId, row.id, layout, PREVIEW_ROWS);
  const top = await loadSheetRecords(db, orgId, row.id, layout.sheet, TOP_ROWS);
  return {
    id: row.id,
    nodeId: row.node_id,
    fileName: row.file_name,
    status: row.status,
    sheets: layout.sheets.map((sheet, index) => ({ index, name: sheet.name, rowCount: sheet.rowCount })),
    sheet: layout.sheet,
    headerRow: layout.headerRow,
    headerFound: layout.headerFound,
    topRows: top.map((record) => ({ row: record.n, cells: record.cells })),
    columns: layout.columns,
    hiddenColumns: (layout.sheets[layout.sheet]?.hiddenColumns ?? []).filter((column) => column < layout.columns.length),
    mapping,
    nameSplit: nameSplitOf(mapping, layout),
    rows: shown.map((r) => r.cells),
    rowNumbers: shown.map((r) => r.rowNumber),
    preview: previewRows(shown, mapping, layout.nameOrders),
    rowCount: row.row_count,
    invalidRowCount: invalidRowCount(problems, row.row_count),
    errors: problems.errors,
    warnings: problems.warnings,
    progress: { processed: row.processed, total: row.row_count },
    result: row.result ? (JSON.parse(row.result) as ImportResult) : null,
    createdAt: row.created_at,
  };
}
