import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader, NativeSelect, NumberInput, Textarea, TextInput } from '@mantine/core';
import { appendQuery } from '@patio/core/query';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { IconMailForward, IconMoodHappy } from '@tabler/icons-react';
import { downloadWithToken } from '../../app/api/downloadWithToken';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSessionState } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { StatusMessage } from '../../ui/StatusMessage';
import { useNodeOptions } from '../nodes';
import { billingPath } from './billingPaths';
import { describeBillingError } from './billingErrors';
import { dayLabel } from './billingText';
import { useDebtors, useSendReminder, type DebtorFilters } from './useBillingAdmin';
import { useMoney } from './useMoney';
import classes from './billing.module.css';

/** Staff: the students with an overdue balance, by group and days overdue, and a payment reminder to their families. */
export function DebtorsPanel() {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useSessionState((s) => s.language);
  const baseUrl = useSessionState((s) => s.url);
  const token = useSessionState((s) => s.token);
  const nodes = useNodeOptions();
  const [filters, setFilters] = useState<DebtorFilters>({ node: '', minDaysOverdue: 0 });
  const debtors = useDebtors(filters);
  // The reminder goes to every debtor's family, whatever the filters: the dialog counts them all.
  const everyone = useDebtors({ node: '', minDaysOverdue: 0 });
  const everyoneCount = everyone.data?.pages[0]?.total ?? 0;
  const reminder = useSendReminder();
  const [asking, setAsking] = useState(false);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const items = debtors.data?.pages.flatMap((page) => page.items) ?? [];
  const total = debtors.data?.pages[0]?.total ?? 0;

  // Every debtor the filters keep, titled (and the CSV delimited) in the interface language.
  const download = (format: 'csv' | 'xlsx') => () =>
    downloadWithToken({
      baseUrl,
      token,
      path: appendQuery('billing/debtors.csv', {
        node: filters.node || null,
        minDaysOverdue: filters.minDaysOverdue || null,
        lang: dictionaryLanguageOf(matchInterfaceLanguage(language)),
        format: format === 'xlsx' ? 'xlsx' : null,
      }),
      fallbackName: `debtors.${format}`,
    });

  const send = () =>
    reminder.mutate({ title: title.trim() || undefined, message: message.trim() || undefined }, { onSettled: () => setAsking(false) });

  let list;
  if (debtors.isPending) list = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (debtors.isError) list = <RefusalMessage error={debtors.error} onRetry={() => void debtors.refetch()} resource="admin" />;
  else if (items.length === 0) list = <StatusMessage icon={<IconMoodHappy size={36} />} title={t('billing.debtors.emptyTitle')} body={t('billing.debtors.emptyBody')} />;
  else {
    list = (
      <>
        <p className={classes.muted}>{t('billing.debtors.count', { count: total })}</p>
        <Group gap="xs" align="flex-start">
          <DownloadButton download={download('csv')} label={t('billing.debtors.exportCsv')} failedText={t('billing.debtors.exportFailed')} />
          <DownloadButton download={download('xlsx')} label={t('billing.debtors.exportXlsx')} failedText={t('billing.debtors.exportFailed')} />
        </Group>
        <ul className={classes.list} aria-label={t('billing.admin.tabs.debtors')}>
          {items.map((debtor) => (
            <li key={debtor.person.id}>
              <Link to={billingPath(debtor.person.id)} className={classes.row}>
                <span className={classes.rowMain}>
                  <span className={classes.rowTitle}>{debtor.person.name}</span>
                  {debtor.relatives.length > 0 && <span className={classes.rowMeta}>{t('billing.debtors.family', { names: debtor.relatives.map((r) => r.name).join(', ') })}</span>}
                  <span className={classes.rowMeta}>
                    {t('billing.debtors.days', { count: debtor.daysOverdue })} · {t('billing.debtors.since', { date: dayLabel(debtor.oldestExpiration, language) })} · {t('billing.balance.overdueCount', { count: debtor.overdueCount })}
                  </span>
                </span>
                <span className={classes.amountRed}>{money(debtor.overdue, debtor.currency)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {debtors.hasNextPage && (
          <Button variant="default" loading={debtors.isFetchingNextPage} onClick={() => void debtors.fetchNextPage()} style={{ alignSelf: 'flex-start' }}>
            {t('billing.more')}
          </Button>
        )}
      </>
    );
  }

  return (
    <div className={classes.page}>
      <div className={classes.filters} role="group" aria-label={t('billing.debtors.filters')}>
        <NativeSelect label={t('billing.debtors.node')} value={filters.node} onChange={(event) => setFilters({ ...filters, node: event.currentTarget.value })} data={[{ value: '', label: t('billing.debtors.allNodes') }, ...nodes]} />
        <NumberInput
          label={t('billing.debtors.minDays')}
          min={0}
          max={3650}
          allowDecimal={false}
          allowNegative={false}
          value={filters.minDaysOverdue}
          onChange={(value) => setFilters({ ...filters, minDaysOverdue: typeof value === 'number' ? value : 0 })}
        />
      </div>
      {list}
      <section className={classes.card} aria-labelledby="billing-reminder">
        <h2 id="billing-reminder">{t('billing.reminder.title')}</h2>
        <p className={classes.muted}>{t('billing.reminder.intro')}</p>
        <TextInput label={t('billing.reminder.postTitle')} placeholder={t('billing.reminder.defaultTitle')} value={title} maxLength={200} onChange={(event) => setTitle(event.currentTarget.value)} mt="sm" />
        <Textarea label={t('billing.reminder.message')} placeholder={t('billing.reminder.defaultMessage')} value={message} maxLength={5000} autosize minRows={3} onChange={(event) => setMessage(event.currentTarget.value)} mt="sm" />
        <Button mt="md" leftSection={<IconMailForward size={18} aria-hidden="true" />} disabled={everyoneCount === 0} onClick={() => setAsking(true)}>
          {t('billing.reminder.send')}
        </Button>
        {reminder.isError && <Notice tone="error">{describeBillingError(t, reminder.error)}</Notice>}
        {reminder.isSuccess && <Notice>{t('billing.reminder.sent', { count: reminder.data.recipients })}</Notice>}
      </section>
      <ConfirmDialog
        opened={asking}
        title={t('billing.reminder.confirmTitle')}
        message={t('billing.reminder.confirm', { count: everyoneCount })}
        confirmLabel={t('billing.reminder.send')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        danger={false}
        busy={reminder.isPending}
        onConfirm={send}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
