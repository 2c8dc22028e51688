import { useQuery } from '@tanstack/react-query';
import { appendQuery } from '@patio/core/query';
import type { FeedEvent } from '@patio/core/schemas/calendar';
import { isRefusal } from '../../../app/api/ApiError';
import { useServices } from '../../../app/services';

/** The API path of a person's calendar as a staff viewer reads it (also what POST allowed is asked about). */
export function personCalendarApiPath(personId: number): string {
  return `people/${personId}/calendar/events`;
}

/** A month 'YYYY-MM' and the window the API reads for it: local dates, end exclusive. */
export function monthWindow(month: string): { start: string; end: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { start: `${month}-01`, end: `${next}-01` };
}

/** The month `delta` months from `month` ('YYYY-MM'). */
export function shiftMonth(month: string, delta: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The person's events of one month, one item per occurrence, sorted by start. */
export function usePersonEvents(personId: number, month: string) {
  const { api } = useServices();
  const window = monthWindow(month);
  return useQuery({
    queryKey: ['calendar', 'person', personId, window.start],
    queryFn: ({ signal }) => api.get<FeedEvent[]>(appendQuery(personCalendarApiPath(personId), window), { signal }),
    enabled: Number.isFinite(personId),
    staleTime: 60_000,
    retry: (count, error) => count < 1 && !isRefusal(error),
    // Paging months keeps the last month on screen until the next one arrives (not another person's).
    placeholderData: (previous, before) => (before?.queryKey[2] === personId ? previous : undefined),
  });
}
