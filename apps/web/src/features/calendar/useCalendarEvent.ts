import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarEvent, EventInput, RsvpAnswer, RsvpList, RsvpSummary } from '@patio/core/schemas/calendar';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);
export const eventKey = (id: number) => ['calendar', 'event', id] as const;
const rsvpsKey = (id: number) => ['calendar', 'rsvps', id] as const;

/** GET calendar/events/{id}: the detail with RSVP state and the next dates (404 when not for the caller). */
export function useCalendarEvent(id: number, enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: eventKey(id),
    queryFn: ({ signal }) => api.get<CalendarEvent>(`calendar/events/${id}`, { signal }),
    enabled: enabled && Number.isInteger(id) && id > 0,
    staleTime: 30_000,
    retry: noRetryOnRefusal,
  });
}

/** GET calendar/events/{id}/rsvps: who answered, for the author and administrators (asked when opened). */
export function useRsvpList(id: number, enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: rsvpsKey(id),
    queryFn: ({ signal }) => api.get<RsvpList>(`calendar/events/${id}/rsvps`, { signal }),
    enabled,
    retry: noRetryOnRefusal,
  });
}

/** PUT (an answer) or DELETE (withdrawn) calendar/events/{id}/rsvp; the counts come back with it. */
export function useRsvp(id: number) {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: RsvpAnswer | null) =>
      answer === null ? api.delete<RsvpSummary>(`calendar/events/${id}/rsvp`) : api.put<RsvpSummary>(`calendar/events/${id}/rsvp`, { answer }),
    onSuccess: (rsvp) => {
      client.setQueryData<CalendarEvent>(eventKey(id), (event) => (event ? { ...event, rsvp } : event));
      void client.invalidateQueries({ queryKey: rsvpsKey(id) });
    },
  });
}

/** Forgets what the calendar showed, after an event was created, changed or deleted. */
function refreshCalendar(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: ['calendar', 'events'] });
  void client.invalidateQueries({ queryKey: ['calendar', 'feeds'] });
}

/** POST calendar/events: an event on a group's calendar. */
export function useCreateEvent() {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput & { nodeId: number }) => api.post<CalendarEvent>('calendar/events', input),
    onSuccess: (event) => {
      client.setQueryData(eventKey(event.id), event);
      refreshCalendar(client);
    },
  });
}

/** PUT calendar/events/{id}: the whole event again. */
export function useUpdateEvent(id: number) {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) => api.put<CalendarEvent>(`calendar/events/${id}`, input),
    onSuccess: (event) => {
      client.setQueryData(eventKey(id), event);
      refreshCalendar(client);
    },
  });
}

/** DELETE calendar/events/{id}. */
export function useDeleteEvent(id: number) {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>(`calendar/events/${id}`),
    onSuccess: () => {
      client.removeQueries({ queryKey: eventKey(id) });
      refreshCalendar(client);
    },
  });
}
