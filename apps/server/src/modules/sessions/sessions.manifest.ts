import { defineArea } from '../../platform/area-manifest';
import { sessionRoutes } from './sessions.routes';
import { sessionPolicies } from './sessions.policy';

/** The sessions area as the server registers it (platform/area-manifest.ts). */
export const sessionsManifest = defineArea({
  area: 'sessions',
  routes: [sessionRoutes],
  policies: Object.values(sessionPolicies),
  tables: ['sessions'],
  personData: { sessions: ['person_id'] },
});
