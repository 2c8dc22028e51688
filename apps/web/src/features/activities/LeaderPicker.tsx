import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Loader, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatFullName, formatPersonName } from '@patio/core/people/displayName';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { PeopleSearchField, PersonAvatar, rolesLabel, SEARCH_DEBOUNCE_MS, usePeopleSearch } from '../people';
import classes from './activities.module.css';

const RESULTS = 8;

export interface LeaderPickerProps {
  value: { id: number; name: string } | null;
  onChange: (leader: { id: number; name: string } | null) => void;
  error?: string;
}

/**
 * The activity's leader: one person of the school (staff or an outside instructor), found by name. The
 * search box and the role names are the directory's texts, which travel in their own chunk.
 */
export const LeaderPicker = withDirectoryTerms(function LeaderPicker({ value, onChange, error }: LeaderPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = usePeopleSearch({ q, role: '', node: '' }, { enabled: value === null && q.length > 0 });
  const found = (search.data?.pages ?? []).flatMap((page) => page.items).slice(0, RESULTS);

  if (value) {
    return (
      <div className={classes.section}>
        <span className={classes.sectionTitle}>{t('activities.form.leader')}</span>
        <div className={classes.leader}>
          <span>{value.name}</span>
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(null)}>
            {t('activities.form.leaderChange')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className={classes.section}>
      <PeopleSearchField
        label={t('activities.form.leader')}
        description={t('activities.form.leaderHint')}
        value={text}
        onSearch={setText}
        error={error}
        rightSection={search.isFetching ? <Loader role="status" size="xs" aria-label={t('common.loading')} /> : null}
      />
      {found.length > 0 && (
        <ul className={classes.results} aria-label={t('activities.form.leaderResults')}>
          {found.map((person) => {
            // Listed as the directory lists people ("Pardo, Luis"), named as the activity shows its leader.
            const name = formatFullName(person);
            return (
              <li key={person.id}>
                <UnstyledButton className={classes.result} onClick={() => onChange({ id: person.id, name })}>
                  <PersonAvatar person={person} size={32} />
                  <span className={classes.personText}>
                    <span className={classes.personName}>{formatPersonName(person)}</span>
                    {person.roles && person.roles.length > 0 && <span className={classes.muted}>{rolesLabel(t, person.roles)}</span>}
                  </span>
                </UnstyledButton>
              </li>
            );
          })}
        </ul>
      )}
      {q && !search.isFetching && search.isSuccess && found.length === 0 && (
        <p className={classes.muted} role="status">
          {t('activities.form.leaderNone', { query: q })}
        </p>
      )}
    </div>
  );
});
