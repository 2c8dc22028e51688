import { defineArea } from '../../platform/area-manifest';
import { i18nRoutes } from './i18n.routes';
import { i18nPolicies } from './i18n.policy';

/** The i18n area as the server registers it (platform/area-manifest.ts). */
export const i18nManifest = defineArea({
  area: 'i18n',
  routes: [i18nRoutes],
  policies: Object.values(i18nPolicies),
  tables: ['i18n_overrides'],
});
