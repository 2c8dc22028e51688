import { defineArea } from '../../platform/area-manifest';
import { idcardsPolicies } from './idcards.policy';
import { idcardsRoutes } from './idcards.routes';

/** The ID card area as the server registers it (platform/area-manifest.ts): a code, no tables. */
export const idcardsManifest = defineArea({
  area: 'idcards',
  routes: [idcardsRoutes],
  policies: Object.values(idcardsPolicies),
});
