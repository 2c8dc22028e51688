// What other features may use of teaching: the addresses of its screens (the classroom screens link a
// teacher to a task's submissions and to their dashboard).
export { submissionsPath, teachingPath } from './teachingPaths';
// The teaching dashboard's figures: More and the launcher count the turn-ins waiting for review.
export { useTeaching } from './useTeaching';
