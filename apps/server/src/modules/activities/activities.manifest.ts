import { defineArea } from '../../platform/area-manifest';
import { activitiesPolicies } from './activities.policy';
import { activitiesRoutes } from './activities.routes';

/** The activities area as the server registers it (platform/area-manifest.ts). */
export const activitiesManifest = defineArea({
  area: 'activities',
  routes: [activitiesRoutes],
  policies: Object.values(activitiesPolicies),
  tables: ['activities', 'activity_requests'],
  personData: { activities: ['leader_id'], activity_requests: ['student_id', 'requested_by', 'decided_by'] },
});
