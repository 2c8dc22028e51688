// The calendar area to the rest of the server (docs/decisions/014-calendar-events-and-who-sees-them.md):
// who sees an event, the events a person sees in a window, their feeds and a school's time zone.
// Calendar builds on posts (a post's event is for its readers), nodes and people; never the reverse.
export { eventAccess, canSeeEvent } from './calendar.access';
export { eventsForCaller, loadEventRecord } from './calendar.window';
export { feedsOf, feedOfEvent, findFeed, parseFeedId, seesFeed } from './calendar.feeds';
export { findCalendarReach, type CalendarReach } from './calendar.reach';
export type { CalendarEventRecord, EpochWindow, FeedId, FeedSelection } from './calendar.types';
export { calendarRoutes } from './calendar.routes';
export { calendarPolicies } from './calendar.policy';
export { calendarImportJob, type CalendarImportPayload } from './calendar.import.job';
export { calendarManifest } from './calendar.manifest';
