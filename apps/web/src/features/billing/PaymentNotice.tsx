import { useTranslation } from 'react-i18next';
import type { Payment } from '@patio/core/schemas/billing';
import { Notice } from '../../ui/Notice';
import { creditPath } from './billingPaths';
import { usePayment } from './useBilling';
import { useMoney } from './useMoney';
import { Link } from 'react-router';

/**
 * Back from the checkout (?payment=): spec §8 "after an online transaction, a notice says the outcome
 * may take a few minutes to show", while the payment is asked about until it is approved or declined.
 */
export function PaymentNotice({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const payment = usePayment(paymentId);
  const data: Payment | undefined = payment.data;

  if (data?.status === 'approved') {
    return (
      <Notice>
        <strong>{t('billing.payment.approvedTitle')}</strong> {t('billing.payment.approvedBody', { amount: money(data.amount, data.currency) })}{' '}
        {data.creditId !== null && <Link to={creditPath(data.creditId)}>{t('billing.payment.receipt')}</Link>}
      </Notice>
    );
  }
  if (data?.status === 'declined') {
    return (
      <Notice tone="error">
        <strong>{t('billing.payment.declinedTitle')}</strong> {t('billing.payment.declinedBody')}
      </Notice>
    );
  }
  return (
    <Notice>
      <strong>{t('billing.payment.pendingTitle')}</strong> {t('billing.payment.pendingBody')}
    </Notice>
  );
}
