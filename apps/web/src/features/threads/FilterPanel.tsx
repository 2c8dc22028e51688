import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect, TextInput } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { SenderPicker } from './SenderPicker';
import { AROUND_UNITS, countActiveFilters, READ_STATUSES, type ThreadFilters } from './threadFilters';
import classes from './threads.module.css';

const TYPING_DEBOUNCE_MS = 300;

export interface FilterPanelProps {
  filters: ThreadFilters;
  /** The message types to filter by (value: type key), names in the interface language. */
  typeOptions: ReadonlyArray<{ value: string; label: string }>;
  onChange: (key: keyof ThreadFilters, value: string) => void;
  onClear: () => void;
}

/** A text filter that reaches the address once typing pauses. */
function useDebouncedFilter(value: string, commit: (text: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => commit(text.trim()), TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, commit]);
  return [text, setText];
}

/**
 * Spec §3 Thread filters: text, sender, subject, a date with a margin of days, weeks or months, type
 * and read status. Folded behind a button on phones; open whenever a filter is set.
 */
export function FilterPanel({ filters, typeOptions, onChange, onClear }: FilterPanelProps) {
  const { t } = useTranslation();
  const active = countActiveFilters(filters);
  const [isOpen, setOpen] = useState(active > 0);
  const panelId = useId();
  const [text, setText] = useDebouncedFilter(filters.q, (value) => onChange('q', value));
  const [subject, setSubject] = useDebouncedFilter(filters.subject, (value) => onChange('subject', value));

  return (
    <div className={classes.filterBar}>
      <div className={classes.filterToggleRow}>
        <button type="button" className={classes.filterToggle} aria-expanded={isOpen} aria-controls={panelId} onClick={() => setOpen(!isOpen)}>
          <IconAdjustmentsHorizontal size={18} aria-hidden="true" />
          <span>{active > 0 ? t('threads.filters.toggleActive', { count: active }) : t('threads.filters.toggle')}</span>
        </button>
        {active > 0 && (
          <button type="button" className={classes.linkButton} onClick={onClear}>
            {t('threads.filters.clear')}
          </button>
        )}
      </div>
      <div id={panelId} role="search" aria-label={t('threads.filters.panel')} className={classes.filterPanel} hidden={!isOpen}>
        <TextInput
          type="search"
          label={t('threads.filters.text')}
          placeholder={t('threads.filters.textPlaceholder')}
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <TextInput label={t('threads.filters.subject')} value={subject} onChange={(event) => setSubject(event.currentTarget.value)} />
        <SenderPicker value={filters.sender} onChange={(value) => onChange('sender', value)} />
        <div className={classes.aroundRow}>
          <TextInput type="date" label={t('threads.filters.around')} value={filters.around} onChange={(event) => onChange('around', event.currentTarget.value)} />
          <NativeSelect
            label={t('threads.filters.unit')}
            value={filters.unit}
            disabled={!filters.around}
            onChange={(event) => onChange('unit', event.currentTarget.value)}
            data={AROUND_UNITS.map((unit) => ({ value: unit, label: t(`threads.filters.units.${unit}`) }))}
          />
        </div>
        <NativeSelect
          label={t('threads.filters.type')}
          value={filters.type}
          onChange={(event) => onChange('type', event.currentTarget.value)}
          data={[{ value: '', label: t('threads.filters.anyType') }, ...typeOptions]}
        />
        <NativeSelect
          label={t('threads.filters.status')}
          value={filters.status}
          onChange={(event) => onChange('status', event.currentTarget.value)}
          data={READ_STATUSES.map((status) => ({ value: status, label: t(`threads.filters.statuses.${status}`) }))}
        />
      </div>
    </div>
  );
}
