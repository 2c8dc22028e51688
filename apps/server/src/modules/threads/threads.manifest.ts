import { defineArea } from '../../platform/area-manifest';
import { threadsRoutes } from './threads.routes';
import { threadsPolicies } from './threads.policy';

/** The threads area as the server registers it (platform/area-manifest.ts). */
export const threadsManifest = defineArea({
  area: 'threads',
  routes: [threadsRoutes],
  policies: Object.values(threadsPolicies),
});
