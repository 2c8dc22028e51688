import { defineArea } from '../../platform/area-manifest';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { attendanceRoutes } from './attendance.routes';
import { attendancePolicies } from './attendance.policy';
import { attendanceAlertJob } from './attendance.alert.job';
import { attendanceReportAccess, rollAccess } from './attendance.access';

type AnyJob = JobDefinition<never>;

/** The attendance area as the server registers it (platform/area-manifest.ts). */
export const attendanceManifest = defineArea({
  area: 'attendance',
  routes: [attendanceRoutes],
  policies: Object.values(attendancePolicies),
  jobs: [attendanceAlertJob as AnyJob],
  access: { rollAccess, attendanceReportAccess },
  tables: ['attendance_checkpoints', 'attendance_records', 'attendance_changes'],
  personData: { attendance_records: ['person_id', 'marked_by'], attendance_changes: ['marked_by'] },
});
