// The sessions area to the rest of the server (.dependency-cruiser.cjs): one row per sign-in, revocable.
export { sessionRoutes, sessionIdOf } from './sessions.routes';
export { sessionPolicies } from './sessions.policy';
export { announceRevoked, describeSession, revokeEverySession, sessionHolds, startSession } from './sessions.service';
export { sessionsManifest } from './sessions.manifest';
