import { defineArea } from '../../platform/area-manifest';
import { dashboardsPolicies } from './dashboards.policy';
import { dashboardsRoutes } from './dashboards.routes';

/** The dashboards area as the server registers it (platform/area-manifest.ts). */
export const dashboardsManifest = defineArea({
  area: 'dashboards',
  routes: [dashboardsRoutes],
  policies: Object.values(dashboardsPolicies),
  tables: ['dashboards', 'dashboard_blocks'],
  personData: { dashboards: ['created_by'] },
});
