// What other features may use of the classroom: the addresses of its screens and the submission
// status badge (the teaching screens show the same words and colours).
export { classroomGroupPath, classroomPostPath, personClassroomPath } from './classroomPaths';
export { SubmissionStatusBadge } from './SubmissionStatusBadge';
