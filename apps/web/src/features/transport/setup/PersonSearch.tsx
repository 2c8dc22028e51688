import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { formatFullName } from '@patio/core/people/displayName';
import type { PersonCard } from '@patio/core/schemas/people';
import { PeopleSearchField, PersonAvatar, rolesLabel, SEARCH_DEBOUNCE_MS, usePeopleSearch } from '../../people';
import classes from './routeSetup.module.css';

/** The most people a search offers: enough to pick from, few enough to read on a phone. */
const SHOWN = 8;

export interface PersonSearchProps {
  label: string;
  /** Only people of this role (GET people?role=), e.g. 'student' for riders; '' for anyone. */
  role?: string;
  /** People not to offer (already chosen). */
  excludeIds?: readonly number[];
  autoFocus?: boolean;
  onPick: (person: PersonCard) => void;
  /** Escape in the search box. */
  onCancel?: () => void;
}

/** Finds one person of the school by name or document (the directory's search) and offers each with a button to choose them. */
export function PersonSearch({ label, role = '', excludeIds = [], autoFocus = false, onPick, onCancel }: PersonSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = usePeopleSearch({ q, role, node: '' }, { enabled: q !== '' });
  const people = q ? (search.data?.pages[0]?.items ?? []).filter((person) => !excludeIds.includes(person.id)).slice(0, SHOWN) : [];

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className={classes.personSearch}>
      <PeopleSearchField
        label={label}
        value={text}
        onSearch={setText}
        autoFocus={autoFocus}
        rightSection={q && search.isFetching ? <Loader role="status" size="xs" aria-label={t('common.loading')} /> : null}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onCancel) {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      {q && !search.isFetching && people.length === 0 && <p role="status" className={classes.hint}>{t('transport.setup.person.noMatches', { query: q })}</p>}
      {people.length > 0 && (
        <ul className={classes.results} aria-label={t('transport.setup.person.results')}>
          {people.map((person) => {
            const name = formatFullName(person);
            const roles = rolesLabel(t, person.roles);
            return (
              <li key={person.id} className={classes.result}>
                <PersonAvatar person={person} size={32} />
                <span className={classes.resultText}>
                  <span className={classes.resultName}>{name}</span>
                  {roles && <span className={classes.resultMeta}>{roles}</span>}
                </span>
                <Button size="xs" variant="light" onClick={() => onPick(person)} aria-label={t('transport.setup.person.chooseNamed', { name })}>
                  {t('transport.setup.person.choose')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
