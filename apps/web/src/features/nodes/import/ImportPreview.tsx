import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Import, ImportField, ImportMapping, ImportRowError } from '@patio/core/schemas/import';
import { IMPORT_FIELD_KEYS as IMPORT_FIELDS } from './importFields';
import classes from './import.module.css';

/** A row error in the interface language: by its code, with the server's text as a last resort. */
export function describeRowError(t: (key: string, options?: Record<string, unknown>) => string, error: ImportRowError): string {
  const field = error.field && (IMPORT_FIELDS as readonly string[]).includes(error.field) ? t(`import.fields.${error.field}`) : error.field;
  return t(`import.errors.${error.code}`, { defaultValue: error.message, field });
}

/** Which field a column fills, from the field → column mapping. */
function fieldOfColumn(mapping: ImportMapping, column: number): ImportField | '' {
  const entry = Object.entries(mapping).find(([, index]) => index === column);
  return (entry?.[0] as ImportField | undefined) ?? '';
}

export interface ImportPreviewProps {
  draft: Import;
  disabled: boolean;
  onRemap: (mapping: ImportMapping) => void;
}

/**
 * The preview table: one mapping select per file column, then the first rows; rows with problems are
 * tinted, their wrong cells outlined and their messages listed under the row number.
 */
export function ImportPreview({ draft, disabled, onRemap }: ImportPreviewProps) {
  const { t } = useTranslation();
  const errorsByRow = new Map<number, ImportRowError[]>();
  for (const error of draft.errors) errorsByRow.set(error.row, [...(errorsByRow.get(error.row) ?? []), error]);

  function handleMap(column: number, field: string): void {
    const next: ImportMapping = {};
    for (const [key, index] of Object.entries(draft.mapping)) if (index !== column && index !== null && index !== undefined) next[key as ImportField] = index;
    if (field) next[field as ImportField] = column;
    onRemap(next);
  }

  return (
    <div className={classes.tableWrap}>
      <table className={classes.table}>
        <caption style={{ textAlign: 'left', padding: '8px 10px', fontWeight: 600 }}>
          {t('import.previewCaption', { shown: draft.rows.length, count: draft.rowCount })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('import.row')}</th>
            {draft.columns.map((column, index) => (
              <th scope="col" key={`${column}-${index}`}>
                <label style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
                  <span>{column || t('import.unnamedColumn', { number: index + 1 })}</span>
                  <select value={fieldOfColumn(draft.mapping, index)} disabled={disabled} onChange={(event) => handleMap(index, event.currentTarget.value)}>
                    <option value="">{t('import.ignoreColumn')}</option>
                    {IMPORT_FIELDS.map((field) => (
                      <option key={field} value={field}>
                        {t(`import.fields.${field}`)}
                      </option>
                    ))}
                  </select>
                </label>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {draft.rows.map((row, index) => {
            const rowNumber = index + 2; // row 1 is the header line
            const errors = errorsByRow.get(rowNumber) ?? [];
            const badColumns = new Set(errors.map((e) => draft.mapping[e.field as ImportField]).filter((c): c is number => typeof c === 'number'));
            return (
              <Fragment key={rowNumber}>
                <tr className={errors.length > 0 ? classes.rowError : undefined}>
                  <th scope="row" className={classes.rowNumber}>
                    {rowNumber}
                  </th>
                  {draft.columns.map((_, column) => (
                    <td key={column} className={badColumns.has(column) ? classes.cellError : undefined}>
                      {row[column] ?? ''}
                    </td>
                  ))}
                </tr>
                {errors.length > 0 && (
                  <tr className={classes.rowError}>
                    <td colSpan={draft.columns.length + 1} className={classes.errorCell}>
                      <ul className={classes.errorList} aria-label={t('import.rowProblems', { row: rowNumber })}>
                        {errors.map((error, i) => (
                          <li key={i}>{t('import.rowProblem', { row: rowNumber, problem: describeRowError(t, error) })}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
