import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, NativeSelect, Paper, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { formatPersonName } from '@patio/core/people/displayName';
import type { MembershipRole } from '@patio/core/schemas/people';
import { describeError } from '../../app/api/describeError';
import { labelOf, PeopleSearchField, PersonAvatar, SEARCH_DEBOUNCE_MS, usePeopleSearch } from '../people';
import { useMemberChanges } from './useNodes';
import classes from './nodes.module.css';
import '../../ui/mantineStyles';

/** Roles a membership can carry (spec §3 Role labels; relatives come from families, not groups). */
export const MEMBER_ROLES: readonly MembershipRole[] = ['student', 'teacher', 'substitute_teacher', 'group_director', 'employee'];

/** Administrators add a person to the node with a role: search by name or document, pick, add. */
export function AddMemberForm({ nodeId }: { nodeId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [role, setRole] = useState<MembershipRole>('student');
  const { add } = useMemberChanges(nodeId);
  const results = usePeopleSearch({ q, role: '', node: '' });
  const people = q ? (results.data?.pages[0]?.items ?? []).slice(0, 8) : [];

  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="node-add-member">
      <Title order={2} size="h4" id="node-add-member" mb="sm">
        {t('nodes.addMember')}
      </Title>
      <Group align="end" gap="sm" grow>
        <PeopleSearchField label={t('nodes.findPerson')} value={text} onSearch={setText} />
        <NativeSelect
          label={t('nodes.role')}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value as MembershipRole)}
          data={MEMBER_ROLES.map((r) => ({ value: r, label: labelOf(t, 'roles', r) }))}
        />
      </Group>
      {add.isError && (
        <p role="alert" style={{ color: '#c92a2a' }}>
          {describeError(t, add.error)}
        </p>
      )}
      {add.isSuccess && <p role="status">{t('nodes.memberAdded')}</p>}
      {q && people.length === 0 && !results.isPending && <p role="status">{t('people.noMatchesTitle')}</p>}
      <ul className={classes.results} aria-label={t('people.results')}>
        {people.map((person) => (
          <li key={person.id} className={classes.result}>
            <span className={classes.resultName} title={formatPersonName(person)}>
              <PersonAvatar person={person} size={32} />
              {formatPersonName(person)}
            </span>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconUserPlus size={16} aria-hidden="true" />}
              loading={add.isPending && add.variables?.personId === person.id}
              onClick={() => add.mutate({ personId: person.id, role })}
              aria-label={t('nodes.addAs', { name: formatPersonName(person), role: labelOf(t, 'roles', role) })}
            >
              {t('nodes.add')}
            </Button>
          </li>
        ))}
      </ul>
    </Paper>
  );
}
