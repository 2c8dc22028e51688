import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import type { CreditSummary, DebitSummary } from '@patio/core/schemas/billing';
import { RefusalMessage } from '../../app/RefusalMessage';
import { StatusMessage } from '../../ui/StatusMessage';
import type { BillingTab } from './billingTabs';
import { CreditRow } from './CreditRow';
import { DebitRow } from './DebitRow';
import { useBillingList } from './useBilling';
import classes from './billing.module.css';

export interface BillingListProps {
  personId: number;
  tab: BillingTab;
  /** The family has several students: rows name theirs. */
  isFamily: boolean;
}

const isDebitTab = (tab: BillingTab) => tab === 'pending' || tab === 'paid';

/** One tab's list, page after page, with its loading, failure and empty states. */
export function BillingList({ personId, tab, isFamily }: BillingListProps) {
  const { t } = useTranslation();
  const list = useBillingList<DebitSummary | CreditSummary>(personId, tab);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  if (list.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (list.isError) return <RefusalMessage error={list.error} onRetry={() => void list.refetch()} resource="person" />;
  if (items.length === 0) return <StatusMessage icon={<IconReceipt size={36} />} title={t(`billing.empty.${tab}Title`)} body={t(`billing.empty.${tab}Body`)} />;

  // Names on each row as soon as the list holds more than one student, even without the children's list.
  const showStudent = isFamily || new Set(items.map((item) => item.person.id)).size > 1;
  return (
    <>
      <p className={classes.muted}>{t(`billing.count.${tab}`, { count: total })}</p>
      <ul className={classes.list} aria-label={t(`billing.tabs.${tab}`)}>
        {items.map((item) => (
          <li key={item.id}>{isDebitTab(tab) ? <DebitRow debit={item as DebitSummary} showStudent={showStudent} /> : <CreditRow credit={item as CreditSummary} showStudent={showStudent} />}</li>
        ))}
      </ul>
      {list.hasNextPage && (
        <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} style={{ alignSelf: 'flex-start' }}>
          {t('billing.more')}
        </Button>
      )}
    </>
  );
}
