import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import type { FormEntity, FormResults } from '@patio/core/schemas/blocks';
import { sortedFields } from './formModel';
import { fieldLabel } from './answerText';
import { ResultsChart } from './ResultsChart';

/** Every question's results in the form's order: a chart for lists and checkboxes, a count for texts. */
export function ResultsPanel({ form, results }: { form: FormEntity; results: FormResults }) {
  const { t } = useTranslation();
  if (results.answered === 0) return <Text c="dimmed">{t('blocks.form.owner.noAnswers')}</Text>;
  const byName = new Map(results.fields.map((f) => [f.name, f]));
  return (
    <>
      {sortedFields(form.fields).map((field, index) => {
        const result = byName.get(field.name);
        if (!result) return null;
        const title = fieldLabel(t, field, index + 1);
        if (result.type === 'select' || result.type === 'checkbox') return <ResultsChart key={field.name} field={result} title={title} answered={results.answered} />;
        return (
          <div key={field.name}>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {t('blocks.form.owner.written', { count: result.answers })}
            </Text>
          </div>
        );
      })}
    </>
  );
}
