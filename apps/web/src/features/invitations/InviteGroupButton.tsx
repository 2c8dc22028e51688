import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import type { SendInvitationsResult } from '@patio/core/schemas/invitations';
import { Notice } from '../../ui/Notice';
import { describeSendError, describeSendResult } from './invitationText';
import { useInviteGroup } from './useInvitations';
import classes from './invitations.module.css';

export interface InviteGroupButtonProps {
  nodeId: number;
  /** The button's words (default "Invite the families"). */
  label?: string;
}

/** Invites a group's families at once, after a confirmation, and says what was sent and what was skipped. */
export function InviteGroupButton({ nodeId, label }: InviteGroupButtonProps) {
  const { t } = useTranslation();
  const invite = useInviteGroup();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<SendInvitationsResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (result || error) resultRef.current?.focus();
  }, [result, error]);

  function handleConfirm(): void {
    setError(null);
    invite.mutate(nodeId, {
      onSuccess: (answer) => {
        setResult(answer);
        setConfirming(false);
      },
      onError: (failure) => {
        setError(describeSendError(t, failure));
        setConfirming(false);
      },
    });
  }

  const text = result ? describeSendResult(t, result) : null;
  return (
    <>
      {!confirming && (
        <div className={classes.actions}>
          <Button leftSection={<IconMailForward size={18} aria-hidden="true" />} onClick={() => { setResult(null); setError(null); setConfirming(true); }}>
            {label ?? t('invitations.inviteFamilies')}
          </Button>
        </div>
      )}
      {confirming && (
        <div ref={confirmRef} tabIndex={-1} role="group" aria-labelledby={titleId} className={classes.confirm}>
          <h3 id={titleId} className={classes.confirmTitle}>{t('invitations.confirmTitle')}</h3>
          <p className={classes.confirmBody}>{t('invitations.confirmBody')}</p>
          <Group gap="sm">
            <Button onClick={handleConfirm} loading={invite.isPending}>
              {t('invitations.confirm')}
            </Button>
            <Button variant="default" onClick={() => setConfirming(false)} disabled={invite.isPending}>
              {t('invitations.cancel')}
            </Button>
          </Group>
        </div>
      )}
      {(text || error) && (
        <div ref={resultRef} tabIndex={-1} className={classes.result}>
          {error && <Notice tone="error">{error}</Notice>}
          {text && (
            <Notice>
              {text.sent}
              {text.skipped && (
                <>
                  {' '}
                  {text.skipped}
                  <ul>
                    {text.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                </>
              )}
            </Notice>
          )}
        </div>
      )}
    </>
  );
}
