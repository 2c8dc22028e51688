import { defineJob } from '../../platform/jobs/jobs';
import { announceThreadsChanged } from '../live/index';
import { findDelivery } from './posts.delivery.queries';

export interface PostDeliveredPayload {
  orgId: number;
  postId: number;
}

/**
 * After a post's stubs commit: tells its recipients' open screens (live). The Notifications issue
 * adds the recipients' channels here. Safe to run twice: the screens refresh twice.
 */
export const postDeliveredJob = defineJob<PostDeliveredPayload>({
  kind: 'post.delivered',
  async handle({ orgId, postId }, { db, events }) {
    const delivery = await findDelivery(db, orgId, postId);
    if (!delivery) return;
    await announceThreadsChanged(events, orgId, delivery.personIds, delivery.threadId);
  },
});
