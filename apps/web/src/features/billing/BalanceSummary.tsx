import { useTranslation } from 'react-i18next';
import type { BillingBalance } from '@patio/core/schemas/billing';
import { useMoney } from './useMoney';
import classes from './billing.module.css';

/** The figures on top of /billing/{personId}: net balance, overdue (highlighted), pending and payments to apply. */
export function BalanceSummary({ balance }: { balance: BillingBalance }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { currency } = balance;
  return (
    <section className={classes.card} aria-labelledby="billing-balance-title">
      <h2 id="billing-balance-title">{t('billing.balance.title')}</h2>
      <dl className={classes.balance}>
        <div className={classes.figure}>
          <dt>{t('billing.balance.balance')}</dt>
          <dd>{money(balance.balance, currency)}</dd>
        </div>
        <div className={`${classes.figure} ${balance.overdue > 0 ? classes.overdue : ''}`}>
          <dt>{t('billing.balance.overdue')}</dt>
          <dd>
            {money(balance.overdue, currency)}
            <small>{t('billing.balance.overdueCount', { count: balance.overdueCount })}</small>
          </dd>
        </div>
        <div className={classes.figure}>
          <dt>{t('billing.balance.pending')}</dt>
          <dd>
            {money(balance.pending, currency)}
            <small>{t('billing.balance.pendingCount', { count: balance.pendingCount })}</small>
          </dd>
        </div>
        <div className={classes.figure}>
          <dt>{t('billing.balance.unapplied')}</dt>
          <dd>{money(balance.unapplied, currency)}</dd>
        </div>
      </dl>
    </section>
  );
}
