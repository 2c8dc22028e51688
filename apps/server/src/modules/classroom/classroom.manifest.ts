import { defineArea } from '../../platform/area-manifest';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { classroomPolicies } from './classroom.policy';
import { classroomReminderJob } from './classroom.reminders';
import { classroomRoutes } from './classroom.routes';
import { submissionFileRoutes } from './classroom.files.routes';
import { guardianSummaryJob, guardianSummaryMailJob } from './classroom.summary';

type AnyJob = JobDefinition<never>;

/** The classroom area as the server registers it (platform/area-manifest.ts). */
export const classroomManifest = defineArea({
  area: 'classroom',
  routes: [classroomRoutes, submissionFileRoutes],
  policies: Object.values(classroomPolicies),
  // The due-date reminder (24 h before, once per student) and the weekly guardian summary (per school and week, once per reader).
  jobs: [classroomReminderJob, guardianSummaryJob, guardianSummaryMailJob] as AnyJob[],
  tables: ['classroom_posts', 'classroom_submissions', 'classroom_submission_changes', 'classroom_reminders', 'classroom_summaries'],
  personData: { classroom_submissions: ['student_id'], classroom_submission_changes: ['changed_by'], classroom_reminders: ['student_id'], classroom_summaries: ['person_id'] },
});
