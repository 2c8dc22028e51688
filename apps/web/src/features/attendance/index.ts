// What other features may use of attendance: the addresses of its screens and the groups a person
// teaches (the More menu offers Attendance to them).
export { attendanceAdminPath, checkpointPath, teachingGroupsOf, type TeachingGroup } from './teachingGroups';
