import { defineArea } from '../../platform/area-manifest';
import { appearanceRoutes } from './appearance.routes';
import { settingsRoutes } from './settings.routes';
import { settingsPolicies } from './settings.policy';

/** The settings area as the server registers it (platform/area-manifest.ts). */
export const settingsManifest = defineArea({
  area: 'settings',
  routes: [settingsRoutes, appearanceRoutes],
  policies: Object.values(settingsPolicies),
});
