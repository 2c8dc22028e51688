import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader, NativeSelect, VisuallyHidden } from '@mantine/core';
import { PeopleSearchField } from './PeopleSearchField';
import { IconUsers } from '@tabler/icons-react';
import { StatusMessage } from '../../ui/StatusMessage';
import { ROLES, labelOf } from './labels';
import { RefusalMessage } from '../../app/RefusalMessage';
import { usePeopleSearch } from './usePeople';
import { VirtualPeopleList } from './VirtualPeopleList';
import classes from './people.module.css';
import '../../ui/mantineStyles';

/** Typing waits this long before searching, so each keystroke does not ask the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface PeopleDirectoryProps {
  /** The groups one may filter by (value: node id), in tree order; the page that shows the directory knows the tree. */
  nodeOptions?: readonly { value: string; label: string }[];
}

/** The school directory: search by name or document, filter by role and group, endless virtual list. */
export function PeopleDirectory({ nodeOptions = [] }: PeopleDirectoryProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const role = params.get('role') ?? '';
  const node = params.get('node') ?? '';
  const [text, setText] = useState(q);

  const setParam = useCallback(
    (key: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === q) return undefined;
    const timer = setTimeout(() => setParam('q', trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParam]);

  const search = usePeopleSearch({ q, role, node });
  const people = useMemo(() => search.data?.pages.flatMap((p) => p.items) ?? [], [search.data]);
  const total = search.data?.pages[0]?.total ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const handleLoadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const filtered = Boolean(q || role || node);

  function clearFilters(): void {
    setText('');
    setParams(new URLSearchParams(params.get('tab') ? { tab: params.get('tab')! } : {}), { replace: true });
  }

  return (
    <section aria-labelledby="people-directory-title">
      <VisuallyHidden component="h2" id="people-directory-title">
        {t('people.directory')}
      </VisuallyHidden>
      <div className={classes.filters} role="search">
        <PeopleSearchField value={text} onSearch={setText} size="md" />
        <NativeSelect
          label={t('people.roleFilter')}
          value={role}
          onChange={(event) => setParam('role', event.currentTarget.value)}
          data={[{ value: '', label: t('people.allRoles') }, ...ROLES.map((r) => ({ value: r, label: labelOf(t, 'roles', r) }))]}
          size="md"
        />
        <NativeSelect
          label={t('people.nodeFilter')}
          value={node}
          onChange={(event) => setParam('node', event.currentTarget.value)}
          data={[{ value: '', label: t('people.allNodes') }, ...nodeOptions]}
          size="md"
        />
      </div>
      {search.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {search.isError && <RefusalMessage error={search.error} onRetry={() => void search.refetch()} />}
      {search.isSuccess && people.length === 0 && (
        <StatusMessage
          icon={<IconUsers size={36} />}
          title={filtered ? t('people.noMatchesTitle') : t('people.emptyTitle')}
          body={filtered ? t('people.noMatchesBody', { query: q || '…' }) : t('people.emptyBody')}
          actions={filtered ? [{ label: t('people.clearFilters'), onClick: clearFilters }] : []}
        />
      )}
      {people.length > 0 && (
        <>
          <p className={classes.count} aria-live="polite">
            {t('people.count', { count: total })}
          </p>
          <VirtualPeopleList people={people} total={total} label={t('people.results')} hasMore={Boolean(hasNextPage)} onLoadMore={handleLoadMore} />
          {isFetchingNextPage && <Loader role="status" size="sm" mx="auto" my="md" display="block" aria-label={t('people.loadingMore')} />}
        </>
      )}
    </section>
  );
}
