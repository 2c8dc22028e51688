import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { Folder, PostTypeKey, ThreadAction } from '@patio/core/schemas/posts';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useSignedInId } from '../../app/session/useSignedInId';
import { Notice } from '../../ui/Notice';
import { PageShell } from '../../ui/PageShell';
import { usePostTypes } from '../posts';
import { EmptyFolder } from './EmptyFolder';
import { FilterPanel } from './FilterPanel';
import { FolderSwitcher } from './FolderSwitcher';
import { LoadMore } from './LoadMore';
import { SelectionBar } from './SelectionBar';
import { countActiveFilters, readFilters, withFilter, withoutFilters, type ThreadFilters } from './threadFilters';
import { ThreadList } from './ThreadList';
import { TypeChips } from './TypeChips';
import { useHiddenTypes } from '../posts';
import { useFolderThreads, useMessageTypes, useThreadAction } from './useThreads';
import classes from './threads.module.css';
import '../../ui/mantineStyles';

type Outcome = { tone: 'info' | 'error'; text: string };

const TITLES: Record<Folder, string> = { feed: 'screens.inbox', archive: 'screens.archive', trash: 'screens.trash' };

export interface FolderViewProps {
  folder: Folder;
  /** Hidden messages (/hidden): the inbox's threads of the types the school hides from lists. */
  hidden?: boolean;
}

/** A folder of one's threads (spec §2 /inbox, /threads/feed, /archive, /trash, /hidden): types, filters, list, selection. */
export function FolderView({ folder, hidden = false }: FolderViewProps) {
  const { t, i18n } = useTranslation();
  const me = useSignedInId();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const [panelKey, setPanelKey] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const looks = usePostTypes();
  const types = useMessageTypes(me);
  const hiddenTypes = useHiddenTypes();
  const list = useFolderThreads(me, folder, filters, hidden);
  const action = useThreadAction(me);
  const threads = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;
  const isFiltered = countActiveFilters(filters) > 0;

  const setFilter = useCallback(
    (key: keyof ThreadFilters, value: string) => {
      setSelected(new Set());
      setParams((current) => withFilter(current, key, value), { replace: true });
    },
    [setParams],
  );

  function clearFilters(): void {
    setSelected(new Set());
    setPanelKey((n) => n + 1);
    setParams((current) => withoutFilters(current), { replace: true });
  }

  function toggle(id: number): void {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  }

  function toggleAll(): void {
    const everyLoaded = threads.length > 0 && threads.every((thread) => selected.has(thread.id));
    setSelected(everyLoaded ? new Set() : new Set(threads.map((thread) => thread.id)));
  }

  function handleAction(kind: ThreadAction): void {
    const ids = threads.filter((thread) => selected.has(thread.id)).map((thread) => thread.id);
    if (ids.length === 0) return;
    setOutcome(null);
    action.mutate(
      { action: kind, ids },
      {
        onSuccess: () => {
          setSelected(new Set());
          setOutcome({ tone: 'info', text: t(`threads.selection.done.${kind}`, { count: ids.length }) });
        },
        onError: () => setOutcome({ tone: 'error', text: t('threads.selection.failed') }),
      },
    );
  }

  // The inbox groups by its (visible) message types; hidden messages are filtered by the hidden ones.
  const typeOptions = hidden
    ? (hiddenTypes ?? []).map((type) => ({ value: type.type, label: type.singular }))
    : (types.data ?? []).map((type) => ({ value: type.id, label: type.singular }));
  if (filters.type && !typeOptions.some((option) => option.value === filters.type)) {
    typeOptions.push({ value: filters.type, label: looks?.get(filters.type)?.singular ?? filters.type });
  }

  let body;
  if (me === null || list.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (list.isError) body = <RefusalMessage error={list.error} onRetry={() => void list.refetch()} />;
  else if (threads.length === 0) body = <EmptyFolder folder={hidden ? 'hidden' : folder} isFiltered={isFiltered} onClearFilters={clearFilters} />;
  else {
    body = (
      <>
        <ThreadList threads={threads} total={total} looks={looks} selected={selected} onToggle={toggle} onToggleAll={toggleAll} />
        <LoadMore hasMore={Boolean(list.hasNextPage)} isLoading={list.isFetchingNextPage} onLoadMore={() => void (list.isFetchingNextPage || list.fetchNextPage())} />
      </>
    );
  }

  const selectedCount = threads.filter((thread) => selected.has(thread.id)).length;
  return (
    <PageShell
      title={t(hidden ? 'screens.hidden' : TITLES[folder])}
      actions={
        <Link to="/compose" className={classes.composeLink}>
          <IconPencil size={18} aria-hidden="true" />
          <span>{t('threads.compose')}</span>
        </Link>
      }
    >
      <FolderSwitcher current={hidden ? 'hidden' : folder} />
      {hidden && hiddenTypes && hiddenTypes.length > 0 && (
        <p className={classes.hint}>
          {t('hiddenThreads.intro', { types: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(hiddenTypes.map((type) => type.plural)) })}
        </p>
      )}
      {!hidden && (
        <TypeChips types={types.data ?? []} selected={filters.type} showUnread={folder === 'feed'} onSelect={(type: PostTypeKey | '') => setFilter('type', type)} />
      )}
      {(isFiltered || threads.length > 0 || !list.isSuccess) && (
        <FilterPanel key={panelKey} filters={filters} typeOptions={typeOptions} onChange={setFilter} onClear={clearFilters} />
      )}
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      {selectedCount > 0 && (
        <SelectionBar folder={folder} count={selectedCount} isBusy={action.isPending} onAction={handleAction} onClear={() => setSelected(new Set())} />
      )}
      {body}
    </PageShell>
  );
}
