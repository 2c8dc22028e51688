import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Loader, NumberInput } from '@mantine/core';
import { formatNumber } from '@patio/core/format/numbers';
import { useSessionState } from '../../app/services';
import { RefusalMessage } from '../../app/RefusalMessage';
import { Notice } from '../../ui/Notice';
import { describeBillingError } from './billingErrors';
import { StudentBillingSetting } from './StudentBillingSetting';
import { useBillingSettings, useSaveInterestRule, type BillingSettings } from './useBillingAdmin';
import classes from './billing.module.css';

/** Staff: the school's interest rule (monthly rate after a grace period; 0 % turns it off), the currency and provider in use, and who sees a student's billing. */
export function InterestSettingsPanel() {
  const { t } = useTranslation();
  const settings = useBillingSettings();
  if (settings.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (settings.isError) return <RefusalMessage error={settings.error} onRetry={() => void settings.refetch()} resource="admin" />;
  return (
    <div className={classes.page}>
      <InterestForm settings={settings.data} />
      <StudentBillingSetting settings={settings.data} />
    </div>
  );
}

function InterestForm({ settings }: { settings: BillingSettings }) {
  const { t } = useTranslation();
  const save = useSaveInterestRule();
  // The rate is typed with the language's decimal mark (1,5 in Spanish, 1.5 in English).
  const decimalSeparator = formatNumber(1.5, useSessionState((s) => s.language)).charAt(1);
  const [rate, setRate] = useState<number | string>(settings.interest.monthlyRatePercent);
  const [grace, setGrace] = useState<number | string>(settings.interest.graceDays);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ monthlyRatePercent: Number(rate) || 0, graceDays: Math.trunc(Number(grace) || 0) });
  };

  return (
    <form className={`${classes.card} ${classes.page}`} onSubmit={handleSubmit} aria-labelledby="billing-settings-title">
      <h2 id="billing-settings-title">{t('billing.settings.title')}</h2>
      <p className={classes.muted}>{t('billing.settings.intro')}</p>
      <NumberInput label={t('billing.settings.rate')} description={t('billing.settings.rateHint')} min={0} max={10} step={0.1} decimalScale={2} decimalSeparator={decimalSeparator} allowNegative={false} suffix=" %" value={rate} onChange={setRate} />
      <NumberInput label={t('billing.settings.grace')} min={0} max={365} allowDecimal={false} allowNegative={false} value={grace} onChange={setGrace} />
      <dl className={classes.facts}>
        <div>
          <dt>{t('billing.settings.currency')}</dt>
          <dd>{settings.currency}</dd>
        </div>
        <div>
          <dt>{t('billing.settings.provider')}</dt>
          <dd>{settings.provider ? t(`billing.settings.providers.${settings.provider}`) : t('billing.settings.noProvider')}</dd>
        </div>
      </dl>
      {save.isError && <Notice tone="error">{describeBillingError(t, save.error)}</Notice>}
      {save.isSuccess && <Notice>{t('billing.settings.saved')}</Notice>}
      <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
        {t('billing.settings.save')}
      </Button>
    </form>
  );
}
