import type { Database } from '../../db/database';
import { memoised } from '../../policy/caller-memo';
import type { Caller } from '../../policy/policy';
import { postAccess } from '../posts/index';
import { findPostIdsCarrying } from './blocks.queries';

// Who may see a form or an html item (docs/decisions/013-forms-and-their-readers.md): it has no
// audience of its own, it borrows its posts'. Its owner and the school's administrators may read and
// change it; anyone who may read a post with a block pointing at it may read it. Nobody else learns
// it exists.

/** What the caller may do with an item: change it (owner, administrators), only read it, or nothing. */
export type ItemStanding = 'write' | 'read' | null;

/** True when the caller may read at least one post whose blocks point at `url` (postAccess, in one batch). */
export function readsThroughPosts(db: Database, caller: Caller, url: string): Promise<boolean> {
  return memoised(caller, `reads-through-posts:${url}`, async () => {
    const postIds = await findPostIdsCarrying(db, caller.orgId, url);
    if (postIds.length === 0) return false;
    return (await postAccess.visible(db, caller, postIds)).size > 0;
  });
}

/** The caller's standing towards the item owned by `ownerId` that blocks reach as `url`. */
export async function itemStanding(db: Database, caller: Caller, item: { ownerId: number; url: string }): Promise<ItemStanding> {
  if (caller.id === item.ownerId || caller.isAdmin) return 'write';
  return (await readsThroughPosts(db, caller, item.url)) ? 'read' : null;
}
