import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NativeSelect } from '@mantine/core';
import type { Credit, DebitSummary } from '@patio/core/schemas/billing';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { useSessionState } from '../../app/services';
import { describeBillingError } from './billingErrors';
import { periodLabel } from './billingText';
import { useBillingList, useCreditAction } from './useBilling';
import { useMoney } from './useMoney';
import classes from './billing.module.css';

type Pending = { action: 'apply' | 'unapply'; debitId?: number; label: string } | null;

/**
 * Staff (canManage): apply what is left of a payment, to one pending debit of its student or oldest
 * first, and take back what it paid on a debit (or on all); each asks first.
 */
export function CreditActions({ credit }: { credit: Credit }) {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useSessionState((s) => s.language);
  const action = useCreditAction(credit.id);
  const [target, setTarget] = useState('');
  const [pending, setPending] = useState<Pending>(null);
  const debits = useBillingList<DebitSummary>(credit.person.id, 'pending');
  const options = debits.data?.pages.flatMap((page) => page.items) ?? [];
  const paidDebits = [...new Map(credit.distributions.map((d) => [d.debitId, d])).values()];

  const confirm = () => {
    if (!pending) return;
    action.mutate({ action: pending.action, debitId: pending.debitId }, { onSettled: () => setPending(null) });
  };

  return (
    <section className={`${classes.card} ${classes.noPrint}`} aria-labelledby="credit-manage">
      <h2 id="credit-manage">{t('billing.manage.title')}</h2>
      {action.isError && <Notice tone="error">{describeBillingError(t, action.error)}</Notice>}
      {action.isSuccess && <Notice>{t('billing.manage.done')}</Notice>}
      {credit.unapplied > 0 ? (
        <div className={classes.filters}>
          <NativeSelect
            label={t('billing.manage.applyTo')}
            value={target}
            onChange={(event) => setTarget(event.currentTarget.value)}
            data={[
              { value: '', label: t('billing.manage.oldestFirst') },
              ...options.map((d) => ({ value: String(d.id), label: `${periodLabel(d.period, language)} · ${d.description} · ${money(d.balance, d.currency)}` })),
            ]}
          />
          <Button
            onClick={() => {
              const debit = options.find((d) => String(d.id) === target);
              setPending({ action: 'apply', debitId: debit?.id, label: debit ? t('billing.manage.confirmApplyDebit', { amount: money(credit.unapplied, credit.currency), period: periodLabel(debit.period, language) }) : t('billing.manage.confirmApplyOldest', { amount: money(credit.unapplied, credit.currency) }) });
            }}
          >
            {t('billing.manage.apply')}
          </Button>
        </div>
      ) : (
        <p className={classes.muted}>{t('billing.manage.nothingToApply')}</p>
      )}
      {paidDebits.length > 0 && (
        <ul className={classes.list} style={{ marginTop: 12 }} aria-label={t('billing.manage.unapplyList')}>
          {paidDebits.map((d) => (
            <li key={d.debitId} className={classes.filters}>
              <span className={classes.rowMeta}>{t('billing.debit.numberPeriod', { number: d.debitSequence, period: periodLabel(d.period, language) })}</span>
              <Button variant="default" size="compact-sm" onClick={() => setPending({ action: 'unapply', debitId: d.debitId, label: t('billing.manage.confirmUnapplyDebit', { number: d.debitSequence }) })}>
                {t('billing.manage.unapplyDebit', { number: d.debitSequence })}
              </Button>
            </li>
          ))}
          {paidDebits.length > 1 && (
            <li>
              <Button variant="default" color="red" size="compact-sm" onClick={() => setPending({ action: 'unapply', label: t('billing.manage.confirmUnapplyAll') })}>
                {t('billing.manage.unapplyAll')}
              </Button>
            </li>
          )}
        </ul>
      )}
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.action === 'apply' ? t('billing.manage.applyTitle') : t('billing.manage.unapplyTitle')}
        message={pending?.label ?? ''}
        confirmLabel={pending?.action === 'apply' ? t('billing.manage.apply') : t('billing.manage.unapply')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        danger={pending?.action === 'unapply'}
        busy={action.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
