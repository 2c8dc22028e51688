import { useTranslation } from 'react-i18next';
import { NativeSelect, Text, Title } from '@mantine/core';
import type { Import, ImportNameOrder } from '@patio/core/schemas/import';
import classes from './import.module.css';

export interface NameSplitReviewProps {
  draft: Import;
  disabled: boolean;
  onOrder: (field: 'fullName' | 'relativeFullName', order: ImportNameOrder) => void;
}

const SAMPLE_ROWS = 3;

/**
 * The columns whose names the import splits ("Apellidos" with both surnames, a full-name column),
 * with the first rows as they will be stored, so the administrator confirms the split, or the order
 * a full name is written in, before committing.
 */
export function NameSplitReview({ draft, disabled, onOrder }: NameSplitReviewProps) {
  const { t } = useTranslation();
  if (draft.nameSplit.length === 0) return null;
  const orderLabel = (order: ImportNameOrder) => t(`import.nameOrders.${order === 'given-first' ? 'givenFirst' : 'familyFirst'}`);
  return (
    <section className={classes.split} aria-labelledby="import-split">
      <Title order={3} size="h5" id="import-split" mb={4}>
        {t('import.nameSplitTitle')}
      </Title>
      {draft.nameSplit.map((split) => {
        const column = draft.columns[split.column] || t('import.unnamedColumn', { number: split.column + 1 });
        const isRelative = split.field.startsWith('relative');
        const samples = draft.preview
          .map((row, i) => ({ source: draft.rows[i]?.[split.column] ?? '', person: isRelative ? row.relative : row.student }))
          .filter((sample) => sample.source !== '' && sample.person)
          .slice(0, SAMPLE_ROWS);
        return (
          <div key={split.field} className={classes.splitItem}>
            <Text size="sm">{t(split.order ? 'import.nameSplitFullName' : 'import.nameSplitLastName', { column })}</Text>
            {split.order && (
              <NativeSelect
                mt={6}
                label={t('import.nameOrderLabel', { column })}
                value={split.order}
                disabled={disabled}
                onChange={(event) => onOrder(split.field as 'fullName' | 'relativeFullName', event.currentTarget.value as ImportNameOrder)}
                data={(['given-first', 'family-first'] as const).map((order) => ({ value: order, label: orderLabel(order) }))}
              />
            )}
            {samples.length > 0 && (
              // Focusable, so the sample scrolls sideways from the keyboard on a narrow screen.
              <div className={classes.tableWrap} style={{ marginTop: 8 }} tabIndex={0} role="group" aria-label={column}>
                <table className={classes.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('import.splitSource')}</th>
                      <th scope="col">{t('import.fields.firstName')}</th>
                      <th scope="col">{t('import.fields.lastName')}</th>
                      <th scope="col">{t('import.fields.lastName2')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {samples.map(({ source, person }, i) => (
                      <tr key={i}>
                        <td>{source}</td>
                        <td>{person!.firstName}</td>
                        <td>{person!.lastName}</td>
                        <td>{person!.lastName2 ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        );
      })}
    </section>
  );
}
