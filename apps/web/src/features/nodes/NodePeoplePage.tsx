import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { StatusMessage } from '../../ui/StatusMessage';
import { RefusalMessage } from '../../app/RefusalMessage';
import { PeopleSearchField, SEARCH_DEBOUNCE_MS, usePeopleSearch, VirtualPeopleList } from '../people';
import { DownloadMembersButton } from './DownloadMembersButton';
import { NodeFrame } from './NodeFrame';
import '../../ui/mantineStyles';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

/** /nodes/{nodeId}/people: everyone in the node and below it, searchable. */
export const NodePeoplePage = withDirectoryTerms(function NodePeoplePage() {
  const { t } = useTranslation();
  const nodeId = Number(useParams().nodeId);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = usePeopleSearch({ q, role: '', node: String(nodeId) });
  const people = useMemo(() => search.data?.pages.flatMap((p) => p.items) ?? [], [search.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const handleLoadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <NodeFrame nodeId={nodeId}>
      <DownloadMembersButton nodeId={nodeId} />
      <PeopleSearchField value={text} onSearch={setText} size="md" mb="md" />
      {search.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {search.isError && <RefusalMessage error={search.error} onRetry={() => void search.refetch()} />}
      {search.isSuccess && people.length === 0 && (
        <StatusMessage icon={<IconUsers size={36} />} title={q ? t('people.noMatchesTitle') : t('nodes.noPeopleTitle')} body={q ? t('people.noMatchesBody', { query: q }) : t('nodes.noPeopleBody')} />
      )}
      {people.length > 0 && (
        <VirtualPeopleList people={people} total={search.data?.pages[0]?.total ?? 0} label={t('nodes.people')} hasMore={Boolean(hasNextPage)} onLoadMore={handleLoadMore} />
      )}
    </NodeFrame>
  );
});
