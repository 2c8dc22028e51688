import { defineArea } from '../../platform/area-manifest';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { registrationRoutes } from './registration.routes';
import { registrationPolicies } from './registration.policy';
import { registrationMailJob } from './registration.notify';

type AnyJob = JobDefinition<never>;

/** The registration area as the server registers it (platform/area-manifest.ts). */
export const registrationManifest = defineArea({
  area: 'registration',
  routes: [registrationRoutes],
  policies: Object.values(registrationPolicies),
  jobs: [registrationMailJob as AnyJob],
  tables: ['registrations', 'registration_links', 'registration_link_decisions'],
  personData: { registrations: ['person_id', 'decided_by', 'form'], registration_links: ['person_id', 'sent_by', 'sent_to'], registration_link_decisions: ['registrant_id', 'person_id', 'decided_by', 'decided_by_name'] },
});
