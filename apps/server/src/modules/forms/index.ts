// The forms area to the rest of the server: forms and polls, a person's records, and what the owner
// sees of the answers. It builds on blocks (who may see a form) and posts; only dashboards' figures build on it.
export { formsRoutes } from './forms.routes';
export { formsPolicies } from './forms.policy';
export { answerForm, getRecords } from './records.service';
export { createForm } from './forms.service';
export { formsManifest } from './forms.manifest';
export { formStanding } from './forms.access';
export { formResults } from './results.service';
export { countPending } from './results.queries';
