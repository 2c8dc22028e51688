// The activities area to the rest of the server (.dependency-cruiser.cjs): extracurricular activities,
// each a node of type `activity` with its details, places and requests (issue 37; docs/decisions/033-activities.md).
// It reads the other areas through their index.ts; nothing builds on it yet.
export { activitiesPolicies } from './activities.policy';
export { activitiesManifest } from './activities.manifest';
