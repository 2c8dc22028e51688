// The threads area to the rest of the server: a person's folders, threads, replies, highlights and
// the reading of posts (one post, its trail). It builds on the posts area; nothing builds on it.
export { threadsRoutes } from './threads.routes';
export { threadsPolicies } from './threads.policy';
export { threadsManifest } from './threads.manifest';
