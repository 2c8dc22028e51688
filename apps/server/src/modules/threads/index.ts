// The threads area to the rest of the server: a person's folders, threads, replies, highlights and
// the reading of posts (one post, its trail). It builds on the posts area; the person's tab (persontab)
// reads a person's threads and posts through it.
export { threadsRoutes } from './threads.routes';
export { threadsPolicies } from './threads.policy';
export { listThreads } from './folders.service';
export { isOnBoard } from './highlights.queries';
export { readablePost, type ReaderKind, readerKindOf } from './readable.sql';
export { threadsManifest } from './threads.manifest';
