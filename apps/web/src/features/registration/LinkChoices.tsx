import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Textarea } from '@mantine/core';
import { IconLink, IconMailForward } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import { useSessionState } from '../../app/services';
import type { LinkMode, Linking, PendingRegistration } from './useRegistrations';
import classes from './registrationLinks.module.css';

export interface LinkChoicesProps {
  registration: PendingRegistration;
  linking: Linking;
  /** The link mode being sent for this family, if any. */
  deciding: LinkMode | null;
  isBusy: boolean;
  onLink: (link: 'confirm' | 'decide', reason?: string) => void;
}

/**
 * The ways of linking a registration to the people the school already holds (decision 023): where the
 * confirmation stands, "send confirmation to the contact on file", or "link by decision" with its
 * required reason. Approving as a new person and rejecting stay on the card.
 */
export function LinkChoices({ registration, linking, deciding, isBusy, onLink }: LinkChoicesProps) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const match = registration.match;
  const matchName = match ? formatFullName({ ...match, lastName2: null }) : '';
  // A 24-hour clock: a 12-hour one ends in "a. m." in Spanish, right before the sentence's own period.
  const when = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }).format(new Date(iso));
  const { confirmation } = linking;

  function handleDecide(): void {
    if (reason.trim() === '') {
      setReasonError(t('registrationLinks.reasonRequired'));
      return;
    }
    setReasonError(null);
    onLink('decide', reason.trim());
  }

  const canConfirm = linking.choices.includes('confirm') && Boolean(match?.email);
  const canDecide = linking.choices.includes('decide');
  if (!confirmation && !canConfirm && !canDecide) return null;

  return (
    <div className={classes.choices} role="group" aria-label={t('registrationLinks.choicesLabel', { name: formatFullName({ ...registration, lastName2: null }) })}>
      {confirmation?.status === 'pending' && (
        <p className={classes.status} role="status">
          <strong>{t('registrationLinks.waitingTitle')}</strong>
          {t('registrationLinks.waitingBody', { email: confirmation.sentTo, date: when(confirmation.sentAt), expires: when(confirmation.expiresAt) })}
        </p>
      )}
      {confirmation?.status === 'expired' && <p className={classes.status}>{t('registrationLinks.expiredBody', { email: confirmation.sentTo })}</p>}
      {confirmation?.status === 'refused' && <p className={`${classes.status} ${classes.refused}`}>{t('registrationLinks.refusedBody')}</p>}

      {canConfirm && match?.email && (
        <div className={classes.choice}>
          <p>{t('registrationLinks.sendConfirmationHint', { name: matchName })}</p>
          <Button
            variant="light"
            leftSection={<IconMailForward size={18} aria-hidden="true" />}
            loading={deciding === 'confirm'}
            disabled={isBusy && deciding !== 'confirm'}
            onClick={() => onLink('confirm')}
          >
            {t(confirmation?.status === 'expired' ? 'registrationLinks.resend' : 'registrationLinks.sendConfirmation', { email: match.email })}
          </Button>
        </div>
      )}

      {canDecide && (
        <div className={classes.choice}>
          <p>{match ? t('registrationLinks.noContactHint', { name: matchName }) : t('registrationLinks.noContactOthersHint')}</p>
          <Textarea
            label={t('registrationLinks.reasonLabel')}
            description={t('registrationLinks.reasonHint')}
            withAsterisk
            required
            autosize
            minRows={2}
            maxLength={1000}
            value={reason}
            error={reasonError}
            onChange={(event) => setReason(event.currentTarget.value)}
            mb="xs"
          />
          <Button
            variant="light"
            leftSection={<IconLink size={18} aria-hidden="true" />}
            loading={deciding === 'decide'}
            disabled={isBusy && deciding !== 'decide'}
            onClick={handleDecide}
          >
            {t('registrationLinks.linkByDecision')}
          </Button>
        </div>
      )}
    </div>
  );
}
