import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ThreadSummary } from '@patio/core/schemas/posts';
import type { Page } from '../../app/api/apiClient';
import { useSignedInId } from '../../app/session/useSignedInId';
import { unreadTotal, useMessageTypes } from '../threads';
import { closeNotificationsOfReadThreads, showUnreadOnBadge } from './appBadge';

/** Threads the loaded folder lists show as read. */
function readThreadIds(client: QueryClient): Set<number> {
  const read = new Set<number>();
  for (const [, data] of client.getQueriesData<{ pages: Page<ThreadSummary>[] }>({ queryKey: ['threads', 'folder'] })) {
    for (const page of data?.pages ?? []) for (const item of page.items) if (!item.unread) read.add(item.id);
  }
  return read;
}

/**
 * Keeps the app icon's badge at the inbox's unread count, and closes the notifications of threads
 * read since (all of them once nothing is unread). Renders nothing; it shares the inbox badge's query.
 */
export function AppBadgeSync() {
  const client = useQueryClient();
  const types = useMessageTypes(useSignedInId());
  const unread = types.data ? unreadTotal(types.data) : null;

  useEffect(() => {
    if (unread === null) return;
    void showUnreadOnBadge(unread);
    const read = readThreadIds(client);
    void closeNotificationsOfReadThreads((thread) => unread === 0 || read.has(thread));
  }, [client, unread, types.dataUpdatedAt]);

  return null;
}
