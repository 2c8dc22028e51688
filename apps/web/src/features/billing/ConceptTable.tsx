import { useTranslation } from 'react-i18next';
import type { Debit } from '@patio/core/schemas/billing';
import { formatNumber } from '@patio/core/format/numbers';
import { useSessionState } from '../../app/services';
import { useMoney } from './useMoney';
import classes from './billing.module.css';

/**
 * A debit's lines: its charges, the interest lines added when payments came after expiry, the
 * interest accruing until the next payment (not a line yet), and the totals.
 */
export function ConceptTable({ debit }: { debit: Debit }) {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useSessionState((s) => s.language);
  const { currency } = debit;
  return (
    <div className={classes.tableWrap} tabIndex={0} role="group" aria-label={t('billing.concepts.title')}>
      <table className={classes.table}>
        <thead>
          <tr>
            <th scope="col">{t('billing.concepts.concept')}</th>
            <th scope="col" className={classes.num}>
              {t('billing.concepts.value')}
            </th>
            <th scope="col" className={classes.num}>
              {t('billing.concepts.paid')}
            </th>
          </tr>
        </thead>
        <tbody>
          {debit.concepts.map((concept) => (
            <tr key={concept.id} className={concept.kind === 'interest' ? classes.interest : undefined}>
              <td>
                {concept.kind === 'interest' ? t('billing.concepts.interestLine', { name: concept.name }) : concept.name}
                {concept.observations && <div className={classes.rowMeta}>{concept.observations}</div>}
              </td>
              <td className={classes.num}>{money(concept.value, currency)}</td>
              <td className={classes.num}>{money(concept.paid, currency)}</td>
            </tr>
          ))}
          {debit.accruingInterest > 0 && (
            <tr className={classes.interest}>
              <td>
                {t('billing.concepts.accruing')}
                {debit.interestRule && <div className={classes.rowMeta}>{t('billing.concepts.rule', { rate: formatNumber(debit.interestRule.monthlyRatePercent, language), days: debit.interestRule.graceDays })}</div>}
              </td>
              <td className={classes.num}>{money(debit.accruingInterest, currency)}</td>
              <td className={classes.num}>—</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('billing.concepts.total')}</th>
            <td className={classes.num}>{money(debit.value + debit.interest, currency)}</td>
            <td className={classes.num}>{money(debit.paid, currency)}</td>
          </tr>
          <tr>
            <th scope="row">{t('billing.concepts.balance')}</th>
            <td className={classes.num} colSpan={2}>
              {money(debit.balance, currency)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
