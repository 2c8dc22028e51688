import { z } from 'zod';
import { definePolicy, isSchoolAdmin, zId } from '../../policy/policy';

export const jobsPolicies = {
  /** GET admin/jobs: the school's background jobs (failed mails…), administrators only. */
  listJobs: definePolicy({ method: 'GET', path: 'admin/jobs', check: isSchoolAdmin }),
  /** POST admin/jobs/{id}/retry: runs a dead job again. */
  retryJob: definePolicy({ method: 'POST', path: 'admin/jobs/:id/retry', params: z.object({ id: zId }), check: isSchoolAdmin }),
};
