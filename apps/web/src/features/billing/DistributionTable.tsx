import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Distribution } from '@patio/core/schemas/billing';
import { useSessionState } from '../../app/services';
import { creditPath, debitPath } from './billingPaths';
import { dayLabel, methodLabel, periodLabel } from './billingText';
import { useMoney } from './useMoney';
import classes from './billing.module.css';

export interface DistributionTableProps {
  distributions: Distribution[];
  currency: string;
  /** On a debit each line names the payment that paid it; on a credit, the debit it paid. */
  side: 'debit' | 'credit';
  caption: string;
}

/** How payments were applied to a debit's lines, or how a payment was spread over debits. */
export function DistributionTable({ distributions, currency, side, caption }: DistributionTableProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useSessionState((s) => s.language);
  const total = distributions.reduce((sum, d) => sum + d.value, 0);
  return (
    <div className={classes.tableWrap} tabIndex={0} role="group" aria-label={caption}>
      <table className={classes.table}>
        <caption className={classes.srOnly}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{side === 'debit' ? t('billing.distribution.credit') : t('billing.distribution.debit')}</th>
            <th scope="col">{t('billing.distribution.date')}</th>
            <th scope="col" className={classes.num}>
              {t('billing.distribution.value')}
            </th>
          </tr>
        </thead>
        <tbody>
          {distributions.map((d) => {
            const concept = d.kind === 'interest' ? t('billing.concepts.interestLine', { name: d.conceptName }) : d.conceptName;
            return (
              <tr key={d.id}>
                <td>
                  {side === 'debit' ? (
                    <>
                      <Link to={creditPath(d.creditId)}>{t('billing.credit.number', { number: d.creditSequence })}</Link>
                      <div className={classes.rowMeta}>
                        {methodLabel(t, d.method)} · {concept}
                      </div>
                    </>
                  ) : (
                    <>
                      <Link to={debitPath(d.debitId)}>{t('billing.debit.number', { number: d.debitSequence })}</Link>
                      <div className={classes.rowMeta}>
                        {periodLabel(d.period, language)} · {concept}
                      </div>
                    </>
                  )}
                </td>
                <td>{dayLabel(d.date, language)}</td>
                <td className={classes.num}>{money(d.value, currency)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('billing.distribution.total')}
            </th>
            <td className={classes.num}>{money(total, currency)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
