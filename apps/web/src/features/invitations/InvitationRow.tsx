import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import type { Invitation } from '@patio/core/schemas/invitations';
import { formatFullName } from '@patio/core/people/displayName';
import classes from './invitations.module.css';

export interface InvitationRowProps {
  invitation: Invitation;
  /** True while this person's invitation is being sent. */
  isSending: boolean;
  onSend: () => void;
}

/** One person: name, email, where their invitation stands and since when, and the way to send it (again). */
export function InvitationRow({ invitation, isSending, onSend }: InvitationRowProps) {
  const { t, i18n } = useTranslation();
  const name = formatFullName(invitation) || t('people.unnamed');
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const again = invitation.status !== 'not_sent';
  const facts = [
    invitation.signedInAt ? t('invitations.signedInOn', { date: date(invitation.signedInAt) }) : null,
    invitation.openedAt && !invitation.signedInAt ? t('invitations.openedOn', { date: date(invitation.openedAt) }) : null,
    invitation.sentAt ? t('invitations.sentOn', { date: date(invitation.sentAt) }) : null,
    invitation.sendCount > 1 ? t('invitations.sendCount', { count: invitation.sendCount }) : null,
    invitation.hasPassword && invitation.status === 'not_sent' ? t('invitations.hasAccess') : null,
  ].filter(Boolean);

  return (
    <li className={classes.row}>
      <div className={classes.who}>
        <p className={classes.name}>{name}</p>
        <p className={classes.detail}>{invitation.email ?? t('invitations.noEmail')}</p>
        {facts.length > 0 && <p className={classes.detail}>{facts.join(' · ')}</p>}
      </div>
      <div className={classes.side}>
        <span className={classes.status} data-status={invitation.status}>
          {t(`invitations.statuses.${invitation.status}`)}
        </span>
        {invitation.email && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconMailForward size={16} aria-hidden="true" />}
            loading={isSending}
            onClick={onSend}
            aria-label={t(again ? 'invitations.resendTo' : 'invitations.sendTo', { name })}
          >
            {t(again ? 'invitations.resend' : 'invitations.send')}
          </Button>
        )}
      </div>
    </li>
  );
}
