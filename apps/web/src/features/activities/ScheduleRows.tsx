import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, NativeSelect } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_ACTIVITY_SLOTS } from '@patio/core/schemas/activities';
import { emptySlot, type DraftErrors, type SlotDraft } from './activityForm';
import { weekdayLabel } from './activityText';
import classes from './activities.module.css';

export interface ScheduleRowsProps {
  value: SlotDraft[];
  onChange: (slots: SlotDraft[]) => void;
  errors: DraftErrors;
}

/** The weekly schedule: a row per slot (day, start, end), at least one. */
export function ScheduleRows({ value, onChange, errors }: ScheduleRowsProps) {
  const { t, i18n } = useTranslation();
  const days = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ value: String(day), label: weekdayLabel(day, i18n.language) }));
  const set = (index: number, patch: Partial<SlotDraft>) => onChange(value.map((slot, i) => (i === index ? { ...slot, ...patch } : slot)));

  return (
    <fieldset className={classes.section}>
      <legend className={classes.sectionTitle}>{t('activities.form.schedule')}</legend>
      <div className={classes.rows}>
        {value.map((slot, index) => {
          const n = index + 1;
          const problem = errors[`schedule.${index}`];
          const errorId = `slot-error-${index}`;
          return (
            <div key={index} className={classes.slotRow} role="group" aria-label={t('activities.form.slot', { n })}>
              <NativeSelect label={t('activities.form.day')} data={days} value={slot.day} onChange={(event) => set(index, { day: event.currentTarget.value })} />
              <TimeInput label={t('activities.form.start')} value={slot.start} onChange={(event) => set(index, { start: event.currentTarget.value })} error={problem === 'required' && !slot.start} aria-describedby={problem ? errorId : undefined} />
              <TimeInput label={t('activities.form.end')} value={slot.end} onChange={(event) => set(index, { end: event.currentTarget.value })} error={Boolean(problem) && (problem !== 'required' || !slot.end)} aria-describedby={problem ? errorId : undefined} />
              <ActionIcon variant="subtle" color="red" size="lg" disabled={value.length === 1} onClick={() => onChange(value.filter((_, i) => i !== index))} aria-label={t('activities.form.removeSlot', { n })}>
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
              {problem && (
                <p id={errorId} className={classes.rowError}>
                  {problem === 'endBeforeStart' ? t('activities.form.endBeforeStart') : t('activities.form.required')}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <Button variant="light" leftSection={<IconPlus size={16} aria-hidden="true" />} disabled={value.length >= MAX_ACTIVITY_SLOTS} onClick={() => onChange([...value, emptySlot()])} style={{ alignSelf: 'flex-start' }}>
        {t('activities.form.addSlot')}
      </Button>
    </fieldset>
  );
}
