import { useParams, useSearchParams, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader, NativeSelect, Tabs } from '@mantine/core';
import { IconCashRegister, IconUsers } from '@tabler/icons-react';
import { ApiError, isRefusal } from '../../app/api/ApiError';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { BalanceSummary } from './BalanceSummary';
import { BillingList } from './BillingList';
import { billingAdminPath, idOf } from './billingPaths';
import { BILLING_TABS, billingTabOf, tabParamOf, type BillingTab } from './billingTabs';
import { StatementDownload } from './StatementDownload';
import { useBalance, useBillingChildren } from './useBilling';
import './billingStyles';
import classes from './billing.module.css';

/**
 * /billing/{personId}: the balance on top, then pending charges, paid items, payments to apply and
 * recent payments, one tab each (?tab=1…4, pending first: billingTabs.ts). A parent sees every
 * child's billing, each row naming its student, and may narrow it to one child (?child=).
 */
export function BillingPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/more');
  const personId = idOf(useParams().personId);
  const uid = useSessionState((s) => s.user?.id ?? null);
  const [search, setSearch] = useSearchParams();
  const tab = billingTabOf(search.get('tab'));
  const children = useBillingChildren(personId ?? 0, personId !== null).data ?? [];
  const isFamily = children.length > 1;
  const childId = idOf(search.get('child'));
  const child = isFamily ? children.find((c) => c.id === childId) : undefined;
  // A child picked in the filter is asked about on its own: its balance and its pages, as the server counts them.
  const shownId = child?.id ?? personId ?? 0;
  const balance = useBalance(shownId);
  const staffPath = `POST people/${shownId}/billing/credits`;
  const allowed = useAllowedPaths(personId === null ? [] : [staffPath]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next);
  };

  let body;
  if (personId === null) body = <RefusalMessage error={new ApiError(404, null, '')} resource="person" />;
  // A student of a school that keeps billing to the family (issue 29): say so, instead of a bare refusal.
  else if (balance.isError && balance.error instanceof ApiError && balance.error.status === 403 && personId === uid)
    body = <StatusMessage icon={<IconUsers size={36} />} title={t('billing.studentView.hiddenTitle')} body={t('billing.studentView.hiddenBody')} />;
  else if (balance.isError && isRefusal(balance.error)) body = <RefusalMessage error={balance.error} resource="person" />;
  else {
    body = (
      <div className={classes.page}>
        {balance.isPending ? <Loader role="status" size="sm" aria-label={t('common.loading')} /> : balance.isError ? <RefusalMessage error={balance.error} onRetry={() => void balance.refetch()} /> : <BalanceSummary balance={balance.data} />}
        {(isFamily || allowed?.[staffPath]) && (
          <div className={classes.filters}>
            {isFamily && (
              <NativeSelect
                label={t('billing.family.filter')}
                value={child ? String(child.id) : ''}
                onChange={(event) => update({ child: event.currentTarget.value || null })}
                data={[{ value: '', label: t('billing.family.all') }, ...children.map((c) => ({ value: String(c.id), label: `${c.firstName} ${c.lastName}` }))]}
              />
            )}
            {allowed?.[staffPath] && (
              <Button component={Link} to={billingAdminPath('payment', { person: String(shownId) })} variant="light" leftSection={<IconCashRegister size={18} aria-hidden="true" />}>
                {t('billing.recordPayment')}
              </Button>
            )}
          </div>
        )}
        <Tabs value={tab} onChange={(value) => value && update({ tab: tabParamOf(value as BillingTab) })} keepMounted={false}>
          <Tabs.List aria-label={t('billing.tabs.label')}>
            {BILLING_TABS.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(`billing.tabs.${name}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {BILLING_TABS.map((name) => (
            <Tabs.Panel key={name} value={name} pt="md">
              <div className={classes.page}>
                <BillingList personId={shownId} tab={name} isFamily={isFamily && !child} />
              </div>
            </Tabs.Panel>
          ))}
        </Tabs>
        <StatementDownload personId={shownId} />
      </div>
    );
  }

  return (
    <PageShell title={t('screens.billing')} onBack={goBack}>
      {body}
    </PageShell>
  );
}
