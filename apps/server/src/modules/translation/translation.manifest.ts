import { defineArea } from '../../platform/area-manifest';
import { translationPolicies } from './translation.policy';
import { translationRoutes } from './translation.routes';

/** The translation area as the server registers it (platform/area-manifest.ts). */
export const translationManifest = defineArea({
  area: 'translation',
  routes: [translationRoutes],
  policies: Object.values(translationPolicies),
  tables: ['post_translations'],
});
