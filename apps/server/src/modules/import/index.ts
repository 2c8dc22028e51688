// The import area to the rest of the server (.dependency-cruiser.cjs): class lists from spreadsheets.
export { importRoutes } from './import.routes';
export { importPolicies } from './import.policy';
