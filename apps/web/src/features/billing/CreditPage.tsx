import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { minorInSpanishWords } from '@patio/core/billing/money';
import type { Credit } from '@patio/core/schemas/billing';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { PageShell } from '../../ui/PageShell';
import { billingPath, idOf } from './billingPaths';
import { dayLabel, methodLabel } from './billingText';
import { CreditActions } from './CreditActions';
import { DistributionTable } from './DistributionTable';
import { ReceiptButton } from './ReceiptLinks';
import { useCredit } from './useBilling';
import { useMoney } from './useMoney';
import './billingStyles';
import classes from './billing.module.css';

/** The facts of a payment received, and its value in Spanish words as receipts carry it (spec §9). */
function CreditFacts({ credit }: { credit: Credit }) {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useSessionState((s) => s.language);
  const facts: Array<[string, string]> = [
    [t('billing.debit.student'), credit.person.name],
    [t('billing.credit.method'), methodLabel(t, credit.method)],
    [t('billing.credit.date'), dayLabel(credit.date, language)],
    [t('billing.credit.effectiveDate'), dayLabel(credit.effectiveDate, language)],
    [t('billing.credit.value'), money(credit.value, credit.currency)],
    [t('billing.credit.applied'), money(credit.applied, credit.currency)],
    [t('billing.credit.unapplied'), money(credit.unapplied, credit.currency)],
    ...(credit.reference ? [[t('billing.credit.reference'), credit.reference] as [string, string]] : []),
    ...(credit.createdBy ? [[t('billing.credit.createdBy'), credit.createdBy.name] as [string, string]] : []),
  ];
  return (
    <>
      <dl className={classes.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={classes.words}>
        <span className={classes.rowMeta}>{t('billing.credit.inWords')}: </span>
        <span lang="es">{minorInSpanishWords(credit.value, credit.currency)}</span>
      </p>
      {credit.note && <p className={classes.muted}>{credit.note}</p>}
    </>
  );
}

/**
 * /billing/credits/{creditId}: a payment received, how it was applied (distribution table), its
 * amount in words and receipt PDF; staff may apply or unapply it.
 */
export function CreditPage() {
  const { t } = useTranslation();
  const creditId = idOf(useParams().creditId);
  const credit = useCredit(creditId);
  const goBack = useGoBack(credit.data ? billingPath(credit.data.person.id) : '/more');
  const title = credit.data ? t('billing.credit.title', { number: credit.data.sequence }) : t('screens.credit');

  let body;
  if (creditId === null) body = <RefusalMessage error={new ApiError(404, null, '')} />;
  else if (credit.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (credit.isError) body = <RefusalMessage error={credit.error} onRetry={() => void credit.refetch()} />;
  else {
    const data = credit.data;
    body = (
      <div className={`${classes.page} ${classes.printable}`}>
        <section className={classes.card} aria-labelledby="credit-title">
          <h2 id="credit-title">{title}</h2>
          <CreditFacts credit={data} />
        </section>
        <div className={`${classes.actions} ${classes.noPrint}`}>
          <ReceiptButton creditId={data.id} sequence={data.sequence} />
          <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden="true" />} onClick={() => window.print()}>
            {t('billing.print')}
          </Button>
        </div>
        <section className={classes.card} aria-labelledby="credit-distribution">
          <h2 id="credit-distribution">{t('billing.distribution.creditTitle')}</h2>
          {data.distributions.length === 0 ? (
            <p className={classes.muted}>{t('billing.distribution.noneOnCredit')}</p>
          ) : (
            <DistributionTable distributions={data.distributions} currency={data.currency} side="credit" caption={t('billing.distribution.creditTitle')} />
          )}
        </section>
        {data.canManage && <CreditActions credit={data} />}
      </div>
    );
  }

  return (
    <PageShell title={title} onBack={goBack}>
      {body}
    </PageShell>
  );
}
