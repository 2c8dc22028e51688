import { defineArea } from '../../platform/area-manifest';
import { allowedRoutes } from './allowed.routes';
import { allowedPolicies } from './allowed.policy';

/** The allowed area as the server registers it (platform/area-manifest.ts). */
export const allowedManifest = defineArea({
  area: 'allowed',
  routes: [allowedRoutes],
  policies: Object.values(allowedPolicies),
});
