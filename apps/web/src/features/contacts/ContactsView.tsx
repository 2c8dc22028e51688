import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader, TextInput, Title } from '@mantine/core';
import { IconAddressBook, IconSearch } from '@tabler/icons-react';
import { formatPersonName } from '@patio/core/people/displayName';
import { StatusMessage } from '../../ui/StatusMessage';
import { labelOf, PersonRow } from '../people';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSignedInId } from '../../app/session/useSignedInId';
import classes from './contacts.module.css';
import { groupOf, useContacts, type Contact, type ContactGroup } from './useContacts';
import { useOwnFamilyLabels } from './useOwnFamilyLabels';
import '../../ui/mantineStyles';

const GROUPS: ContactGroup[] = ['teachers', 'staff', 'family', 'members'];

/** Folds accents and case so "maria" finds "María". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** The Contacts tab: who the signed-in person may message, grouped (teachers, staff, group members), searchable. */
export function ContactsView() {
  const { t } = useTranslation();
  const uid = useSignedInId();
  const contacts = useContacts(uid);
  const familyLabels = useOwnFamilyLabels(contacts.data);
  const [text, setText] = useState('');

  const groups = useMemo(() => {
    const needle = fold(text.trim());
    const matches = (c: Contact) => !needle || fold(formatPersonName(c)).includes(needle);
    const sorted = [...(contacts.data ?? [])].filter(matches).sort((a, b) => formatPersonName(a).localeCompare(formatPersonName(b)));
    return GROUPS.map((group) => ({ group, people: sorted.filter((c) => groupOf(c) === group) })).filter((g) => g.people.length > 0);
  }, [contacts.data, text]);

  // Why each one is listed ("Docente", "Familia de tus hijos"), one's own relatives by what they are
  // to one ("Hija"); their roles when the server gave no reason.
  const reasonOf = (contact: Contact, reason: string): string =>
    (reason === 'relative' && familyLabels.get(contact.id)) || t(`contacts.reasons.${reason}`, { defaultValue: reason });
  const reasonsOf = (contact: Contact): string[] =>
    contact.reasons.length > 0
      ? [...new Set(contact.reasons.map((r) => reasonOf(contact, r)))]
      : [...new Set((contact.roles ?? []).map((r) => labelOf(t, 'roles', r)))];

  if (uid === null || contacts.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (contacts.isError) return <RefusalMessage error={contacts.error} onRetry={() => void contacts.refetch()} />;
  if ((contacts.data ?? []).length === 0) {
    return <StatusMessage icon={<IconAddressBook size={36} />} title={t('contacts.emptyTitle')} body={t('contacts.emptyBody')} />;
  }

  return (
    <section aria-label={t('contacts.title')}>
      <TextInput
        type="search"
        role="searchbox"
        label={t('contacts.searchLabel')}
        placeholder={t('contacts.searchPlaceholder')}
        leftSection={<IconSearch size={18} aria-hidden="true" />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        size="md"
        mb="md"
      />
      {groups.length === 0 && <p role="status">{t('contacts.noMatches', { query: text.trim() })}</p>}
      {groups.map(({ group, people }) => (
        <section key={group} aria-labelledby={`contacts-${group}`}>
          <Title order={2} size="h5" id={`contacts-${group}`} c="dark.6" mt="md" mb={4}>
            {t(`contacts.${group}`)} ({people.length})
          </Title>
          <ul className={classes.list}>
            {people.map((person) => (
              <li key={person.id}>
                <PersonRow
                  person={person}
                  meta={reasonsOf(person).join(' · ')}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <p style={{ color: '#495057', fontSize: '0.875rem' }}>{t('contacts.messagingLater')}</p>
    </section>
  );
}
