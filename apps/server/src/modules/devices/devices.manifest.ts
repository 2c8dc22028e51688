import { defineArea } from '../../platform/area-manifest';
import { deviceRoutes } from './devices.routes';
import { devicePolicies } from './devices.policy';

/** The devices area as the server registers it (platform/area-manifest.ts). */
export const devicesManifest = defineArea({
  area: 'devices',
  routes: [deviceRoutes],
  policies: Object.values(devicePolicies),
  tables: ['devices'],
  personData: { devices: ['person_id'] },
});
