import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { appendQuery } from '@patio/core/query';
import type { CalendarFeed, FeedEvent } from '@patio/core/schemas/calendar';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** The window FullCalendar shows, as local dates ('YYYY-MM-DD', end exclusive). */
export interface FeedWindow {
  start: string;
  end: string;
}

const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);
export const feedsKey = (me: number | null) => ['calendar', 'feeds', me] as const;

/** GET people/{me}/calendar/feeds (spec §3 Calendar feed): the caller's calendars and which are shown. */
export function useCalendarFeeds(me: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: feedsKey(me),
    queryFn: ({ signal }) => api.get<CalendarFeed[]>(`people/${me}/calendar/feeds`, { signal }),
    enabled: me !== null,
    staleTime: 60_000,
    retry: noRetryOnRefusal,
  });
}

/**
 * PUT people/{me}/calendar/feeds/{id}: shows or hides a calendar. The checkbox moves at once and
 * goes back if the server refuses.
 */
export function useToggleFeed(me: number | null) {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      api.put<CalendarFeed>(`people/${me}/calendar/feeds/${encodeURIComponent(id)}`, { enabled }),
    onMutate: async ({ id, enabled }) => {
      await client.cancelQueries({ queryKey: feedsKey(me) });
      const before = client.getQueryData<CalendarFeed[]>(feedsKey(me));
      client.setQueryData<CalendarFeed[]>(feedsKey(me), (feeds) => feeds?.map((feed) => (feed.id === id ? { ...feed, enabled } : feed)));
      return { before };
    },
    onError: (_error, _vars, context) => client.setQueryData(feedsKey(me), context?.before),
    onSuccess: (saved) => client.setQueryData<CalendarFeed[]>(feedsKey(me), (feeds) => feeds?.map((feed) => (feed.id === saved.id ? { ...feed, ...saved } : feed))),
  });
}

export interface FeedEvents {
  feed: CalendarFeed;
  events: FeedEvent[];
  failed: boolean;
}

/**
 * GET {feed url}?start&end&…params for each shown calendar: one request per feed, so one that fails
 * (spec §8: feed failures are swallowed) leaves the others on screen.
 */
export function useFeedEvents(feeds: CalendarFeed[], window: FeedWindow | null) {
  const { api } = useServices();
  const shown = feeds.filter((feed) => feed.enabled);
  const results = useQueries({
    queries: shown.map((feed) => ({
      queryKey: ['calendar', 'events', feed.id, window?.start, window?.end],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<FeedEvent[]>(appendQuery(feed.url, { start: window?.start, end: window?.end, ...feed.params }), { signal }),
      enabled: window !== null,
      staleTime: 60_000,
      retry: noRetryOnRefusal,
      placeholderData: (previous: FeedEvent[] | undefined) => previous,
    })),
  });
  const byFeed: FeedEvents[] = shown.map((feed, index) => ({ feed, events: results[index]?.data ?? [], failed: results[index]?.isError ?? false }));
  return {
    byFeed,
    isFetching: results.some((result) => result.isFetching),
    hasFailure: results.some((result) => result.isError),
    retry: () => results.forEach((result) => result.isError && void result.refetch()),
  };
}
