// The live area to the rest of the server: announcing thread changes and form answers, and the WebSocket that carries them.
export { announceThreadsChanged, threadsTopic, type ThreadsChanged } from './threads-topic';
export { announceFormAnswered, type FormAnswered } from './forms-topic';
export { registerLiveUpdates, type LiveOptions } from './live.plugin';
export type { LiveTopic, LiveTopicGrant } from './live-topics';
export { liveRoutes } from './live.routes';
export { liveManifest } from './live.manifest';
