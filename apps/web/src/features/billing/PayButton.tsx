import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import type { Debit } from '@patio/core/schemas/billing';
import { Notice } from '../../ui/Notice';
import { describeBillingError } from './billingErrors';
import { checkoutNavigator } from './checkoutNavigator';
import { useMoney } from './useMoney';
import { useStartPayment } from './useBilling';

/**
 * Pay online: each click gets its own Idempotency-Key; "Try again" after a failure sends that click's
 * key again (the mutation's variables) so the server answers the same payment; then off to the checkout.
 * A click while a payment is being started is ignored: the button shows it is busy only once the
 * mutation's state reaches React, after the second click of a double click (which would have started
 * a second payment under a key of its own).
 */
export function PayButton({ debit }: { debit: Debit }) {
  const { t } = useTranslation();
  const money = useMoney();
  const start = useStartPayment(debit.id);
  const starting = useRef(false);

  const pay = (key: string) => {
    if (starting.current) return;
    starting.current = true;
    start.mutate(key, {
      onSuccess: (payment) => {
        if (payment.checkoutUrl) checkoutNavigator.open(payment.checkoutUrl);
        else starting.current = false;
      },
      onError: () => {
        starting.current = false;
      },
    });
  };

  const leaving = start.isSuccess && start.data.checkoutUrl !== null;
  return (
    <div>
      <Button size="md" leftSection={<IconCreditCard size={20} aria-hidden="true" />} loading={start.isPending || leaving} onClick={() => pay(crypto.randomUUID())}>
        {t('billing.pay.button', { amount: money(debit.balance, debit.currency) })}
      </Button>
      {start.isError && (
        <Notice tone="error">
          {describeBillingError(t, start.error)}{' '}
          {start.variables && (
            <Button variant="subtle" size="compact-sm" onClick={() => pay(start.variables)}>
              {t('common.retry')}
            </Button>
          )}
        </Notice>
      )}
    </div>
  );
}
