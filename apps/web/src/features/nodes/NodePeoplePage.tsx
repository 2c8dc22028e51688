import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { PeopleSearchField } from '../people/PeopleSearchField';
import { IconUsers } from '@tabler/icons-react';
import { StatusMessage } from '../../ui/StatusMessage';
import { SEARCH_DEBOUNCE_MS } from '../people/PeopleDirectory';
import { RefusalMessage } from '../people/RefusalMessage';
import { usePeopleSearch } from '../people/usePeople';
import { VirtualPeopleList } from '../people/VirtualPeopleList';
import { DownloadMembersButton } from './DownloadMembersButton';
import { NodeFrame } from './NodeFrame';
import '../people/mantineStyles';
import { withDirectoryTerms } from '../people/withDirectoryTerms';

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
