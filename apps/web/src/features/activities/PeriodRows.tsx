import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_ACTIVITY_PERIODS } from '@patio/core/schemas/activities';
import { emptyPeriod, type DraftErrors, type PeriodDraft } from './activityForm';
import classes from './activities.module.css';

export interface PeriodRowsProps {
  value: PeriodDraft[];
  onChange: (periods: PeriodDraft[]) => void;
  errors: DraftErrors;
}

/** The billing periods: a name and a due date each; none for a free activity. */
export function PeriodRows({ value, onChange, errors }: PeriodRowsProps) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<PeriodDraft>) => onChange(value.map((period, i) => (i === index ? { ...period, ...patch } : period)));
  const problem = (field: string) => (errors[field] ? t('activities.form.required') : undefined);

  return (
    <fieldset className={classes.section}>
      <legend className={classes.sectionTitle}>{t('activities.form.periods')}</legend>
      <p className={classes.muted}>{t('activities.form.periodsHint')}</p>
      {value.length > 0 && (
        <div className={classes.rows}>
          {value.map((period, index) => {
            const n = index + 1;
            return (
              <div key={index} className={classes.periodRow} role="group" aria-label={t('activities.form.period', { n })}>
                <TextInput label={t('activities.form.periodLabel')} value={period.label} maxLength={80} onChange={(event) => set(index, { label: event.currentTarget.value })} error={problem(`periods.${index}.label`)} />
                <DatePickerInput
                  label={t('activities.form.periodDue')}
                  value={period.dueDate}
                  valueFormat="D MMM YYYY"
                  onChange={(day) => set(index, { dueDate: day ? String(day).slice(0, 10) : null })}
                  error={problem(`periods.${index}.dueDate`)}
                  popoverProps={{ withinPortal: true }}
                />
                <ActionIcon variant="subtle" color="red" size="lg" onClick={() => onChange(value.filter((_, i) => i !== index))} aria-label={t('activities.form.removePeriod', { n })}>
                  <IconTrash size={18} aria-hidden="true" />
                </ActionIcon>
              </div>
            );
          })}
        </div>
      )}
      <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} disabled={value.length >= MAX_ACTIVITY_PERIODS} onClick={() => onChange([...value, emptyPeriod()])} style={{ alignSelf: 'flex-start' }}>
        {t('activities.form.addPeriod')}
      </Button>
    </fieldset>
  );
}
