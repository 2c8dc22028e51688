import { defineArea } from '../../platform/area-manifest';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { calendarRoutes } from './calendar.routes';
import { calendarPolicies } from './calendar.policy';
import { calendarIcsPolicies } from './calendar.ics.policy';
import { calendarSourcesPolicies } from './calendar.sources.policy';
import { eventAccess } from './calendar.access';
import { calendarImportJob } from './calendar.import.job';

type AnyJob = JobDefinition<never>;

/** The calendar area as the server registers it (platform/area-manifest.ts). */
export const calendarManifest = defineArea({
  area: 'calendar',
  routes: [calendarRoutes],
  policies: [...Object.values(calendarPolicies), ...Object.values(calendarIcsPolicies), ...Object.values(calendarSourcesPolicies)],
  jobs: [calendarImportJob as AnyJob],
  access: { eventAccess },
  tables: ['calendar_events', 'calendar_feed_prefs', 'calendar_rsvps', 'calendar_sources', 'calendar_subscriptions'],
  personData: { calendar_events: ['author_id'], calendar_feed_prefs: ['person_id'], calendar_rsvps: ['person_id'], calendar_sources: ['created_by'], calendar_subscriptions: ['person_id'] },
});
