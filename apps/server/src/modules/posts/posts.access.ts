import type { ResourceAccess } from '../../policy/access';
import { canSee } from '../../policy/access';
import type { Database } from '../../db/database';
import type { Caller } from '../../policy/policy';
import { findPostAccessRows, postFilter } from './posts.access.sql';

// Who may read a post (decision 007; docs/decisions/010-who-may-post-to-whom.md): its author in any
// status; once published, every person holding a stub of it and the school's administrators. Drafts
// and scheduled posts are their author's alone. Threads build on this: a thread is readable through
// any post of it the caller may read.

/** Only the author may see a post that is not published yet. */
export const postAccess: ResourceAccess<'post'> = {
  kind: 'post',
  async visible(db, caller, ids) {
    const seen = new Set<number>();
    if (ids.length === 0) return seen;
    for (const row of await findPostAccessRows(db, caller.orgId, caller.id, ids)) {
      // A stub exists only once a post is published.
      if (row.author_id === caller.id || row.received === 1 || (caller.isAdmin && row.status === 'published')) seen.add(row.id);
    }
    return seen;
  },
  async filter(_db, caller) {
    return postFilter(caller);
  },
};

/** One post through postAccess. */
export function canReadPost(db: Database, caller: Caller, postId: number): Promise<boolean> {
  return canSee(postAccess, db, caller, postId);
}
