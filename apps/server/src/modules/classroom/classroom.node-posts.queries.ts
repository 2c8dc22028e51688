import type { Database } from '../../db/database';
import type { AccessFilter } from '../../policy/access';

// SQL of GET nodes/{id}/posts (issue 35 §4 /nodes/{id}/posts/{type}). A post is addressed to a node
// when it is a classroom post of the node or when its audience rules name the node. Rules live as the
// author wrote them, in the JSON text of posts.audience; no column or index holds the nodes they name,
// so the query keeps the candidates (the node's classroom posts, and posts whose audience text holds
// the node id's digits, which every post naming the node does) and the service reads each candidate's
// rules to keep those that really name it. The digits only narrow the scan: they decide nothing.

export interface NodePostRow {
  id: number;
  type: string;
  title: string;
  publish_date: string | null;
  audience: string;
  author_id: number;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  avatar: string | null;
  classroom_node_id: number | null;
  kind: string | null;
  due_date: string | null;
}

export interface NodePostsFilter {
  type?: string;
  kind?: string;
  /** Only posts older than this one (publish date, then id). */
  before?: { publishDate: string; id: number };
  /** The caller's readable posts only; null: all of them (administrators, the node's teachers). */
  readable: AccessFilter | null;
}

/** One batch of candidates, newest first. */
export async function findNodePostCandidates(db: Database, orgId: number, nodeId: number, filter: NodePostsFilter, limit: number): Promise<NodePostRow[]> {
  let q = db.selectFrom('posts')
    .innerJoin('people', (j) => j.onRef('people.id', '=', 'posts.author_id').on('people.org_id', '=', orgId))
    .leftJoin('classroom_posts', (j) => j.onRef('classroom_posts.post_id', '=', 'posts.id').on('classroom_posts.org_id', '=', orgId))
    .select([
      'posts.id', 'posts.type', 'posts.title', 'posts.publish_date', 'posts.audience', 'posts.author_id',
      'people.first_name', 'people.last_name', 'people.last_name2', 'people.avatar',
      'classroom_posts.node_id as classroom_node_id', 'classroom_posts.kind', 'classroom_posts.due_date',
    ])
    .where('posts.org_id', '=', orgId)
    .where('posts.status', '=', 'published')
    .where('posts.reply_to_id', 'is', null)
    .where('posts.publish_date', 'is not', null)
    .where((eb) => eb.or([eb('classroom_posts.node_id', '=', nodeId), eb('posts.audience', 'like', `%${nodeId}%`)]));
  if (filter.type !== undefined) q = q.where('posts.type', '=', filter.type);
  if (filter.kind !== undefined) q = q.where('classroom_posts.kind', '=', filter.kind).where('classroom_posts.node_id', '=', nodeId);
  if (filter.before) {
    const { publishDate, id } = filter.before;
    q = q.where((eb) => eb.or([eb('posts.publish_date', '<', publishDate), eb.and([eb('posts.publish_date', '=', publishDate), eb('posts.id', '<', id)])]));
  }
  if (filter.readable) q = q.where(filter.readable('posts.id'));
  return q.orderBy('posts.publish_date', 'desc').orderBy('posts.id', 'desc').limit(limit).execute();
}

/** The publish date of a published post of the school (the page cursor), or undefined. */
export async function findPublishDate(db: Database, orgId: number, postId: number): Promise<string | undefined> {
  const row = await db.selectFrom('posts').select('publish_date')
    .where('org_id', '=', orgId).where('id', '=', postId).where('status', '=', 'published').where('publish_date', 'is not', null)
    .executeTakeFirst();
  return row?.publish_date ?? undefined;
}
