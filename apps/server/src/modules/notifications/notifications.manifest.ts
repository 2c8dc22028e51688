import { defineArea } from '../../platform/area-manifest';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { notificationsRoutes } from './notifications.routes';
import { notificationPolicies } from './notifications.policy';
import { notificationJobs } from './notifications.jobs';
import { personalNoticeJobs } from './personal-notice.jobs';
import { unsubscribeRoutes } from './unsubscribe.routes';

type AnyJob = JobDefinition<never>;

/** The notifications area as the server registers it (platform/area-manifest.ts). */
export const notificationsManifest = defineArea({
  area: 'notifications',
  routes: [notificationsRoutes, unsubscribeRoutes],
  policies: Object.values(notificationPolicies),
  jobs: [...notificationJobs, ...personalNoticeJobs] as AnyJob[],
  tables: ['notification_deliveries', 'notification_notices', 'notification_settings'],
  personData: { notification_deliveries: ['person_id'], notification_notices: ['person_id'], notification_settings: ['person_id'] },
});
