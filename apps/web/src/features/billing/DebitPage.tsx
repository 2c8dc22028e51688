import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { Debit } from '@patio/core/schemas/billing';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { Notice } from '../../ui/Notice';
import { PageShell } from '../../ui/PageShell';
import { billingPath, idOf } from './billingPaths';
import { dayLabel, periodLabel, statusLabel } from './billingText';
import { ConceptTable } from './ConceptTable';
import { DistributionTable } from './DistributionTable';
import { PayButton } from './PayButton';
import { PaymentNotice } from './PaymentNotice';
import { PaymentInProgress } from './PaymentInProgress';
import { ReceiptLinks } from './ReceiptLinks';
import { useDebit } from './useBilling';
import { useMoney } from './useMoney';
import './billingStyles';
import classes from './billing.module.css';

/** The facts on top of a debit: student, period, days, state and what is left to pay. */
function DebitFacts({ debit }: { debit: Debit }) {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useSessionState((s) => s.language);
  return (
    <dl className={classes.facts}>
      <div>
        <dt>{t('billing.debit.student')}</dt>
        <dd>
          <Link to={`/person/${debit.person.id}`}>{debit.person.name}</Link>
        </dd>
      </div>
      <div>
        <dt>{t('billing.debit.period')}</dt>
        <dd>{periodLabel(debit.period, language)}</dd>
      </div>
      <div>
        <dt>{t('billing.debit.issueDate')}</dt>
        <dd>{dayLabel(debit.issueDate, language)}</dd>
      </div>
      <div>
        <dt>{t('billing.debit.expirationDate')}</dt>
        <dd>{dayLabel(debit.expirationDate, language)}</dd>
      </div>
      <div>
        <dt>{t('billing.debit.status')}</dt>
        <dd>
          <span className={classes.status} data-status={debit.status}>
            {statusLabel(t, debit.status)}
          </span>
          {debit.paidOn && <> {t('billing.debit.paidOn', { date: dayLabel(debit.paidOn, language) })}</>}
        </dd>
      </div>
      <div>
        <dt>{t('billing.debit.balance')}</dt>
        <dd className={debit.status === 'overdue' ? classes.amountRed : classes.amount}>{money(debit.balance, debit.currency)}</dd>
      </div>
    </dl>
  );
}

/**
 * /billing/debits/{debitId} (the spec's billing-debit-debitId): the debit's lines and interest, what
 * paid it, Pay online when the caller may (or why the school takes no online payment), the notice and outcome after returning from the checkout
 * (?payment=), a printable sheet and the receipts of its payments.
 */
export function DebitPage() {
  const { t } = useTranslation();
  const debitId = idOf(useParams().debitId);
  const paymentId = idOf(useSearchParams()[0].get('payment'));
  const debit = useDebit(debitId);
  const goBack = useGoBack(debit.data ? billingPath(debit.data.person.id) : '/more');
  const title = debit.data ? t('billing.debit.title', { number: debit.data.sequence }) : t('screens.debit');

  let body;
  if (debitId === null) body = <RefusalMessage error={new ApiError(404, null, '')} />;
  else if (debit.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (debit.isError) body = <RefusalMessage error={debit.error} onRetry={() => void debit.refetch()} />;
  else {
    const data = debit.data;
    body = (
      <div className={`${classes.page} ${classes.printable}`}>
        {paymentId !== null && (
          <div className={classes.noPrint}>
            <PaymentNotice paymentId={paymentId} />
          </div>
        )}
        <section className={classes.card} aria-labelledby="debit-title">
          <h2 id="debit-title">
            {title}
            {data.description && <> · {data.description}</>}
          </h2>
          <DebitFacts debit={data} />
        </section>
        {paymentId === null && data.lastPayment && data.balance > 0 && (
          <div className={classes.noPrint}>
            <PaymentInProgress payment={data.lastPayment} />
          </div>
        )}
        {!data.paymentsAvailable && data.balance > 0 && (
          <div className={classes.noPrint}>
            <Notice>
              <strong>{t('billing.online.unavailableTitle')}</strong> {t('billing.online.unavailableBody')}
            </Notice>
          </div>
        )}
        <div className={`${classes.actions} ${classes.noPrint}`}>
          {data.canPay && data.balance > 0 && <PayButton debit={data} />}
          <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden="true" />} onClick={() => window.print()}>
            {t('billing.print')}
          </Button>
        </div>
        <section className={classes.card} aria-labelledby="debit-concepts">
          <h2 id="debit-concepts">{t('billing.concepts.title')}</h2>
          <ConceptTable debit={data} />
        </section>
        <section className={classes.card} aria-labelledby="debit-payments">
          <h2 id="debit-payments">{t('billing.distribution.debitTitle')}</h2>
          {data.distributions.length === 0 ? (
            <p className={classes.muted}>{t('billing.distribution.noneOnDebit')}</p>
          ) : (
            <>
              <DistributionTable distributions={data.distributions} currency={data.currency} side="debit" caption={t('billing.distribution.debitTitle')} />
              <ReceiptLinks distributions={data.distributions} />
            </>
          )}
        </section>
      </div>
    );
  }

  return (
    <PageShell title={title} onBack={goBack}>
      {body}
    </PageShell>
  );
}
