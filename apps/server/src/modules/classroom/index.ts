// The classroom area to the rest of the server (.dependency-cruiser.cjs): classroom posts of a group,
// tasks and their submissions (issue 35; docs/decisions/031-classroom.md).
export { classroomRoutes } from './classroom.routes';
export { classroomPolicies } from './classroom.policy';
export { classroomManifest } from './classroom.manifest';
export { findClassroomDueDates, hasClassroomCalendar, type ClassroomDueDate } from './classroom.calendar';
export { countStudentsByGroup, countTasksDueByGroup, findTaughtGroups } from './classroom.teaching.queries';
