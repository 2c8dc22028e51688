import { defineArea } from '../../platform/area-manifest';
import { classroomPolicies } from './classroom.policy';
import { classroomRoutes } from './classroom.routes';

/** The classroom area as the server registers it (platform/area-manifest.ts). */
export const classroomManifest = defineArea({
  area: 'classroom',
  routes: [classroomRoutes],
  policies: Object.values(classroomPolicies),
  tables: ['classroom_posts', 'classroom_submissions', 'classroom_submission_changes'],
  personData: { classroom_submissions: ['student_id'], classroom_submission_changes: ['changed_by'] },
});
