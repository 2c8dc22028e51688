// The jobs area to the rest of the server: the administrators' API over failed jobs and the list of
// every kind of job, which the server and `npm run worker` processes register alike.
export { jobsRoutes } from './jobs.routes';
export { jobsPolicies } from './jobs.policy';
export { registerJobHandlers } from './jobs.handlers';
