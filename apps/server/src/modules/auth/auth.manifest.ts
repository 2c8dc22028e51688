import { defineArea } from '../../platform/area-manifest';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { authRoutes } from './auth.routes';
import { authPolicies } from './auth.policy';
import { passwordChangePolicies } from './password-change.routes';
import { passwordResetJob } from './password-reset.job';
import { signInLinkJob } from './sign-in-link.job';

type AnyJob = JobDefinition<never>;

/** The auth area as the server registers it (platform/area-manifest.ts). */
export const authManifest = defineArea({
  area: 'auth',
  routes: [authRoutes],
  policies: [...Object.values(authPolicies), ...Object.values(passwordChangePolicies)],
  jobs: [passwordResetJob as AnyJob, signInLinkJob as AnyJob],
  tables: ['login_tokens'],
  personData: { login_tokens: ['person_id', 'created_by'] },
});
