// The allowed area to the rest of the server (.dependency-cruiser.cjs): POST allowed, the client's
// question "may I call these paths", answered by the routes' own policies.
export { allowedRoutes } from './allowed.routes';
export { allowedPolicies } from './allowed.policy';
export { allowedManifest } from './allowed.manifest';
