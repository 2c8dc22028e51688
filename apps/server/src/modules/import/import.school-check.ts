import type { ImportMapping, ImportRowError } from '@patio/core';
import type { Database } from '../../db/database';
import { findUnsettledDocumentKeys } from './import.queries';
import type { NameOrders } from './import.stored';
import { validateRows, type ImportRecord, type StoredRow } from './import.validate';

/**
 * The rows checked on their own (validateRows) and against the school: a document held by a person
 * whose self-registration is pending or rejected is a row error (issue 6 item 1). The import may not
 * attach to that person, and a second person with the document would break its uniqueness.
 */
export async function validateForSchool(
  db: Database,
  orgId: number,
  rows: StoredRow[],
  mapping: ImportMapping,
  nameOrders: NameOrders = {},
): Promise<{ records: ImportRecord[]; errors: ImportRowError[]; warnings: ImportRowError[] }> {
  const { records, errors, warnings } = validateRows(rows, mapping, nameOrders);
  const keys = records.flatMap((r) => [r.student.documentKey, ...(r.relative ? [r.relative.documentKey] : [])]);
  const unsettled = await findUnsettledDocumentKeys(db, orgId, keys);
  if (unsettled.size === 0) return { records, errors, warnings };

  const schoolErrors: ImportRowError[] = [];
  const fail = (row: number, field: 'document' | 'relativeDocument', document: string) =>
    schoolErrors.push({
      row,
      field,
      code: 'document_in_registration',
      message: `The document ${document} belongs to a self-registration that is pending or was rejected: decide on it under Registrations first`,
    });
  for (const { row, student, relative } of records) {
    if (unsettled.has(student.documentKey)) fail(row, 'document', student.document);
    if (relative && unsettled.has(relative.documentKey)) fail(row, 'relativeDocument', relative.document);
  }
  const failedRows = new Set(schoolErrors.map((e) => e.row));
  return {
    records: records.filter((r) => !failedRows.has(r.row)),
    errors: [...errors, ...schoolErrors].sort((a, b) => a.row - b.row),
    warnings,
  };
}
