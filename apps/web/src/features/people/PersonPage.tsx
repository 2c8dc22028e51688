import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader, Paper, Stack } from '@mantine/core';
import { IconMail, IconMessage, IconPencil, IconPhone, IconUsersGroup } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import { useGoBack } from '../../app/back/useGoBack';
import { useSignedInId } from '../../app/session/useSignedInId';
import { PageShell } from '../../ui/PageShell';
import { hasChildrenAmong } from '@patio/core/people/relationshipKinds';
import type { PersonProfile } from '@patio/core/schemas/people';
import { rolesLabel } from './labels';
import { IdCard, hasIdCard } from './IdCard';
import { MembershipsSection } from './MembershipsSection';
import { PersonAvatar } from './PersonAvatar';
import { ProfileFacts } from './ProfileFacts';
import { RefusalMessage } from '../../app/RefusalMessage';
import { RelativesSection } from './RelativesSection';
import { SignInLinkSection } from './SignInLinkSection';
import { SignOutPersonSection } from './SignOutPersonSection';
import { PersonInvitationSection } from '../invitations';
import { usePerson } from './usePeople';
import classes from './profile.module.css';
import '../../ui/mantineStyles';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

interface ActionsProps {
  person: PersonProfile;
  hasChildren: boolean;
}

function ChildrenButton({ personId }: { personId: number }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={`/people/${personId}/children`} variant="light" leftSection={<IconUsersGroup size={18} aria-hidden="true" />}>
      {t('person.seeChildren')}
    </Button>
  );
}

/** Ways to get in touch with someone else. */
function ContactActions({ person, hasChildren }: ActionsProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('person.contact')}>
      <Group gap="sm">
        {person.email && (
          <Button component="a" href={`mailto:${person.email}`} variant="light" leftSection={<IconMail size={18} aria-hidden="true" />}>
            {t('person.sendEmail')}
          </Button>
        )}
        {person.mobile && (
          <Button component="a" href={`tel:${person.mobile.replace(/[^\d+]/g, '')}`} variant="light" leftSection={<IconPhone size={18} aria-hidden="true" />}>
            {t('person.call')}
          </Button>
        )}
        {hasChildren && <ChildrenButton personId={person.id} />}
        <Button variant="default" disabled leftSection={<IconMessage size={18} aria-hidden="true" />} aria-describedby="person-message-note">
          {t('person.message')}
        </Button>
      </Group>
      <p id="person-message-note" className={classes.note} style={{ marginTop: 8 }}>
        {t('person.messageLater')}
      </p>
    </Paper>
  );
}

/** One's own profile: mailing or calling oneself makes no sense, so it offers the profile editor instead. */
function OwnProfileActions({ person, hasChildren }: ActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Button component={Link} to="/settings" leftSection={<IconPencil size={18} aria-hidden="true" />}>
        {t('ownProfile.edit')}
      </Button>
      {hasChildren && <ChildrenButton personId={person.id} />}
    </Group>
  );
}

export interface PersonProfileViewProps {
  personId: number;
  /** The avatar, name and roles on top; left out where a frame around the profile already shows them (a person's tab). */
  withHeader?: boolean;
}

/** The profile, its relatives and groups, and ways to get in touch: /person/{personId}, and a person tab's "Datos personales". */
export function PersonProfileView({ personId, withHeader = true }: PersonProfileViewProps) {
  const { t } = useTranslation();
  const person = usePerson(personId);
  const isOwnProfile = useSignedInId() === personId;

  if (person.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (person.isError) return <RefusalMessage error={person.error} onRetry={() => void person.refetch()} />;
  const p = person.data;
  const title = formatFullName(p) || t('people.unnamed');
  // Relatives come with the profile when the caller may see them (absent otherwise).
  const family = p.relatives ?? [];
  const memberships = p.groups ?? [];
  const hasChildren = hasChildrenAmong(family);
  const roles = rolesLabel(t, p.roles, p.isAdmin);
  return (
    <Stack gap="md">
      {withHeader && (
        <div className={classes.header}>
          <PersonAvatar person={p} size={72} />
          <div className={classes.headerText}>
            <h2 className={classes.name}>{title}</h2>
            {roles && <p className={classes.roles}>{roles}</p>}
          </div>
        </div>
      )}
      {isOwnProfile ? <OwnProfileActions person={p} hasChildren={hasChildren} /> : <ContactActions person={p} hasChildren={hasChildren} />}
      {hasIdCard(p) && <IdCard person={p} />}
      <ProfileFacts person={p} />
      <RelativesSection relatives={family} />
      <MembershipsSection memberships={memberships} />
      <SignInLinkSection personId={p.id} personName={title} />
      <PersonInvitationSection personId={p.id} personName={title} />
      {!isOwnProfile && <SignOutPersonSection personId={p.id} personName={title} />}
    </Stack>
  );
}

/** /person/{personId} as families and students see it: the profile alone, in its page frame. */
export const PersonPage = withDirectoryTerms(function PersonPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/people');
  const personId = Number(useParams().personId);
  const person = usePerson(personId);
  const title = person.data ? formatFullName(person.data) || t('people.unnamed') : t('screens.person');
  return (
    <PageShell title={title} onBack={goBack}>
      <PersonProfileView personId={personId} />
    </PageShell>
  );
});
