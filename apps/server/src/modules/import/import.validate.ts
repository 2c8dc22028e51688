import { type ImportField, type ImportMapping, type ImportPreviewRow, type ImportRowError } from '@patio/core';
import type { RelationshipKind } from '../people/index';
import { readRow, type ImportedPerson } from './import.row';
import type { NameOrders } from './import.stored';

export type { ImportedPerson } from './import.row';

/** One valid row: the student and, when the row names one, a relative. */
export interface ImportRecord {
  row: number;
  student: ImportedPerson;
  relative: (ImportedPerson & { kind: RelationshipKind }) | null;
}

export interface StoredRow {
  rowNumber: number;
  cells: string[];
}

const columnLabels: Partial<Record<ImportField, string>> = { firstName: 'first name', lastName: 'last name', document: 'document' };

/** Columns a file must have; a full-name column stands in for the names and the surnames. */
function missingColumns(mapping: ImportMapping): ImportRowError[] {
  const mapped = (field: ImportField) => mapping[field] !== undefined && mapping[field] !== null;
  return (['firstName', 'lastName', 'document'] as const)
    .filter((field) => !mapped(field) && !(field !== 'document' && mapped('fullName')))
    .map((field) => ({ row: 0, field, code: 'column_not_mapped', message: `Choose the column that holds the ${columnLabels[field]}` }));
}

/**
 * Documents that look as if a spreadsheet stored them as numbers and dropped their leading zeros:
 * digits only, one to three digits shorter than the length that nearly all (80 %) of the column's
 * other digit-only documents share. Flagged as a warning and imported as written, never "repaired".
 */
function leadingZeroWarnings(rows: StoredRow[], column: number | null | undefined, field: ImportField): ImportRowError[] {
  if (column === undefined || column === null) return [];
  const digitOnly = rows
    .map((row) => ({ row: row.rowNumber, document: (row.cells[column] ?? '').replace(/\s+/g, '') }))
    .filter((entry) => /^\d+$/.test(entry.document));
  const counts = new Map<number, number>();
  for (const { document } of digitOnly) counts.set(document.length, (counts.get(document.length) ?? 0) + 1);
  const [usual, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  // The share leaves the document in question out: one short document among four is an outlier.
  if (count < 3 || count < (digitOnly.length - 1) * 0.8) return [];
  return digitOnly
    .filter(({ document }) => document.length < usual && document.length >= usual - 3 && !document.startsWith('0'))
    .map(({ row, document }) => ({
      row,
      field,
      code: 'document_leading_zeros',
      message: `The document ${document} has fewer digits than the others in its column (${usual}): if the spreadsheet stored it as a number, it lost its leading zeros. It is imported as written`,
    }));
}

/**
 * Checks every row against the mapping; answers the valid records, the errors (row, field, code,
 * English message) and the warnings. A commit takes only valid records, and only when asked to skip
 * the rows with errors if there are any.
 */
export function validateRows(
  rows: StoredRow[],
  mapping: ImportMapping,
  nameOrders: NameOrders = {},
): { records: ImportRecord[]; errors: ImportRowError[]; warnings: ImportRowError[] } {
  const missing = missingColumns(mapping);
  if (missing.length > 0) return { records: [], errors: missing, warnings: [] };

  const records: ImportRecord[] = [];
  const errors: ImportRowError[] = [];
  const seenDocuments = new Map<string, number>();
  for (const row of rows) {
    const read = readRow(row, mapping, nameOrders);
    const rowErrors = read.errors;
    // "1.023.456" and "1023456" are one document (documentKeyOf), so duplicates compare keys.
    const key = read.student.documentKey;
    if (key) {
      const first = seenDocuments.get(key);
      if (first !== undefined) {
        rowErrors.push({ row: row.rowNumber, field: 'document', code: 'duplicate_document', message: `The document ${read.student.document} is already used by row ${first} of this file` });
      } else seenDocuments.set(key, row.rowNumber);
    }
    if (rowErrors.length > 0) errors.push(...rowErrors);
    else records.push({ row: row.rowNumber, student: read.student, relative: read.relative as ImportRecord['relative'] });
  }
  const warnings = [...leadingZeroWarnings(rows, mapping.document, 'document'), ...leadingZeroWarnings(rows, mapping.relativeDocument, 'relativeDocument')];
  return { records, errors, warnings: warnings.sort((a, b) => a.row - b.row) };
}

/** The preview rows as the import will write them (names split, dates and phones read). */
export function previewRows(rows: StoredRow[], mapping: ImportMapping, nameOrders: NameOrders = {}): ImportPreviewRow[] {
  const shown = (p: ImportedPerson) => ({
    firstName: p.firstName,
    lastName: p.lastName,
    lastName2: p.lastName2,
    document: p.document,
    birthday: p.birthday,
    gender: p.gender,
    email: p.email,
    mobile: p.mobile,
  });
  return rows.map((row) => {
    const { student, relative } = readRow(row, mapping, nameOrders);
    return { row: row.rowNumber, student: shown(student), relative: relative ? { ...shown(relative), kind: relative.kind } : null };
  });
}
