import type { Database } from '../../db/database';
import { findDelivery } from './posts.delivery.queries';
import { storedDescription } from './posts.html';
import { updatePublishedContent } from './posts.rewrite.queries';

/**
 * Rewrites a published post's title and description in place, for posts the school writes by itself
 * (an attendance alert withdrawn after a correction, then restored): no new post, no new stubs and no
 * notification, so a family is never alerted twice about one mark. Answers the thread and the stub
 * holders to tell their screens (live), or null when the post is gone.
 */
export async function rewritePublishedPost(
  db: Database,
  orgId: number,
  postId: number,
  content: { title: string; description: string },
): Promise<{ threadId: number; personIds: number[] } | null> {
  const changed = await updatePublishedContent(db, orgId, postId, { title: content.title, description: storedDescription(content.description) });
  return changed ? findDelivery(db, orgId, postId) : null;
}
