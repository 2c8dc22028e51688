import { defineArea } from '../../platform/area-manifest';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { activityOfferExpiryJob } from './activities.offers';
import { activitiesPolicies } from './activities.policy';
import { activitiesRoutes } from './activities.routes';

type AnyJob = JobDefinition<never>;

/** The activities area as the server registers it (platform/area-manifest.ts). */
export const activitiesManifest = defineArea({
  area: 'activities',
  routes: [activitiesRoutes],
  policies: Object.values(activitiesPolicies),
  jobs: [activityOfferExpiryJob] as AnyJob[],
  tables: ['activities', 'activity_requests', 'activity_debits'],
  personData: { activities: ['leader_id'], activity_requests: ['student_id', 'requested_by', 'decided_by'] },
});
