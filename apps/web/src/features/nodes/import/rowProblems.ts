import type { Import, ImportField, ImportMapping, ImportRowError } from '@patio/core/schemas/import';
import { IMPORT_FIELD_KEYS } from './importFields';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A row problem in the interface language: by its code, with the server's text as a last resort. */
export function describeRowError(t: Translate, error: ImportRowError): string {
  const field = error.field && (IMPORT_FIELD_KEYS as readonly string[]).includes(error.field) ? t(`import.fields.${error.field}`) : error.field;
  return t(`import.errors.${error.code}`, { defaultValue: error.message, field });
}

/** Problems grouped by their row number. */
export function problemsByRow(problems: ImportRowError[]): Map<number, ImportRowError[]> {
  const byRow = new Map<number, ImportRowError[]>();
  for (const problem of problems) byRow.set(problem.row, [...(byRow.get(problem.row) ?? []), problem]);
  return byRow;
}

/** The sheet's number of the i-th preview row (row 1 is the header in drafts that do not say). */
export function rowNumberOf(draft: Import, index: number): number {
  return draft.rowNumbers?.[index] ?? index + 2;
}

/** Which field a column fills, from the field → column mapping. */
export function fieldOfColumn(mapping: ImportMapping, column: number): ImportField | '' {
  const entry = Object.entries(mapping).find(([, index]) => index === column);
  return (entry?.[0] as ImportField | undefined) ?? '';
}

/** The mapping with `column` filling `field` (or nothing, for ''), and no other column filling it. */
export function remapColumn(mapping: ImportMapping, column: number, field: string): ImportMapping {
  const next: ImportMapping = {};
  for (const [key, index] of Object.entries(mapping)) {
    if (index !== column && index !== null && index !== undefined && key !== field) next[key as ImportField] = index;
  }
  if (field) next[field as ImportField] = column;
  return next;
}
