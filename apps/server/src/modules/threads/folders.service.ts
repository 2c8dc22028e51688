import type { Folder, PostTypeKey, ThreadsQuery, ThreadSummary } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import { listExcerpt } from '../posts/index';
import { folderFilterOf } from './folder-filter';
import { type FolderFilter, findFolderPage, findLatestPosts, findReadableCounts, findThreadHeads } from './folders.queries';
import { findPostTypeRows } from './message-types.queries';
import { toAuthor } from './post-author';
import { readerKindOf } from './readable.sql';

/**
 * Spec §3 post types "visible or hidden in lists": the types a page may list. The inbox leaves the
 * school's hidden types out (as its groups and unread counts do); `hidden=true` keeps only them (Hidden
 * messages); archive and trash hold what the person put there, of any type. Null: nothing can match.
 */
async function typeScopeOf(ctx: RequestContext, folder: Folder, hidden: boolean | undefined): Promise<Pick<FolderFilter, 'typeIn' | 'typeNotIn'> | null> {
  const wanted = hidden ?? (folder === 'feed' ? false : undefined);
  if (wanted === undefined) return {};
  const hiddenKeys = (await findPostTypeRows(ctx.db, ctx.org.id)).filter((row) => row.visible !== 1).map((row) => row.key);
  if (wanted) return hiddenKeys.length > 0 ? { typeIn: hiddenKeys } : null;
  return hiddenKeys.length > 0 ? { typeNotIn: hiddenKeys } : {};
}

/**
 * GET people/{me}/threads/{folder}: the caller's threads whose stubs are in `folder` (of the types
 * `typeScopeOf` lets through), newest activity first, each with its first post's type, title and
 * audience, the latest post the caller may read, and how many of the caller's stubs of it are unread.
 * Only the caller's own stubs are read, so no filter can find anyone else's thread.
 */
export async function listThreads(ctx: RequestContext, folder: Folder, query: ThreadsQuery): Promise<{ items: ThreadSummary[]; total: number }> {
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  const kind = readerKindOf(caller);
  const typeScope = await typeScopeOf(ctx, folder, query.hidden);
  if (typeScope === null) return { items: [], total: 0 };
  const { rows, total } = await findFolderPage(ctx.db, { orgId, personId: caller.id, folder }, kind, { ...folderFilterOf(query), ...typeScope }, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const threadIds = rows.map((r) => r.thread_id);
  const heads = new Map((await findThreadHeads(ctx.db, orgId, threadIds)).map((h) => [h.thread_id, h]));
  const counts = new Map((await findReadableCounts(ctx.db, orgId, caller.id, kind, threadIds)).map((c) => [c.thread_id, c]));
  const latestIds = [...counts.values()].map((c) => c.latest).filter((id): id is number => id !== null);
  const latest = new Map((await findLatestPosts(ctx.db, orgId, latestIds.map(Number))).map((p) => [p.id, p]));

  const items: ThreadSummary[] = [];
  for (const row of rows) {
    const head = heads.get(row.thread_id);
    const count = counts.get(row.thread_id);
    const post = count?.latest != null ? latest.get(Number(count.latest)) : undefined;
    // A stub makes its post readable, so both exist; a thread whose first post was removed is skipped.
    if (!head || !count || !post) continue;
    const unreadCount = Number(row.unread ?? 0);
    items.push({
      id: row.thread_id,
      folder,
      type: head.type as PostTypeKey,
      title: head.title,
      latest: { id: post.id, author: toAuthor(ctx, post), publishDate: post.publish_date ?? row.last_delivered, excerpt: listExcerpt(post.head) },
      audienceCount: head.audience_count,
      authorId: head.author_id,
      posts: Number(count.n),
      unread: unreadCount > 0,
      unreadCount,
      highlight: head.highlight === 1,
    });
  }
  return { items, total };
}
