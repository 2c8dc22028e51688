import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE } from '@patio/core/calendar/times';
import type { Settings } from '@patio/core/schemas/org';
import type { ApiClient } from './api/apiClient';
import { isRefusal } from './api/ApiError';
import { useServices, useSessionState } from './services';

// The school's time zone, which every screen showing a day or a time reads (the calendar, compose, the
// classroom's due dates, the settings): app-wide, so a screen that shows a date loads no calendar code.

/** The cache entry of the school's zone: the calendar, compose and the settings screen share it. */
export const SCHOOL_TIME_ZONE_KEY = ['calendar', 'timeZone'] as const;

function zoneOf(settings: Settings | null | undefined): string | null {
  const zone = settings?.timeZone;
  return typeof zone === 'string' && zone !== '' ? zone : null;
}

/** Query options reading the zone from GET vue/settings (null when the school has none set). */
export function schoolTimeZoneQuery(api: ApiClient) {
  return {
    queryKey: SCHOOL_TIME_ZONE_KEY,
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<Settings>('vue/settings', { signal }).then(zoneOf),
    staleTime: 30 * 60_000,
    retry: (count: number, error: unknown) => count < 1 && !isRefusal(error),
  };
}

/**
 * The school's time zone (GET vue/settings `timeZone`), or null until it is known: event days and
 * times are its wall clock, not the device's, and a guess would move a Madrid school's events by
 * hours. Settings kept in the session from before calendars existed have none, so they are asked
 * again; unset or unreadable means the default zone.
 */
export function useSchoolTimeZone(): string | null {
  const { api } = useServices();
  const cached = useSessionState((s) => zoneOf(s.settings));
  const query = useQuery({ ...schoolTimeZoneQuery(api), enabled: cached === null });
  if (cached !== null) return cached;
  if (query.isPending) return null;
  return query.data ?? DEFAULT_TIME_ZONE;
}
