import { defineArea } from '../../platform/area-manifest';
import { proxyRoutes } from './proxy.routes';

/** The image proxy as the server registers it (platform/area-manifest.ts): one root route, no tables. */
export const proxyManifest = defineArea({
  area: 'proxy',
  rootRoutes: [proxyRoutes],
});
