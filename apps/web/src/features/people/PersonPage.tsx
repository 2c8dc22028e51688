import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconMail, IconMessage, IconPhone, IconUsersGroup } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import { useGoBack } from '../../app/back/useGoBack';
import { PageShell } from '../../ui/PageShell';
import { hasChildrenAmong } from '@patio/core/people/relationshipKinds';
import { rolesLabel } from './labels';
import { MembershipsSection } from './MembershipsSection';
import { PersonAvatar } from './PersonAvatar';
import { ProfileFacts } from './ProfileFacts';
import { RefusalMessage } from '../../app/RefusalMessage';
import { RelativesSection } from './RelativesSection';
import { SignInLinkSection } from './SignInLinkSection';
import { usePerson } from './usePeople';
import classes from './profile.module.css';
import '../../ui/mantineStyles';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

/** /person/{personId}: the profile, its relatives and groups, and ways to get in touch. */
export const PersonPage = withDirectoryTerms(function PersonPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/people');
  const personId = Number(useParams().personId);
  const person = usePerson(personId);

  const title = person.data ? formatFullName(person.data) || t('people.unnamed') : t('screens.person');
  let body;
  if (person.isPending) body = <Loader size="sm" aria-label={t('common.loading')} />;
  else if (person.isError) body = <RefusalMessage error={person.error} onRetry={() => void person.refetch()} />;
  else {
    const p = person.data;
    // Relatives come with the profile when the caller may see them (absent otherwise).
    const family = p.relatives ?? [];
    const memberships = p.groups ?? [];
    const hasChildren = hasChildrenAmong(family);
    const roles = rolesLabel(t, p.roles, p.isAdmin);
    body = (
      <Stack gap="md" maw={760}>
        <div className={classes.header}>
          <PersonAvatar person={p} size={72} />
          <div className={classes.headerText}>
            <h2 className={classes.name}>{title}</h2>
            {roles && <p className={classes.roles}>{roles}</p>}
          </div>
        </div>
        <Paper withBorder p="md" radius="md" component="section" aria-label={t('person.contact')}>
          <Group gap="sm">
            {p.email && (
              <Button component="a" href={`mailto:${p.email}`} variant="light" leftSection={<IconMail size={18} aria-hidden="true" />}>
                {t('person.sendEmail')}
              </Button>
            )}
            {p.mobile && (
              <Button component="a" href={`tel:${p.mobile.replace(/[^\d+]/g, '')}`} variant="light" leftSection={<IconPhone size={18} aria-hidden="true" />}>
                {t('person.call')}
              </Button>
            )}
            {hasChildren && (
              <Button component={Link} to={`/people/${p.id}/children`} variant="light" leftSection={<IconUsersGroup size={18} aria-hidden="true" />}>
                {t('person.seeChildren')}
              </Button>
            )}
            <Button variant="default" disabled leftSection={<IconMessage size={18} aria-hidden="true" />} aria-describedby="person-message-note">
              {t('person.message')}
            </Button>
          </Group>
          <p id="person-message-note" className={classes.note} style={{ marginTop: 8 }}>
            {t('person.messageLater')}
          </p>
        </Paper>
        <ProfileFacts person={p} />
        <RelativesSection relatives={family} />
        <MembershipsSection memberships={memberships} />
        <SignInLinkSection personId={p.id} personName={title} />
      </Stack>
    );
  }

  return (
    <PageShell title={title} onBack={goBack}>
      {body}
    </PageShell>
  );
});
