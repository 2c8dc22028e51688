import { defineArea } from '../../platform/area-manifest';
import { personAddressedRoutes } from './person-addressed.routes';
import { personOverviewRoutes } from './person-overview.routes';
import { persontabPolicies } from './persontab.policy';

/**
 * The person tab of the staff workspace (issue 36 §1) as the server registers it: reads only, no
 * tables. An area of its own because it gathers facts of people, attendance, billing, transport and
 * threads, all of which build on people: inside people it would close a loop of areas.
 */
export const persontabManifest = defineArea({
  area: 'persontab',
  routes: [personOverviewRoutes, personAddressedRoutes],
  policies: Object.values(persontabPolicies),
});
