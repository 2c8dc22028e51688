import type { TFunction } from 'i18next';
import type { Import } from '@patio/core/schemas/import';

/**
 * A file column's title as the mapping shows it: "Columna 3" when it has none, and marked when the
 * XLSX sheet hides it (issue 34 §3: hidden columns are not guessed, but the administrator may pick one).
 */
export function columnTitle(draft: Pick<Import, 'columns' | 'hiddenColumns'>, index: number, t: TFunction): string {
  const title = draft.columns[index] || t('import.unnamedColumn', { number: index + 1 });
  return (draft.hiddenColumns ?? []).includes(index) ? t('import.hiddenColumn', { column: title }) : title;
}
