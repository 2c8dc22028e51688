import { defineArea } from '../../platform/area-manifest';
import { importRoutes } from './import.routes';
import { importPolicies } from './import.policy';

/** The import area as the server registers it (platform/area-manifest.ts). */
export const importManifest = defineArea({
  area: 'import',
  routes: [importRoutes],
  policies: Object.values(importPolicies),
  tables: ['imports', 'import_rows'],
  personData: { imports: ['created_by'], import_rows: ['cells'] },
});
