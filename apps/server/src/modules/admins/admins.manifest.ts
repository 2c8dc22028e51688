import { defineArea } from '../../platform/area-manifest';
import { adminsRoutes } from './admins.routes';
import { adminsPolicies } from './admins.policy';

/** The admins area as the server registers it (platform/area-manifest.ts). */
export const adminsManifest = defineArea({
  area: 'admins',
  routes: [adminsRoutes],
  policies: Object.values(adminsPolicies),
});
