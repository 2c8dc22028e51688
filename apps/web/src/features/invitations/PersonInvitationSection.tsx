import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Paper, Text, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { Notice } from '../../ui/Notice';
import { describeSendError } from './invitationText';
import { useCanInvite, useInvitation, useInvitePerson } from './useInvitations';
import classes from './invitations.module.css';

export interface PersonInvitationSectionProps {
  personId: number;
  personName: string;
}

type Outcome = { tone: 'info' | 'error'; text: string };

/**
 * On a person's page, for school administrators: where the person's invitation to Patio stands and a
 * button to send it, or send it again (a new link replaces the old one).
 */
export function PersonInvitationSection({ personId, personName }: PersonInvitationSectionProps) {
  const { t, i18n } = useTranslation();
  const canInvite = useCanInvite();
  const invitation = useInvitation(personId, canInvite === true);
  const invite = useInvitePerson();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const titleId = useId();
  // Nobody to invite for others, and nothing to say about an unapproved registration (404).
  if (!canInvite || !invitation.data) return null;

  const data = invitation.data;
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
  const again = data.status !== 'not_sent';
  const facts = [
    data.sentAt ? t('invitations.sentOn', { date: date(data.sentAt) }) : t('invitations.personNotSent'),
    data.openedAt ? t('invitations.openedOn', { date: date(data.openedAt) }) : null,
    data.signedInAt ? t('invitations.signedInOn', { date: date(data.signedInAt) }) : null,
    data.sendCount > 1 ? t('invitations.sendCount', { count: data.sendCount }) : null,
  ].filter(Boolean);

  function handleSend(): void {
    setOutcome(null);
    invite.mutate(personId, {
      onSuccess: () => setOutcome({ tone: 'info', text: t('invitations.sentToName', { name: personName }) }),
      onError: (error) => setOutcome({ tone: 'error', text: describeSendError(t, error) }),
    });
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb={4}>
        {t('invitations.personTitle')}
      </Title>
      <p className={classes.detail}>
        <span className={classes.status} data-status={data.status}>
          {t(`invitations.statuses.${data.status}`)}
        </span>
      </p>
      <Text size="sm" c="dark.5" mt={6} mb="sm">
        {facts.join(' · ')}
      </Text>
      {data.email ? (
        <Button
          variant="light"
          leftSection={<IconMailForward size={18} aria-hidden="true" />}
          loading={invite.isPending}
          onClick={handleSend}
          aria-label={t(again ? 'invitations.resendTo' : 'invitations.sendTo', { name: personName })}
        >
          {t(again ? 'invitations.resend' : 'invitations.send')}
        </Button>
      ) : (
        <Notice>{t('invitations.errors.no_email')}</Notice>
      )}
      {outcome && (
        <div className={classes.outcome}>
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      )}
    </Paper>
  );
}
