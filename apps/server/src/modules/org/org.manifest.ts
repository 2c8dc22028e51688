import { defineArea } from '../../platform/area-manifest';
import { directoryRoutes } from './org.routes';

/** The org area as the server registers it (platform/area-manifest.ts). */
export const orgManifest = defineArea({
  area: 'org',
  rootRoutes: [directoryRoutes],
  tables: ['orgs'],
});
