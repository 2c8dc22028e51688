import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Activity } from '@patio/core/schemas/activities';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { activityErrorText } from './activityErrors';
import { RequestStatusBadge } from './RequestStatusBadge';
import { useAnswerOffer, useRequestPlace, useWithdrawRequest } from './useActivities';
import classes from './activities.module.css';

type ChildEntry = Activity['children'][number];

export interface RequestControlsProps {
  activity: Activity;
  child: ChildEntry;
}

/**
 * A child's request on an activity in two taps (Inscribir, then the confirmation), its state once
 * sent, the overlap warning the server gave, and withdrawing with a confirmation.
 */
export function RequestControls({ activity, child }: RequestControlsProps) {
  const { t, i18n } = useTranslation();
  const request = useRequestPlace();
  const withdraw = useWithdrawRequest();
  const answer = useAnswerOffer();
  const [asking, setAsking] = useState<'request' | 'withdraw' | 'decline' | null>(null);
  const [overlap, setOverlap] = useState(false);
  const names = { name: child.student.name, activity: activity.name };
  const current = child.request && child.request.status !== 'withdrawn' ? child.request : null;
  const failed = request.error ?? withdraw.error ?? answer.error;
  const offered = current?.status === 'offered';
  // The answers are named by what they show ("Confirmar plaza"), as speech input users say them, and
  // described by the offer, which names the child, the activity and the deadline.
  const offerId = `offer-${activity.id}-${child.student.id}`;
  const answerOffer = (reply: 'confirm' | 'decline') => {
    if (!current) return;
    answer.mutate({ activityId: activity.id, requestId: current.id, answer: reply }, { onSettled: () => setAsking(null) });
  };

  const handleRequest = () =>
    request.mutate(
      { activityId: activity.id, studentId: child.student.id },
      {
        onSuccess: (created) => setOverlap(created.warnings.includes('schedule_overlap')),
        onSettled: () => setAsking(null),
      },
    );
  const handleWithdraw = () => {
    if (!current) return;
    withdraw.mutate(
      { activityId: activity.id, requestId: current.id, studentId: child.student.id },
      {
        onSuccess: () => setOverlap(false),
        onSettled: () => setAsking(null),
      },
    );
  };

  return (
    <div className={classes.request}>
      {current ? (
        <div className={classes.requestRow}>
          <RequestStatusBadge status={current.status} position={current.position} />
          {current.status !== 'rejected' && !offered && (
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => setAsking('withdraw')} aria-label={t('activities.request.withdrawLabel', names)}>
              {t('activities.request.withdraw')}
            </Button>
          )}
        </div>
      ) : (
        <Button onClick={() => setAsking('request')} aria-label={t('activities.request.enrolLabel', names)} className={classes.enrol}>
          {t('activities.request.enrol')}
        </Button>
      )}
      {offered && (
        <div className={classes.offer}>
          <p id={offerId}>
            {current.offerExpiresAt
              ? t('activities.offer.until', { ...names, date: new Date(current.offerExpiresAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) })
              : t('activities.offer.open', names)}
          </p>
          <div className={classes.requestRow}>
            <Button size="compact-sm" loading={answer.isPending && answer.variables?.answer === 'confirm'} onClick={() => answerOffer('confirm')} aria-describedby={offerId}>
              {t('activities.offer.confirm')}
            </Button>
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => setAsking('decline')} aria-describedby={offerId}>
              {t('activities.offer.decline')}
            </Button>
          </div>
        </div>
      )}
      {overlap && current && (
        <p className={classes.warning} role="status">
          <IconAlertTriangle size={18} aria-hidden="true" />
          {t('activities.request.overlap', names)}
        </p>
      )}
      {failed && <Notice tone="error">{activityErrorText(t, failed)}</Notice>}
      <ConfirmDialog
        opened={asking === 'request'}
        title={t('activities.request.confirmTitle')}
        message={activity.placesLeft > 0 ? t('activities.request.confirmBody', names) : t('activities.request.confirmFull', names)}
        confirmLabel={t('activities.request.confirm')}
        cancelLabel={t('activities.request.cancel')}
        closeLabel={t('activities.request.close')}
        danger={false}
        busy={request.isPending}
        onConfirm={() => {
          withdraw.reset();
          handleRequest();
        }}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        opened={asking === 'withdraw'}
        title={t('activities.request.withdrawTitle')}
        message={t('activities.request.withdrawBody', names)}
        confirmLabel={t('activities.request.withdrawConfirm')}
        cancelLabel={t('activities.request.cancel')}
        closeLabel={t('activities.request.close')}
        busy={withdraw.isPending}
        onConfirm={() => {
          request.reset();
          handleWithdraw();
        }}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        opened={asking === 'decline'}
        title={t('activities.offer.declineTitle')}
        message={t('activities.offer.declineBody', names)}
        confirmLabel={t('activities.offer.declineConfirm')}
        cancelLabel={t('activities.request.cancel')}
        closeLabel={t('activities.request.close')}
        busy={answer.isPending}
        onConfirm={() => answerOffer('decline')}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
