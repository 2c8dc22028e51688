import { defineArea } from '../../platform/area-manifest';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { transportRoutes, registerSharePage } from './transport.routes';
import { transportAlertRoutes } from './transport.alerts.routes';
import { transportSetupRoutes } from './transport.setup.routes';
import { transportPolicies } from './transport.policy';
import { alertPolicies } from './transport.alerts.policy';
import { routeAccess } from './transport.access';
import { transportLiveTopic } from './transport.live';
import { positionsPurgeJob } from './transport.purge';

type AnyJob = JobDefinition<never>;

/** The transport area as the server registers it (platform/area-manifest.ts). */
export const transportManifest = defineArea({
  area: 'transport',
  routes: [transportRoutes, transportAlertRoutes, transportSetupRoutes],
  webRoutes: [registerSharePage],
  policies: [...Object.values(transportPolicies), ...Object.values(alertPolicies)],
  jobs: [positionsPurgeJob as AnyJob],
  liveTopics: [transportLiveTopic],
  access: { routeAccess },
  tables: ['transport_routes', 'transport_runs', 'transport_shares', 'transport_alerts', 'transport_alert_sends', 'route_stops', 'route_riders', 'route_log', 'geo_targets', 'geo_positions'],
  personData: { transport_routes: ['driver_id', 'monitor_id'], transport_runs: ['started_by', 'finished_by'], transport_shares: ['created_by'], transport_alerts: ['person_id'], transport_alert_sends: ['person_id'], route_riders: ['person_id'], route_log: ['person_id', 'actor_id'], geo_positions: ['reporter_id'] },
});
