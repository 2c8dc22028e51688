// The org area to the rest of the server: schools by code (cached) and the public school directory.
// Other areas import from here only (.dependency-cruiser.cjs).
export { directoryRoutes } from './org.routes';
export { cachedOrg, forgetCachedOrgs } from './org.cache';
export { findOrgByCode, findOrgById, insertOrg, lockOrg, updateOrgAppearance, updateOrgSettings } from './org.queries';
export { orgManifest } from './org.manifest';
