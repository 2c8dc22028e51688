import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Loader, NativeSelect } from '@mantine/core';
import { formatFullName } from '@patio/core/people/displayName';
import type { Invitation, InvitationStatus } from '@patio/core/schemas/invitations';
import { RefusalMessage } from '../../app/RefusalMessage';
import { Notice } from '../../ui/Notice';
import { describeSendError } from './invitationText';
import { InvitationRow } from './InvitationRow';
import { useInvitationList, useInvitePerson } from './useInvitations';
import classes from './invitations.module.css';

const STATUSES: InvitationStatus[] = ['not_sent', 'sent', 'opened', 'signed_in'];

type Outcome = { tone: 'info' | 'error'; text: string };

/** The people of a group (or the school) with their invitation, filtered by status, each with send or resend. */
export function InvitationList({ nodeId }: { nodeId?: number }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<InvitationStatus | null>(null);
  const list = useInvitationList(nodeId, status);
  const invite = useInvitePerson();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);

  // The row may leave the filtered list once sent: what happened takes the focus instead.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  function handleSend(invitation: Invitation): void {
    const name = formatFullName(invitation);
    setOutcome(null);
    invite.mutate(invitation.personId, {
      onSuccess: () => setOutcome({ tone: 'info', text: t('invitations.sentToName', { name }) }),
      onError: (error) => setOutcome({ tone: 'error', text: describeSendError(t, error) }),
    });
  }

  let body;
  if (list.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (list.isError) body = <RefusalMessage error={list.error} onRetry={() => void list.refetch()} />;
  else if (items.length === 0) {
    body = <p className={classes.hint}>{status ? t('invitations.emptyFiltered', { status: t(`invitations.statuses.${status}`) }) : t('invitations.empty')}</p>;
  } else {
    body = (
      <>
        <ul className={classes.list} aria-label={t('invitations.listLabel')}>
          {items.map((invitation) => (
            <InvitationRow
              key={invitation.personId}
              invitation={invitation}
              isSending={invite.isPending && invite.variables === invitation.personId}
              onSend={() => handleSend(invitation)}
            />
          ))}
        </ul>
        {list.hasNextPage && (
          <Button variant="default" className={classes.more} loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('invitations.loadMore')}
          </Button>
        )}
      </>
    );
  }

  return (
    <div>
      <NativeSelect
        label={t('invitations.filter')}
        value={status ?? ''}
        onChange={(event) => setStatus((event.currentTarget.value || null) as InvitationStatus | null)}
        data={[{ value: '', label: t('invitations.all') }, ...STATUSES.map((value) => ({ value, label: t(`invitations.statuses.${value}`) }))]}
        maw={260}
      />
      {outcome && (
        <div ref={outcomeRef} tabIndex={-1} className={classes.outcome}>
          <Notice tone={outcome.tone}>{outcome.text}</Notice>
        </div>
      )}
      {body}
    </div>
  );
}
