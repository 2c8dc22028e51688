import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { NodeOption } from '../nodes';
import classes from './activities.module.css';

export interface EligibleGroupsPickerProps {
  options: NodeOption[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

/** Folds accents and case so "basica" finds "Básica". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();

/**
 * The grades or groups whose students may request a place: the school's tree as a checklist that a
 * few letters narrow down (the chosen ones stay listed). A checklist rather than a multi-select: it
 * reads the same on a phone and needs no component the other screens do not already load.
 */
export function EligibleGroupsPicker({ options, value, onChange, error }: EligibleGroupsPickerProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const chosen = new Set(value);
  const needle = fold(filter);
  const shown = needle ? options.filter((option) => chosen.has(option.value) || fold(option.label).includes(needle)) : options;
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((other) => other !== id));

  return (
    <fieldset className={classes.section} aria-describedby="eligible-hint">
      <legend className={classes.sectionTitle}>{t('activities.form.eligible')}</legend>
      <p id="eligible-hint" className={classes.muted}>
        {t('activities.form.eligibleHint')} {t('activities.form.eligibleChosen', { count: value.length })}
      </p>
      {options.length > 8 && (
        <TextInput
          type="search"
          label={t('activities.form.eligibleFilter')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
        />
      )}
      <ul className={classes.checklist}>
        {shown.map((option) => (
          <li key={option.value}>
            <Checkbox label={option.label} checked={chosen.has(option.value)} onChange={(event) => toggle(option.value, event.currentTarget.checked)} />
          </li>
        ))}
      </ul>
      {error && (
        <p className={classes.rowError} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
