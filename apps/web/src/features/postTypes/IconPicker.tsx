import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Text, UnstyledButton } from '@mantine/core';
import { POST_TYPE_ICONS } from '../posts';
import classes from './postTypes.module.css';

export interface IconPickerProps {
  value: string;
  color: string;
  onChange: (icon: string) => void;
}

const NAMES = Object.keys(POST_TYPE_ICONS);

/** The bundled icons as a radio group: arrows move the choice, as in any radio group. */
export function IconPicker({ value, color, onChange }: IconPickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  // A stored icon that is not bundled leaves nothing chosen; the first one still takes the focus.
  const focusable = NAMES.includes(value) ? value : NAMES[0];
  const move = (from: number, by: number) => {
    const next = NAMES[(from + by + NAMES.length) % NAMES.length];
    onChange(next);
    document.getElementById(`${labelId}-${next}`)?.focus();
  };

  return (
    <div>
      <Text size="sm" fw={500} id={labelId} mb={4}>
        {t('postTypes.icon')}
      </Text>
      <div role="radiogroup" aria-labelledby={labelId} className={classes.icons} style={{ '--type-color': color } as CSSProperties}>
        {NAMES.map((name, index) => {
          const Icon = POST_TYPE_ICONS[name];
          const checked = name === value;
          return (
            <UnstyledButton
              key={name}
              id={`${labelId}-${name}`}
              role="radio"
              aria-checked={checked}
              aria-label={t(`postTypes.icons.${name}`, { defaultValue: name.replace(/-/g, ' ') })}
              title={t(`postTypes.icons.${name}`, { defaultValue: name.replace(/-/g, ' ') })}
              tabIndex={name === focusable ? 0 : -1}
              className={classes.iconChoice}
              onClick={() => onChange(name)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
                  event.preventDefault();
                  move(index, 1);
                } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
                  event.preventDefault();
                  move(index, -1);
                }
              }}
            >
              <Icon size={22} stroke={1.8} aria-hidden="true" />
            </UnstyledButton>
          );
        })}
      </div>
    </div>
  );
}
