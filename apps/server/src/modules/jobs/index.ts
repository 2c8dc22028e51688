// The jobs area to the rest of the server: the administrators' API over failed jobs (each area
// declares its own kinds of job in its manifest).
export { jobsRoutes } from './jobs.routes';
export { jobsPolicies } from './jobs.policy';
export { jobsManifest } from './jobs.manifest';
