import { useTranslation } from 'react-i18next';
import { NativeSelect, Title } from '@mantine/core';
import type { Import, ImportMapping } from '@patio/core/schemas/import';
import { columnTitle } from './columnTitle';
import { IMPORT_FIELD_KEYS } from './importFields';
import { fieldOfColumn, remapColumn } from './rowProblems';
import classes from './import.module.css';

export interface ImportColumnListProps {
  draft: Import;
  disabled: boolean;
  onRemap: (mapping: ImportMapping) => void;
}

/** On phones, the columns of the file one under the other, each with what it holds. */
export function ImportColumnList({ draft, disabled, onRemap }: ImportColumnListProps) {
  const { t } = useTranslation();
  const options = [{ value: '', label: t('import.ignoreColumn') }, ...IMPORT_FIELD_KEYS.map((field) => ({ value: field, label: t(`import.fields.${field}`) }))];
  return (
    <section aria-labelledby="import-columns" className={classes.columnList}>
      <Title order={3} size="h5" id="import-columns" mb={4}>
        {t('import.mappingTitle')}
      </Title>
      {draft.columns.map((column, index) => (
        <NativeSelect
          key={`${column}-${index}`}
          label={columnTitle(draft, index, t)}
          value={fieldOfColumn(draft.mapping, index)}
          disabled={disabled}
          onChange={(event) => onRemap(remapColumn(draft.mapping, index, event.currentTarget.value))}
          data={options}
        />
      ))}
    </section>
  );
}
