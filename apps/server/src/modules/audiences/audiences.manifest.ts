import { defineArea } from '../../platform/area-manifest';
import { audienceRoutes } from './audiences.routes';
import { audiencePolicies } from './audiences.policy';

/** The audiences area as the server registers it (platform/area-manifest.ts). */
export const audiencesManifest = defineArea({
  area: 'audiences',
  routes: [audienceRoutes],
  policies: Object.values(audiencePolicies),
});
