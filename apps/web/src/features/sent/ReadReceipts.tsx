import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Button, Loader, SegmentedControl, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { RefusalMessage } from '../../app/RefusalMessage';
import { SEARCH_DEBOUNCE_MS } from '../people';
import { ExportStubsButton } from './ExportStubsButton';
import { StubRow } from './StubRow';
import { useStubCounts, useStubs, type StubStatus } from './useSent';
import classes from './sent.module.css';

/** Spec §2 /sent/{postId}: every recipient, read or not, with counts, a filter, a name search and the CSV. */
export function ReadReceipts({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StubStatus>('any');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const counts = useStubCounts(postId);
  const stubs = useStubs(postId, status, q);
  const items = useMemo(() => stubs.data?.pages.flatMap((page) => page.items) ?? [], [stubs.data]);
  const total = counts.data?.total;
  const countOf = (value: StubStatus) => (counts.data ? ` (${value === 'any' ? counts.data.total : counts.data[value]})` : '');

  let list;
  if (stubs.isPending) list = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (stubs.isError) list = <RefusalMessage error={stubs.error} onRetry={() => void stubs.refetch()} />;
  else if (items.length === 0) {
    list = (
      <Text c="gray.7" role="status">
        {q ? t('sentPosts.noMatches', { query: q }) : status === 'unread' ? t('sentPosts.allRead') : status === 'read' ? t('sentPosts.noneRead') : t('sentPosts.noRecipients')}
      </Text>
    );
  } else {
    list = (
      <>
        <ul className={classes.stubs} aria-label={t('sentPosts.recipientsList')}>
          {items.map((stub) => (
            <StubRow key={stub.person.id} stub={stub} />
          ))}
        </ul>
        {stubs.hasNextPage && (
          <Button variant="default" fullWidth mt="sm" loading={stubs.isFetchingNextPage} onClick={() => void stubs.fetchNextPage()}>
            {t('sentPosts.loadMoreRecipients')}
          </Button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="read-receipts" className={classes.receiptsSection}>
      <div className={classes.receiptsHead}>
        <h2 id="read-receipts" className={classes.sectionTitle}>
          {t('sentPosts.receipts')}
        </h2>
        <ExportStubsButton postId={postId} status={status} q={q} />
      </div>
      {counts.data && (
        <p className={classes.summary} aria-live="polite">
          {t('sentPosts.readBy', { read: counts.data.read, count: counts.data.total })}
        </p>
      )}
      <SegmentedControl
        value={status}
        onChange={(value) => setStatus(value as StubStatus)}
        data={[
          { value: 'any', label: `${t('sentPosts.filterAll')}${countOf('any')}` },
          { value: 'read', label: `${t('sentPosts.filterRead')}${countOf('read')}` },
          { value: 'unread', label: `${t('sentPosts.filterUnread')}${countOf('unread')}` },
        ]}
        fullWidth
        aria-label={t('sentPosts.filterLabel')}
      />
      {(total === undefined || total > 0) && (
        <TextInput
          type="search"
          label={t('sentPosts.searchLabel')}
          placeholder={t('sentPosts.searchPlaceholder')}
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      )}
      {list}
    </section>
  );
}
