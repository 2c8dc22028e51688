import { defineArea } from '../../platform/area-manifest';
import { liveRoutes } from './live.routes';
import { livePolicies } from './live.policy';

/** The live area as the server registers it (platform/area-manifest.ts). */
export const liveManifest = defineArea({
  area: 'live',
  routes: [liveRoutes],
  // `receive` is no route: the socket evaluates it on its auth message.
  policies: [livePolicies.connect],
});
