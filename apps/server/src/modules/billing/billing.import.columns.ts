import type { BillingImportColumn } from '@patio/core';
import { normalizeHeader, type SheetRecord } from '../import/index';

// The columns of a debits file (issue 14 §4): the template's titles and the Spanish and English ways
// a treasurer writes them. Compared after normalizeHeader (lowercase, no accents, single spaces),
// as the people import compares its headers.

const titles: Record<BillingImportColumn, string[]> = {
  studentDocument: [
    'documento', 'documento estudiante', 'documento del estudiante', 'documento alumno', 'doc', 'doc estudiante', 'identificacion',
    'numero documento', 'no documento', 'cedula', 'tarjeta identidad', 'nuip', 'student document', 'document', 'student id', 'id number',
  ],
  studentCode: ['codigo', 'codigo estudiante', 'codigo del estudiante', 'codigo alumno', 'matricula', 'student code', 'code'],
  period: ['periodo', 'mes', 'periodo facturado', 'period', 'billing period', 'month'],
  description: ['descripcion', 'detalle', 'descripcion del cobro', 'description', 'detail'],
  issueDate: ['fecha emision', 'fecha de emision', 'emision', 'fecha expedicion', 'fecha de expedicion', 'fecha factura', 'issue date', 'issued', 'issued on', 'date issued'],
  expirationDate: [
    'fecha vencimiento', 'fecha de vencimiento', 'vencimiento', 'fecha limite', 'fecha limite de pago', 'vence', 'expiration date', 'expiration',
    'due date', 'due', 'expires',
  ],
  concept: ['concepto', 'concepto de cobro', 'item', 'concept', 'charge'],
  observations: ['observaciones', 'observacion', 'notas', 'nota', 'observations', 'notes', 'note', 'remarks'],
  value: ['valor', 'monto', 'importe', 'precio', 'valor concepto', 'value', 'amount', 'price'],
  reference: ['referencia', 'ref', 'referencia de pago', 'reference', 'payment reference'],
};

/** The template's titles, Spanish and English. */
export const templateTitles: Record<'es' | 'en', Record<BillingImportColumn, string>> = {
  es: {
    studentDocument: 'Documento del estudiante', studentCode: 'Código del estudiante', period: 'Periodo', description: 'Descripción',
    issueDate: 'Fecha de emisión', expirationDate: 'Fecha de vencimiento', concept: 'Concepto', observations: 'Observaciones', value: 'Valor',
    reference: 'Referencia',
  },
  en: {
    studentDocument: 'Student document', studentCode: 'Student code', period: 'Period', description: 'Description', issueDate: 'Issue date',
    expirationDate: 'Expiration date', concept: 'Concept', observations: 'Observations', value: 'Value', reference: 'Reference',
  },
};

const byTitle = new Map<string, BillingImportColumn>();
for (const [column, names] of Object.entries(titles) as [BillingImportColumn, string[]][]) {
  for (const name of [...names, templateTitles.es[column], templateTitles.en[column]]) byTitle.set(normalizeHeader(name), column);
}

/** The column a title names, or null. */
export function columnOfTitle(title: string): BillingImportColumn | null {
  return byTitle.get(normalizeHeader(title)) ?? null;
}

export type ColumnMap = Partial<Record<BillingImportColumn, number>>;

/**
 * The known columns of a header row (the first column of each kind counts). Columns an XLSX sheet
 * hides are ignored (issue 34 §3): a debits file has no screen to pick them, so they must be shown.
 */
export function columnsOf(cells: string[], hiddenColumns: readonly number[] = []): ColumnMap {
  const map: ColumnMap = {};
  cells.forEach((cell, index) => {
    if (hiddenColumns.includes(index)) return;
    const column = columnOfTitle(cell);
    if (column && map[column] === undefined) map[column] = index;
  });
  return map;
}

/** Rows searched for the titles: a title and blank rows may come first. */
const HEADER_SEARCH_ROWS = 30;

/** The header: among the first rows of the first sheet that has one, the row naming the most columns (at least 3). */
export function findHeader(sheets: { rows: SheetRecord[]; hiddenColumns?: number[] }[]): { sheet: number; row: number; columns: ColumnMap } | null {
  for (const [sheet, { rows, hiddenColumns }] of sheets.entries()) {
    let best: { row: number; columns: ColumnMap; score: number } | null = null;
    for (const record of rows.slice(0, HEADER_SEARCH_ROWS)) {
      const columns = columnsOf(record.cells, hiddenColumns);
      const score = Object.keys(columns).length;
      if (score >= 3 && (!best || score > best.score)) best = { row: record.n, columns, score };
    }
    if (best) return { sheet, row: best.row, columns: best.columns };
  }
  return null;
}
