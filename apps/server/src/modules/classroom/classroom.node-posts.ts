import { AUDIENCE_FIELDS, type ClassroomKind, type NodePost, type NodePostsQuery, type PostTypeKey } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { signedAvatarUrl } from '../people/index';
import { postFilter } from '../posts/index';
import { managesGroup } from './classroom.access';
import { findNodePostCandidates, findPublishDate, type NodePostRow, type NodePostsFilter } from './classroom.node-posts.queries';

// GET nodes/{id}/posts (issue 35 §4 /nodes/{id}/posts/{type}): the published posts addressed to a node,
// newest first, a page at a time. Addressed to it: a classroom post of the node, or a post whose
// audience rules name it — a rule on a node field (node, familiesOf, employeeGroup, transportRoute)
// with `eq` and the node's id, anywhere in the rule tree but under a `not` (a post to "everyone but
// 7A" is not addressed to 7A). The node's teachers and administrators see every such post; anyone
// else only those they may read (postAccess).

const BATCH = 200;

/** The fields whose argument is a node id. */
const NODE_FIELDS = new Set(Object.entries(AUDIENCE_FIELDS).filter(([, spec]) => spec.args === 'nodeId').map(([field]) => field));

/** The rule names the node outside any `not`. */
function ruleNames(rule: unknown, nodeId: number, depth = 0): boolean {
  if (depth > 25 || rule === null || typeof rule !== 'object') return false;
  const { field, op, args } = rule as { field?: unknown; op?: unknown; args?: unknown };
  if (!Array.isArray(args)) return false;
  if (op === 'and' || op === 'or') return args.some((child) => ruleNames(child, nodeId, depth + 1));
  return typeof field === 'string' && NODE_FIELDS.has(field) && op === 'eq' && args.includes(nodeId);
}

/** The stored audience's rules name the node; an audience that cannot be read names nothing. */
function audienceNames(audience: string, nodeId: number): boolean {
  try {
    const parsed = JSON.parse(audience) as { rules?: unknown } | null;
    return ruleNames(parsed?.rules ?? null, nodeId);
  } catch {
    return false;
  }
}

function nodePostOf(ctx: RequestContext, row: NodePostRow, nodeId: number): NodePost {
  const ofNode = row.classroom_node_id === nodeId;
  return {
    id: row.id,
    type: row.type as PostTypeKey,
    kind: ofNode ? (row.kind as ClassroomKind) : null,
    title: row.title,
    author: { id: row.author_id, firstName: row.first_name, lastName: row.last_name, lastName2: row.last_name2, avatar: signedAvatarUrl(ctx, row.avatar) },
    publishDate: row.publish_date ?? '',
    dueDate: ofNode ? row.due_date : null,
  };
}

/** A page of the posts addressed to the node: `limit` of them, older than `before` when given. */
export async function listNodePosts(ctx: RequestContext, nodeId: number, query: NodePostsQuery): Promise<NodePost[]> {
  const caller = requireCaller(ctx);
  const filter: NodePostsFilter = {
    type: query.type,
    kind: query.kind,
    readable: (await managesGroup(ctx.db, caller, nodeId)) ? null : postFilter(caller),
  };
  if (query.before !== undefined) {
    const publishDate = await findPublishDate(ctx.db, ctx.org.id, query.before);
    if (publishDate === undefined) throw badRequest('invalid_cursor', '`before` must be the id of a published post of the page before');
    filter.before = { publishDate, id: query.before };
  }
  const page: NodePost[] = [];
  for (;;) {
    const batch = await findNodePostCandidates(ctx.db, ctx.org.id, nodeId, filter, BATCH);
    for (const row of batch) {
      if (row.classroom_node_id !== nodeId && !audienceNames(row.audience, nodeId)) continue;
      page.push(nodePostOf(ctx, row, nodeId));
      if (page.length === query.limit) return page;
    }
    const last = batch.at(-1);
    if (batch.length < BATCH || !last?.publish_date) return page;
    filter.before = { publishDate: last.publish_date, id: last.id };
  }
}
