import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Import, ImportField, ImportMapping } from '@patio/core/schemas/import';
import { columnTitle } from './columnTitle';
import { IMPORT_FIELD_KEYS as IMPORT_FIELDS } from './importFields';
import { describeRowError, fieldOfColumn, problemsByRow, remapColumn, rowNumberOf } from './rowProblems';
import classes from './import.module.css';

export interface ImportPreviewProps {
  draft: Import;
  disabled: boolean;
  onRemap: (mapping: ImportMapping) => void;
}

/**
 * The preview table (tablets and desktops): one mapping select per file column, then the first rows;
 * rows with problems are tinted, their wrong cells outlined and their messages listed under the row,
 * warnings apart from errors.
 */
export function ImportPreview({ draft, disabled, onRemap }: ImportPreviewProps) {
  const { t } = useTranslation();
  const errorsByRow = problemsByRow(draft.errors);
  const warningsByRow = problemsByRow(draft.warnings ?? []);

  return (
    // Focusable, so a wide file scrolls sideways from the keyboard.
    <div className={classes.tableWrap} tabIndex={0} role="group" aria-label={t('import.previewTitle')}>
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
                  <span>{columnTitle(draft, index, t)}</span>
                  <select value={fieldOfColumn(draft.mapping, index)} disabled={disabled} onChange={(event) => onRemap(remapColumn(draft.mapping, index, event.currentTarget.value))}>
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
            const rowNumber = rowNumberOf(draft, index);
            const errors = errorsByRow.get(rowNumber) ?? [];
            const warnings = warningsByRow.get(rowNumber) ?? [];
            const badColumns = new Set(errors.map((e) => draft.mapping[e.field as ImportField]).filter((c): c is number => typeof c === 'number'));
            const warnColumns = new Set(warnings.map((e) => draft.mapping[e.field as ImportField]).filter((c): c is number => typeof c === 'number'));
            return (
              <Fragment key={rowNumber}>
                <tr className={errors.length > 0 ? classes.rowError : undefined}>
                  <th scope="row" className={classes.rowNumber}>
                    {rowNumber}
                  </th>
                  {draft.columns.map((_, column) => (
                    <td key={column} className={badColumns.has(column) ? classes.cellError : warnColumns.has(column) ? classes.cellWarning : undefined}>
                      {row[column] ?? ''}
                    </td>
                  ))}
                </tr>
                {(errors.length > 0 || warnings.length > 0) && (
                  <tr className={errors.length > 0 ? classes.rowError : classes.rowWarning}>
                    <td colSpan={draft.columns.length + 1} className={classes.errorCell}>
                      {errors.length > 0 && (
                        <ul className={classes.errorList} aria-label={t('import.rowProblems', { row: rowNumber })}>
                          {errors.map((error, i) => (
                            <li key={i}>{t('import.rowProblem', { row: rowNumber, problem: describeRowError(t, error) })}</li>
                          ))}
                        </ul>
                      )}
                      {warnings.length > 0 && (
                        <ul className={classes.warningList} aria-label={t('import.rowWarnings', { row: rowNumber })}>
                          {warnings.map((warning, i) => (
                            <li key={i}>{t('import.rowWarning', { row: rowNumber, problem: describeRowError(t, warning) })}</li>
                          ))}
                        </ul>
                      )}
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
