// The i18n area to the rest of the server (.dependency-cruiser.cjs): each school's term maps.
export { i18nRoutes } from './i18n.routes';
export { i18nPolicies } from './i18n.policy';
export { upsertTermOverrides } from './i18n.queries';
export { i18nManifest } from './i18n.manifest';
