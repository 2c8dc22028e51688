import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarSource } from '@patio/core/schemas/calendar';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

const SOURCES_KEY = ['calendar', 'sources'] as const;

export interface CalendarSourceDraft {
  name: string;
  url: string;
  nodeId: number | null;
}

/**
 * The school's external ICS calendars (administrators): GET calendar/sources; adding one fetches it
 * once on the server (POST, 201 or 422); refresh queues an import (POST …/refresh, 202); delete
 * removes it with its events. Feeds and calendar screens are refreshed after each change.
 */
export function useCalendarSources() {
  const { api } = useServices();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: SOURCES_KEY,
    queryFn: ({ signal }) => api.get<CalendarSource[]>('calendar/sources', { signal }),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
  const changed = () => client.invalidateQueries({ queryKey: ['calendar'] });
  const add = useMutation({
    mutationFn: (draft: CalendarSourceDraft) => api.post<CalendarSource>('calendar/sources', draft),
    onSuccess: changed,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.delete(`calendar/sources/${id}`),
    onSuccess: changed,
  });
  const refresh = useMutation({
    mutationFn: (id: number) => api.post(`calendar/sources/${id}/refresh`),
    onSuccess: () => client.invalidateQueries({ queryKey: SOURCES_KEY }),
  });
  return { list, add, remove, refresh };
}
