import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Loader, SegmentedControl } from '@mantine/core';
import { IconMoodHappy } from '@tabler/icons-react';
import { RefusalMessage } from '../../app/RefusalMessage';
import { StatusMessage } from '../../ui/StatusMessage';
import { RefundRow } from './RefundRow';
import { useRefunds } from './useBillingAdmin';
import classes from './billing.module.css';

/**
 * Staff: online payments approved after their debit was paid (issue 29). The money waits on the
 * family's credit to apply; treasury refunds or settles it, then marks it done with a note.
 */
export function RefundsPanel() {
  const { t } = useTranslation();
  const [state, setState] = useState<'open' | 'done'>('open');
  const refunds = useRefunds(state);
  const items = refunds.data?.pages.flatMap((page) => page.items) ?? [];

  let list;
  if (refunds.isPending) list = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (refunds.isError) list = <RefusalMessage error={refunds.error} onRetry={() => void refunds.refetch()} resource="admin" />;
  else if (items.length === 0) list = <StatusMessage icon={<IconMoodHappy size={36} />} body={state === 'open' ? t('billing.refunds.emptyOpen') : t('billing.refunds.emptyDone')} />;
  else {
    list = (
      <>
        <ul className={classes.list} aria-label={t('billing.refunds.title')}>
          {items.map((refund) => (
            <RefundRow key={refund.id} refund={refund} />
          ))}
        </ul>
        {refunds.hasNextPage && (
          <Button variant="default" loading={refunds.isFetchingNextPage} onClick={() => void refunds.fetchNextPage()} style={{ alignSelf: 'flex-start' }}>
            {t('billing.refunds.more')}
          </Button>
        )}
      </>
    );
  }

  return (
    <div className={classes.page}>
      <section className={classes.card} aria-labelledby="billing-refunds">
        <h2 id="billing-refunds">{t('billing.refunds.title')}</h2>
        <p className={classes.muted}>{t('billing.refunds.intro')}</p>
      </section>
      <SegmentedControl
        aria-label={t('billing.refunds.state')}
        value={state}
        onChange={(value) => setState(value === 'done' ? 'done' : 'open')}
        data={[
          { value: 'open', label: t('billing.refunds.open') },
          { value: 'done', label: t('billing.refunds.done') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {list}
    </div>
  );
}
