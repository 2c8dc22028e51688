import type { FastifyInstance } from 'fastify';
import { calendarEventsRoutes } from './calendar.events.routes';
import { calendarFeedsRoutes } from './calendar.feeds.routes';
import { calendarIcsRoutes } from './calendar.ics.routes';
import { calendarSourcesRoutes } from './calendar.sources.routes';
import { calendarRsvpRoutes } from './calendar.rsvp.routes';

/** The calendar's event routes under /api/{org}/: feeds, the window, one event, node events, RSVP. */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  await calendarFeedsRoutes(app);
  await calendarEventsRoutes(app);
  await calendarRsvpRoutes(app);
  // ICS files, private subscriptions and external feeds (decision 015).
  await calendarIcsRoutes(app);
  await calendarSourcesRoutes(app);
}
