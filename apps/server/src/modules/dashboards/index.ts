// The dashboards area to the rest of the server (.dependency-cruiser.cjs): staff dashboards of data
// blocks, Inicio (the admin home) and the figures of each block (issue 36 §2; docs/decisions/032-dashboards.md).
// It reads the other areas through their index.ts; nothing builds on it.
export { dashboardsPolicies } from './dashboards.policy';
export { dashboardsManifest } from './dashboards.manifest';
