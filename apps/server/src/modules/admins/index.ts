// The admins area to the rest of the server (.dependency-cruiser.cjs): who administers the school.
export { adminsRoutes } from './admins.routes';
export { adminsPolicies } from './admins.policy';
export { adminsManifest } from './admins.manifest';
