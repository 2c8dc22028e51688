import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader, Pill, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { formatPersonName } from '@patio/core/people/displayName';
import type { PersonCard } from '@patio/core/schemas/people';
import { PersonAvatar, rolesLabel } from '../people';
import { RecipientChip } from './RecipientChip';
import { usePeopleLookup } from './usePeopleLookup';
import classes from './compose.module.css';

export interface PeoplePickerProps {
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  me: number | null;
  /** Staff search the whole school; others choose among their contacts. */
  mayBrowse: boolean;
}

/** Recipients by name: the chosen people as chips, a search box and the people it finds. */
export function PeoplePicker({ selected, onChange, me, mayBrowse }: PeoplePickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [cards, setCards] = useState<ReadonlyMap<number, PersonCard>>(new Map());
  const lookup = usePeopleLookup(text, me, mayBrowse);
  const chosen = new Set(selected);
  const offered = lookup.results.filter((person) => !chosen.has(person.id) && person.id !== me);

  const add = (person: PersonCard) => {
    setCards((known) => new Map(known).set(person.id, person));
    onChange([...selected, person.id]);
  };

  return (
    <div className={classes.picker}>
      {selected.length > 0 && (
        <Pill.Group className={classes.chips} aria-label={t('compose.people.chosen', { count: selected.length })} role="list">
          {selected.map((id) => (
            <span role="listitem" key={id}>
              <RecipientChip personId={id} card={cards.get(id)} onRemove={() => onChange(selected.filter((other) => other !== id))} />
            </span>
          ))}
        </Pill.Group>
      )}
      <TextInput
        type="search"
        label={mayBrowse ? t('compose.people.searchSchool') : t('compose.people.searchContacts')}
        placeholder={mayBrowse ? t('compose.people.searchPlaceholder') : t('compose.people.contactsPlaceholder')}
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        rightSection={lookup.isSearching ? <Loader role="status" size="xs" aria-label={t('common.loading')} /> : null}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {offered.length > 0 && (
        <ul className={classes.results} aria-label={t('compose.people.results')}>
          {offered.map((person) => {
            const name = formatPersonName(person);
            return (
              <li key={person.id}>
                <UnstyledButton className={classes.result} onClick={() => add(person)} aria-label={t('compose.people.add', { name })}>
                  <PersonAvatar person={person} size={32} />
                  <span className={classes.resultText}>
                    <span className={classes.resultName}>{name}</span>
                    {person.roles && person.roles.length > 0 && <span className={classes.resultMeta}>{rolesLabel(t, person.roles)}</span>}
                  </span>
                  <IconPlus size={18} aria-hidden="true" />
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      )}
      {lookup.query && !lookup.isSearching && lookup.results.length === 0 && (
        <Text size="sm" c="gray.7" role="status">
          {t('compose.people.noMatches', { query: lookup.query })}
        </Text>
      )}
    </div>
  );
}
