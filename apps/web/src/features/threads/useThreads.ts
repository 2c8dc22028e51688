import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Folder, MessageType, Post, Thread, ThreadAction, ThreadSummary } from '@patio/core/schemas/posts';
import { DEFAULT_PAGE_SIZE } from '@patio/core/constants';
import type { Page } from '../../app/api/apiClient';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { toThreadsQuery, type ThreadFilters } from './threadFilters';

// Every query here lives under ['threads', …]: the live connection invalidates that root when the
// server says a person's threads changed, so folders, counts and the open thread refresh together.

const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

type FolderPages = InfiniteData<Page<ThreadSummary>, number>;

/**
 * GET people/{me}/threads/{folder}?filters&page&limit: a folder's threads, page after page (X-Total-Count);
 * with `hidden`, only those of the types the school hides from lists (Hidden messages).
 */
export function useFolderThreads(personId: number | null, folder: Folder, filters: ThreadFilters, hidden = false) {
  const { api } = useServices();
  const query = { ...toThreadsQuery(filters), ...(hidden ? { hidden: 'true' } : {}) };
  return useInfiniteQuery({
    queryKey: ['threads', 'folder', folder, query],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.getPage<ThreadSummary>(`people/${personId}/threads/${folder}`, { query: { ...query, page: pageParam, limit: DEFAULT_PAGE_SIZE }, signal }),
    getNextPageParam: (last, pages) =>
      pages.length < Math.ceil(last.total / DEFAULT_PAGE_SIZE) && last.items.length > 0 ? pages.length + 1 : undefined,
    enabled: personId !== null,
    retry: noRetryOnRefusal,
  });
}

/** GET people/{me}/threads2/types: the message types with the caller's unread threads of each (spec §3, §7). */
export function useMessageTypes(personId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['threads', 'types'],
    queryFn: async ({ signal }) => (await api.getPage<MessageType>(`people/${personId}/threads2/types`, { query: { limit: 100 }, signal })).items,
    enabled: personId !== null,
    retry: noRetryOnRefusal,
  });
}

/**
 * The unread threads of hidden types (the badge of Hidden messages): one thread asked for, the count
 * read from X-Total-Count. Under ['threads'], so a new or read message refreshes it.
 */
export function useHiddenUnreadCount(personId: number | null, enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['threads', 'hiddenUnread'],
    queryFn: async ({ signal }) => (await api.getPage<ThreadSummary>(`people/${personId}/threads/feed`, { query: { hidden: 'true', status: 'unread', limit: 1 }, signal })).total,
    enabled: enabled && personId !== null,
    retry: noRetryOnRefusal,
  });
}

/** Unread threads over every message type: the Inbox badge. */
export function unreadTotal(types: readonly MessageType[] | undefined): number {
  return (types ?? []).reduce((sum, type) => sum + Math.max(0, type.unread), 0);
}

const MOVES: readonly ThreadAction[] = ['feed', 'archive', 'trash'];

/** What an action does to the loaded rows at once, before the server confirms it. */
function applyLocally(client: QueryClient, action: ThreadAction, ids: ReadonlySet<number>): void {
  client.setQueriesData<FolderPages>({ queryKey: ['threads', 'folder'] }, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => {
      if (MOVES.includes(action)) {
        const kept = page.items.filter((item) => !ids.has(item.id) || item.folder === action);
        return { items: kept, total: Math.max(0, page.total - (page.items.length - kept.length)) };
      }
      const unread = action === 'unread';
      return {
        ...page,
        items: page.items.map((item) => (ids.has(item.id) ? { ...item, unread, unreadCount: unread ? Math.max(1, item.unreadCount) : 0 } : item)),
      };
    });
    return { ...data, pages };
  });
}

export interface ThreadActionInput {
  action: ThreadAction;
  ids: number[];
}

/**
 * POST people/{me}/threads/{action} with the thread ids: moves them to a folder or marks them read or
 * unread. The rows change at once; every thread query is fetched again when the server answers.
 */
export function useThreadAction(personId: number | null) {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: ThreadActionInput) => api.post<unknown>(`people/${personId}/threads/${action}`, ids),
    onMutate: async ({ action, ids }) => {
      await client.cancelQueries({ queryKey: ['threads', 'folder'] });
      applyLocally(client, action, new Set(ids));
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['threads'] }),
  });
}

/**
 * GET people/{me}/threads/feed/{threadId}: the posts oldest first. Reading it marks the caller's
 * stubs read on the server, so once it arrives the folders and counts are fetched again (not the
 * thread itself, which would read it once more).
 */
export function useThread(personId: number | null, threadId: number) {
  const { api } = useServices();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['threads', 'thread', threadId],
    queryFn: ({ signal }) => api.get<Thread>(`people/${personId}/threads/feed/${threadId}`, { signal }),
    enabled: personId !== null && Number.isFinite(threadId),
    // Each opening asks the server, which is what marks the thread read.
    staleTime: 0,
    retry: noRetryOnRefusal,
  });
  const readAt = query.dataUpdatedAt;
  useEffect(() => {
    if (!readAt) return;
    void client.invalidateQueries({
      queryKey: ['threads'],
      predicate: ({ queryKey }) => !(queryKey[1] === 'thread' && queryKey[2] === threadId),
    });
  }, [client, readAt, threadId]);
  return query;
}

/** POST people/{me}/threads/feed/{threadId} {description}: a reply, delivered by the post's reply setting. */
export function useReply(personId: number | null, threadId: number) {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (description: string) => api.post<Post>(`people/${personId}/threads/feed/${threadId}`, { description }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['threads'] }),
  });
}
