// The notifications area to the rest of the server (.dependency-cruiser.cjs): a person's notification
// settings, and the outbox that takes a published post to every recipient's channels exactly once;
// personal notices (the bus approaching, running late; classroom work returned or due soon; an activity's
// place offered) through the same channels, once each; who asked for the weekly guardian summary.
export { notificationsRoutes } from './notifications.routes';
export { notificationPolicies } from './notifications.policy';
export { notificationJobs, notificationsFanoutJob, type FanoutPayload } from './notifications.jobs';
export { personalNoticeJobs, enqueuePersonalNotice } from './personal-notice.jobs';
export { PERSONAL_NOTICE_KINDS, type ActivityNoticeValues, type PersonalNotice, type PersonalNoticeKind, type BusNoticeValues, type ClassroomNoticeValues } from './personal-notice';
export { findGuardianSummaryReaders } from './settings.queries';
export { unsubscribeHeaders } from './unsubscribe.service';
export { notificationsManifest } from './notifications.manifest';
