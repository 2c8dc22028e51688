import { defineArea } from '../../platform/area-manifest';
import { settingsRoutes } from './settings.routes';
import { settingsPolicies } from './settings.policy';

/** The settings area as the server registers it (platform/area-manifest.ts). */
export const settingsManifest = defineArea({
  area: 'settings',
  routes: [settingsRoutes],
  policies: Object.values(settingsPolicies),
});
