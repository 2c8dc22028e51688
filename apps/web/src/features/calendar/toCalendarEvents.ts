import type { EventInput as CalendarItem } from '@fullcalendar/core';
import type { FeedEvent } from '@patio/core/schemas/calendar';
import { darkenForWhiteText } from '../../ui/color';
import type { FeedEvents } from './useCalendarFeeds';

/** Where an event opens: its post's thread, or its own detail screen. */
export interface CalendarPaths {
  thread: (threadId: number) => string;
  event: (eventId: number) => string;
}

export const CALENDAR_PATHS: CalendarPaths = {
  thread: (threadId) => `/calendar/threads/feed/${threadId}`,
  event: (eventId) => `/calendar/events/${eventId}`,
};

/** The screen an event of a feed opens: the one it names (a classroom due date's task), its post's thread, or its own detail. */
export function eventPathOf(event: Pick<FeedEvent, 'id' | 'post' | 'path'>, paths: CalendarPaths = CALENDAR_PATHS): string {
  if (event.path) return event.path;
  return event.post ? paths.thread(event.post.thread) : paths.event(event.id);
}

/**
 * The wall-clock time of an occurrence without its offset: the calendar shows the school's times, as
 * the event screen and the event form do, whatever zone the device is in ("14:00" in Bogotá reads
 * 14:00 on a phone set to Madrid too). All-day items keep their 'YYYY-MM-DD' days.
 */
export function wallClockOf(isoOrDay: string): string {
  return isoOrDay.length > 19 ? isoOrDay.slice(0, 19) : isoOrDay;
}

/** The feeds' occurrences as FullCalendar items, coloured by feed (shaded so white text stays readable). */
export function toCalendarEvents(byFeed: FeedEvents[], untitled: string, paths: CalendarPaths = CALENDAR_PATHS): CalendarItem[] {
  return byFeed.flatMap(({ feed, events }) => {
    const color = darkenForWhiteText(feed.color);
    return events.map((event) => ({
      id: `${feed.id}:${event.id}:${event.startDate}`,
      groupId: String(event.id),
      title: event.title.trim() || untitled,
      start: wallClockOf(event.start),
      // A moment (a classroom due date starts and ends at once) has no end: it shows its time alone.
      end: event.allDay || event.endDate > event.startDate ? wallClockOf(event.end) : undefined,
      allDay: event.allDay,
      url: eventPathOf(event, paths),
      backgroundColor: color,
      borderColor: color,
      textColor: '#FFFFFF',
      extendedProps: { eventId: event.id, feedId: feed.id, location: event.location },
    }));
  });
}
