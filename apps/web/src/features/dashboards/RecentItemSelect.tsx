import { useTranslation } from 'react-i18next';
import { NativeSelect, NumberInput } from '@mantine/core';
import type { PickableItem } from './useRecentItems';

const OTHER = 'other';

export interface RecentItemSelectProps {
  /** The picker's label, and the number field's when the item is given by its number. */
  label: string;
  numberLabel: string;
  /** null while they load. */
  items: PickableItem[] | null;
  /** The chosen item's id, 0 or null while none is chosen. */
  value: number | null;
  error?: string;
  onChange: (id: number) => void;
}

/**
 * What a block is about (a post, a form): picked among the viewer's latest ones, or given by its
 * number (an administrator following someone else's).
 */
export function RecentItemSelect({ label, numberLabel, items, value, error, onChange }: RecentItemSelectProps) {
  const { t } = useTranslation();
  const id = value ?? 0;
  const list = items ?? [];
  // With nothing to pick from (once known), the number is the only way.
  const choice = list.some((item) => item.id === id) ? String(id) : id > 0 || (items !== null && list.length === 0) ? OTHER : '';
  const data = [
    ...(choice === '' ? [{ value: '', label: t('dashboardScreens.block.choose') }] : []),
    ...list.map((item) => ({ value: String(item.id), label: item.label })),
    { value: OTHER, label: t('dashboardScreens.block.byNumber') },
  ];

  return (
    <>
      <NativeSelect
        label={label}
        value={choice}
        data={data}
        error={choice === OTHER ? undefined : error}
        onChange={(event) => onChange(event.currentTarget.value === OTHER || event.currentTarget.value === '' ? 0 : Number(event.currentTarget.value))}
      />
      {choice === OTHER && (
        <NumberInput
          label={numberLabel}
          value={id || ''}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          error={error}
          onChange={(next) => onChange(typeof next === 'number' && Number.isInteger(next) && next > 0 ? next : 0)}
        />
      )}
    </>
  );
}
