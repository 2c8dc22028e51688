// The notifications area to the rest of the server (.dependency-cruiser.cjs): a person's notification
// settings, and the outbox that takes a published post to every recipient's channels exactly once.
export { notificationsRoutes } from './notifications.routes';
export { notificationPolicies } from './notifications.policy';
export { notificationJobs, notificationsFanoutJob, type FanoutPayload } from './notifications.jobs';
