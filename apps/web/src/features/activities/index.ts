// What other features may use of activities: the administrators' screen (the admin tab shows it) and
// the loader of the area's texts.
export { ActivitiesAdmin } from './ActivitiesAdmin';
export { withActivityTerms } from './withActivityTerms';
