import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, TextInput } from '@mantine/core';
import type { Refund } from '@patio/core/schemas/billing';
import { useSessionState } from '../../app/services';
import { Notice } from '../../ui/Notice';
import { creditPath } from './billingPaths';
import { describeBillingError } from './billingErrors';
import { dayLabel } from './billingText';
import { useCompleteRefund } from './useBillingAdmin';
import { useMoney } from './useMoney';
import classes from './billing.module.css';

const dayOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString().slice(0, 10);

/** One refund: the student, the amount, the payment and its credit; open ones are marked done with a note. */
export function RefundRow({ refund }: { refund: Refund }) {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useSessionState((s) => s.language);
  const complete = useCompleteRefund();
  const [marking, setMarking] = useState(false);
  const [note, setNote] = useState('');
  const noteId = `refund-note-${refund.id}`;

  return (
    <li className={`${classes.card} ${classes.refund}`}>
      <div className={classes.refundHead}>
        <span className={classes.rowMain}>
          <span className={classes.rowTitle}>{refund.person.name}</span>
          <span className={classes.rowMeta}>{t('billing.refunds.payment', { id: refund.paymentId, date: dayLabel(dayOf(refund.createdAt), language) })}</span>
          <Link to={creditPath(refund.creditId)} className={classes.rowMeta}>
            {t('billing.refunds.credit', { number: refund.creditSequence })}
          </Link>
          {refund.doneAt !== null && (
            <span className={classes.rowMeta}>
              {t('billing.refunds.doneBy', { date: dayLabel(dayOf(refund.doneAt), language), name: refund.doneBy?.name ?? '' })}
              {refund.note && <> · {refund.note}</>}
            </span>
          )}
        </span>
        <span className={classes.amount}>{money(refund.amount, refund.currency)}</span>
      </div>
      {refund.doneAt === null && !marking && (
        <Button variant="light" onClick={() => setMarking(true)} style={{ alignSelf: 'flex-start' }}>
          {t('billing.refunds.markDone')}
        </Button>
      )}
      {refund.doneAt === null && marking && (
        <form
          className={classes.filters}
          onSubmit={(event) => {
            event.preventDefault();
            complete.mutate({ id: refund.id, note: note.trim() });
          }}
        >
          <TextInput id={noteId} label={t('billing.refunds.note')} description={t('billing.refunds.noteHint')} value={note} maxLength={500} onChange={(event) => setNote(event.currentTarget.value)} style={{ flex: '1 1 16rem' }} />
          <Button type="submit" loading={complete.isPending}>
            {t('billing.refunds.confirm')}
          </Button>
          <Button variant="default" onClick={() => setMarking(false)} disabled={complete.isPending}>
            {t('billing.refunds.cancel')}
          </Button>
        </form>
      )}
      {complete.isError && <Notice tone="error">{describeBillingError(t, complete.error)}</Notice>}
    </li>
  );
}
