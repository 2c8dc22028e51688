import { defineArea } from '../../platform/area-manifest';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { invitationsRoutes } from './invitations.routes';
import { invitationsPolicies } from './invitations.policy';
import { invitationMailJob } from './invitation.notify';

type AnyJob = JobDefinition<never>;

/** The invitations area as the server registers it (platform/area-manifest.ts). */
export const invitationsManifest = defineArea({
  area: 'invitations',
  routes: [invitationsRoutes],
  policies: Object.values(invitationsPolicies),
  jobs: [invitationMailJob as AnyJob],
  tables: ['invitations'],
  personData: { invitations: ['person_id', 'sent_by'] },
});
