import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CreditSummary } from '@patio/core/schemas/billing';
import { useSessionState } from '../../app/services';
import { creditPath } from './billingPaths';
import { dayLabel, methodLabel } from './billingText';
import { useMoney } from './useMoney';
import classes from './billing.module.css';

export interface CreditRowProps {
  credit: CreditSummary;
  showStudent: boolean;
}

/** A payment received: number and method, day, the student, what is still to apply, and its value. */
export function CreditRow({ credit, showStudent }: CreditRowProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useSessionState((s) => s.language);
  return (
    <Link to={creditPath(credit.id)} className={classes.row}>
      <span className={classes.rowMain}>
        <span className={classes.rowTitle}>
          {t('billing.credit.number', { number: credit.sequence })} · {methodLabel(t, credit.method)}
        </span>
        <span className={classes.rowMeta}>
          {showStudent && <>{credit.person.name} · </>}
          {dayLabel(credit.date, language)}
          {credit.reference && <> · {t('billing.credit.referenceShort', { reference: credit.reference })}</>}
        </span>
        {credit.unapplied > 0 && <span className={classes.rowMeta}>{t('billing.credit.toApply', { amount: money(credit.unapplied, credit.currency) })}</span>}
      </span>
      <span className={classes.amount}>{money(credit.value, credit.currency)}</span>
    </Link>
  );
}
