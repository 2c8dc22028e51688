// The single sign-on area to the rest of the server (decision 020): Google, Office 365 and Apple sign-in
// (OpenID Connect authorization code with PKCE), the accounts linked to people, and their configuration.
// Other areas import from here only (.dependency-cruiser.cjs).
export { ssoRoutes } from './sso.routes';
export { ssoPolicies } from './sso.policy';
export { registerAppleRelay } from './apple-relay';
export { ssoManifest } from './sso.manifest';
