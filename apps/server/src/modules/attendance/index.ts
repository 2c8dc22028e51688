// The attendance area to the rest of the server (.dependency-cruiser.cjs): checkpoints on nodes, the
// day's roll and its marks, the families' absence alerts, reports (issue 15; docs/decisions/021-attendance.md).
export { attendanceRoutes } from './attendance.routes';
export { attendancePolicies } from './attendance.policy';
export { attendanceAlertJob, type AttendanceAlertPayload } from './attendance.alert.job';
export { attendanceReportAccess, takesRollOf } from './attendance.access';
export { todayAt } from './attendance.days';
export { getReport } from './attendance.reports';
export { getAttendanceDay } from './attendance.day';
export { findRollDays } from './attendance.queries';
export { attendanceManifest } from './attendance.manifest';
