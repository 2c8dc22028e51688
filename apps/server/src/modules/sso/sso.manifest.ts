import { defineArea } from '../../platform/area-manifest';
import { ssoRoutes } from './sso.routes';
import { ssoPolicies } from './sso.policy';
import { registerAppleRelay } from './apple-relay';

/** The sso area as the server registers it (platform/area-manifest.ts). */
export const ssoManifest = defineArea({
  area: 'sso',
  routes: [ssoRoutes],
  // Apple posts its sign-in answer (form_post) outside any school path; the web app's callback reads it as a query (decision 020).
  rootRoutes: [registerAppleRelay],
  policies: Object.values(ssoPolicies),
  tables: ['sign_in_links', 'sign_in_states'],
  personData: { sign_in_links: ['person_id', 'subject', 'email'] },
});
