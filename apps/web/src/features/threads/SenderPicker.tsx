import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import { useSignedInId } from '../../app/session/useSignedInId';
import { PersonAvatar, usePerson } from '../people';
import { useSenderSearch } from './useSenderSearch';
import classes from './threads.module.css';

const SEARCH_DEBOUNCE_MS = 300;

export interface SenderPickerProps {
  /** The chosen person's id, '' for anyone. */
  value: string;
  onChange: (personId: string) => void;
}

/** The chosen sender, by name, with a button to drop it. */
function ChosenSender({ personId, onClear }: { personId: number; onClear: () => void }) {
  const { t } = useTranslation();
  const person = usePerson(personId);
  const name = person.data ? formatFullName(person.data) : t('threads.filters.personNumber', { id: personId });
  return (
    <div className={classes.chosen}>
      {person.data && <PersonAvatar person={person.data} size={28} />}
      <span className={classes.chosenName}>{name}</span>
      <button type="button" className={classes.iconButton} onClick={onClear} aria-label={t('threads.filters.clearSender', { name })}>
        <IconX size={18} aria-hidden="true" />
      </button>
    </div>
  );
}

/** Spec §3 filter "sender": a person picked by name; the list shows who matches as one types. */
export function SenderPicker({ value, onChange }: SenderPickerProps) {
  const { t } = useTranslation();
  const me = useSignedInId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const resultsId = useId();
  const labelId = useId();
  const found = useSenderSearch(me, search);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  if (value) {
    return (
      <div role="group" aria-labelledby={labelId}>
        <span className={classes.fieldLabel} id={labelId}>
          {t('threads.filters.sender')}
        </span>
        <ChosenSender personId={Number(value)} onClear={() => onChange('')} />
      </div>
    );
  }

  const hasSearch = search.trim().length >= 2;
  return (
    <div className={classes.senderPicker}>
      <TextInput
        type="search"
        label={t('threads.filters.sender')}
        placeholder={t('threads.filters.senderPlaceholder')}
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        rightSection={found.isLoading ? <Loader role="status" size="xs" aria-label={t('common.loading')} /> : null}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        aria-controls={hasSearch ? resultsId : undefined}
      />
      {hasSearch && (
        <ul id={resultsId} className={classes.senderResults} aria-label={t('threads.filters.senderResults')}>
          {found.people.map((person) => {
            const name = formatFullName(person);
            return (
              <li key={person.id}>
                <button
                  type="button"
                  className={classes.senderOption}
                  onClick={() => {
                    setText('');
                    setSearch('');
                    onChange(String(person.id));
                  }}
                >
                  <PersonAvatar person={person} size={28} />
                  <span>{name}</span>
                </button>
              </li>
            );
          })}
          {!found.isLoading && found.people.length === 0 && <li className={classes.hint}>{t('threads.filters.senderNone')}</li>}
        </ul>
      )}
    </div>
  );
}
