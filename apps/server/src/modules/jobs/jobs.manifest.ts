import { defineArea } from '../../platform/area-manifest';
import { jobsRoutes } from './jobs.routes';
import { jobsPolicies } from './jobs.policy';

/** The jobs area as the server registers it (platform/area-manifest.ts). */
export const jobsManifest = defineArea({
  area: 'jobs',
  routes: [jobsRoutes],
  policies: Object.values(jobsPolicies),
});
