import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import type { Payment } from '@patio/core/schemas/billing';
import { Notice } from '../../ui/Notice';
import { checkoutNavigator } from './checkoutNavigator';
import { useMoney } from './useMoney';

/**
 * The caller left a payment of this debit at the checkout: offer to continue it rather than start a
 * second one (two approved payments would leave the second as money to apply).
 */
export function PaymentInProgress({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const money = useMoney();
  const checkoutUrl = payment.checkoutUrl;
  if (payment.status !== 'pending' || checkoutUrl === null) return null;
  return (
    <Notice>
      {t('billing.pay.inProgress', { amount: money(payment.amount, payment.currency) })}{' '}
      <Button variant="light" size="compact-sm" onClick={() => checkoutNavigator.open(checkoutUrl)}>
        {t('billing.pay.continue')}
      </Button>
    </Notice>
  );
}
