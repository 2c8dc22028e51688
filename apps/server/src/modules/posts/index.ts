// The posts area to the rest of the server (.dependency-cruiser.cjs): who may read a post, delivering
// a post to its recipients (compose, replies, scheduled posts), the description's sanitiser, post
// types, drafts, publishing, sent receipts. The threads area builds on this; never the other way round.
export { postAccess, canReadPost } from './posts.access';
export { postFilter } from './posts.access.sql';
export { deliverPost, type DeliveryInput, type Delivered } from './posts.delivery';
export { rewritePublishedPost } from './posts.rewrite';
export { findRecipientReplies, type RecipientReply } from './posts.rewrite.queries';
export { sanitizePostHtml, assertDescriptionSize, storedDescription, excerptOf } from './posts.html';
export { listExcerpt } from './excerpt-cache';
export { postDeliveredJob, type PostDeliveredPayload } from './posts.jobs';
export { postPublishJob, type PostPublishPayload, storeScheduledPost } from './posts.schedule';
export { postsRoutes } from './posts.routes';
export { postsPolicies } from './posts.policy';
export { seedPostTypes, seedMissingPostTypes } from './post-types.service';
export { POST_BODY_LIMIT } from './posts.limits';
export { findPostEvents, eventColumnsOf, toPostEvent } from './posts.event';
export type { EventColumns } from './posts.event.queries';
export { postsManifest } from './posts.manifest';
export { inputOf } from './drafts.service';
export { findPostRecord, type PostRecord } from './drafts.queries';
export { countReceipts, findReadablePublished } from './sent.queries';
