import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DebitSummary } from '@patio/core/schemas/billing';
import { useSessionState } from '../../app/services';
import { debitPath } from './billingPaths';
import { dayLabel, periodLabel, statusLabel } from './billingText';
import { useMoney } from './useMoney';
import classes from './billing.module.css';

export interface DebitRowProps {
  debit: DebitSummary;
  /** The family view: several students in the list, so each row names its own. */
  showStudent: boolean;
}

/** A debit in the pending or paid list: period and description, the student, due or paid day, state and amount. */
export function DebitRow({ debit, showStudent }: DebitRowProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useSessionState((s) => s.language);
  const isPaid = debit.status === 'paid';
  return (
    <Link to={debitPath(debit.id)} className={classes.row}>
      <span className={classes.rowMain}>
        {/* The description usually names the period already ("Mensualidad marzo 2026"): the period stands in when there is none. */}
        <span className={classes.rowTitle}>{debit.description || periodLabel(debit.period, language)}</span>
        <span className={classes.rowMeta}>
          {showStudent && <>{debit.person.name} · </>}
          {isPaid && debit.paidOn ? t('billing.debit.paidOn', { date: dayLabel(debit.paidOn, language) }) : t('billing.debit.dueOn', { date: dayLabel(debit.expirationDate, language) })}
        </span>
        <span>
          <span className={classes.status} data-status={debit.status}>
            {statusLabel(t, debit.status)}
          </span>
        </span>
      </span>
      <span className={debit.status === 'overdue' ? classes.amountRed : classes.amount}>
        {isPaid ? money(debit.value + debit.interest, debit.currency) : money(debit.balance, debit.currency)}
      </span>
    </Link>
  );
}
