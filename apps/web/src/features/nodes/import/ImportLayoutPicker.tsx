import { useTranslation } from 'react-i18next';
import { NativeSelect, Text } from '@mantine/core';
import type { Import } from '@patio/core/schemas/import';
import classes from './import.module.css';

export interface ImportLayoutPickerProps {
  draft: Import;
  disabled: boolean;
  onSheet: (sheet: number) => void;
  onHeaderRow: (row: number) => void;
}

/** What a row says, shortened for a menu: its first cells. */
function rowText(cells: string[]): string {
  const text = cells.filter(Boolean).join(' · ');
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * Which sheet and which row of it the import read as column titles, with the choice of another:
 * files start with titles and blank rows, and workbooks hold sheets of notes.
 */
export function ImportLayoutPicker({ draft, disabled, onSheet, onHeaderRow }: ImportLayoutPickerProps) {
  const { t } = useTranslation();
  const sheetName = (index: number) => draft.sheets[index]?.name || t('import.unnamedSheet', { number: index + 1 });
  const rows = draft.topRows.some((r) => r.row === draft.headerRow)
    ? draft.topRows
    : [...draft.topRows, { row: draft.headerRow, cells: draft.columns }].sort((a, b) => a.row - b.row);
  return (
    <div className={classes.layout}>
      <Text size="sm" role="status">
        {!draft.headerFound
          ? t('import.headerNotFound')
          : draft.sheets.length > 1
            ? t('import.headerUsedSheet', { sheet: sheetName(draft.sheet), row: draft.headerRow })
            : t('import.headerUsed', { row: draft.headerRow })}
      </Text>
      <div className={classes.layoutControls}>
        {draft.sheets.length > 1 && (
          <NativeSelect
            label={t('import.sheetLabel')}
            value={String(draft.sheet)}
            disabled={disabled}
            onChange={(event) => onSheet(Number(event.currentTarget.value))}
            data={draft.sheets.map((sheet) => ({ value: String(sheet.index), label: t('import.sheetOption', { name: sheetName(sheet.index), count: sheet.rowCount }) }))}
          />
        )}
        <NativeSelect
          label={t('import.headerRowLabel')}
          value={String(draft.headerRow)}
          disabled={disabled}
          onChange={(event) => onHeaderRow(Number(event.currentTarget.value))}
          data={rows.map((r) => ({ value: String(r.row), label: t('import.headerRowOption', { row: r.row, text: rowText(r.cells) }) }))}
        />
      </div>
    </div>
  );
}
