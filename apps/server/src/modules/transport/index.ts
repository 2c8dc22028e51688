// The transport area to the rest of the server (.dependency-cruiser.cjs): bus routes, their runs and
// log, the tracked buses' positions, share links and the live topic of a route (issue 13).
export { transportRoutes, registerSharePage } from './transport.routes';
export { transportAlertRoutes } from './transport.alerts.routes';
export { transportSetupRoutes } from './transport.setup.routes';
export { transportPolicies } from './transport.policy';
export { routeAccess } from './transport.access';
export { routeBusTopic, transportLiveTopic, type RouteEventMessage, type RoutePositionMessage } from './transport.live';
export { positionsPurgeJob, type PositionsPurgePayload } from './transport.purge';
export { insertRouteStops, insertTarget, updateStopTimes, upsertRouteRider, upsertTransportRoute } from './transport.queries';
export { listRoutes } from './transport.read';
export { transportManifest } from './transport.manifest';
