import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { IconUserSearch, IconX } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import { PersonSearch } from './PersonSearch';
import type { PersonRef } from './useRouteSetup';
import classes from './routeSetup.module.css';

export interface PersonFieldProps {
  label: string;
  person: PersonRef | null;
  /** The button that opens the search: "Choose driver" while nobody is set, "Change driver" after. */
  chooseLabel: string;
  changeLabel: string;
  clearLabel: string;
  searchLabel: string;
  disabled?: boolean;
  onChange: (person: PersonRef | null) => void;
}

/** One person of the crew: who it is (or nobody), a search to choose another and a button to leave it empty. */
export function PersonField({ label, person, chooseLabel, changeLabel, clearLabel, searchLabel, disabled = false, onChange }: PersonFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [searching, setSearching] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);

  const close = () => {
    setSearching(false);
    // Back where the search was opened from, so the keyboard does not start over at the top.
    requestAnimationFrame(() => openButton.current?.focus());
  };

  return (
    <div role="group" aria-labelledby={labelId} className={classes.personField}>
      <span id={labelId} className={classes.fieldLabel}>
        {label}
      </span>
      <span className={person ? classes.personName : classes.nobody}>{person ? person.name : t('transport.setup.person.nobody')}</span>
      <Group gap="xs">
        <Button ref={openButton} size="xs" variant="light" leftSection={<IconUserSearch size={16} aria-hidden="true" />} disabled={disabled} aria-expanded={searching} onClick={() => setSearching((open) => !open)}>
          {person ? changeLabel : chooseLabel}
        </Button>
        {person && (
          <Button size="xs" variant="default" leftSection={<IconX size={16} aria-hidden="true" />} disabled={disabled} onClick={() => onChange(null)}>
            {clearLabel}
          </Button>
        )}
      </Group>
      {searching && (
        <PersonSearch
          label={searchLabel}
          autoFocus
          excludeIds={person ? [person.id] : []}
          onCancel={close}
          onPick={(card) => {
            onChange({ id: card.id, name: formatFullName(card) });
            close();
          }}
        />
      )}
    </div>
  );
}
