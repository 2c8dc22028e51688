import { ZPostTypeParams } from '@patio/core';
import { z } from 'zod';
import { forbidden, notFound } from '../../http/errors';
import { definePolicy, isSchoolAdmin, isSelf, isSignedIn, type PolicyContext, zId } from '../../policy/policy';
import { canReadPost } from './posts.access';
import { findRecipientsRight } from './recipients.queries';
import { findPostOwner } from './sent.queries';

const me = z.object({ id: zId });
const meAndDraft = z.object({ id: zId, draftId: zId });
const post = z.object({ id: zId });
type ByPost = PolicyContext<{ id: number }>;

/** The post of the path in the caller's school, or 404 (another school's ids are nobody's). */
async function requirePost({ db, org, params }: ByPost) {
  const row = await findPostOwner(db, org.id, params.id);
  if (!row) throw notFound('There is no such post in this school');
  return row;
}

const hiddenPost = () => notFound('There is no such post, or it is not addressed to you');

/**
 * A caller refused something of a post they may read hears 403; one who may not read it hears 404, as
 * GET posts/{id} answers them, so no subresource tells them that the post exists.
 */
async function refusedReader(ctx: ByPost): Promise<false> {
  if (!ctx.caller || !(await canReadPost(ctx.db, ctx.caller, ctx.params.id))) throw hiddenPost();
  return false;
}

/** Changing or discarding a post: its author (the service answers 409 once it is no longer a draft). */
const isAuthor = async (ctx: ByPost) => (await requirePost(ctx)).author_id === ctx.caller?.id || refusedReader(ctx);

/** Read receipts: the author, and administrators for a published post (decision 010); recipients are not told who else read it. */
const seesReceipts = async (ctx: ByPost) => {
  const row = await requirePost(ctx);
  return row.author_id === ctx.caller?.id || (ctx.caller?.isAdmin === true && row.status === 'published') || refusedReader(ctx);
};

/**
 * Who else received a post: the author and, once published, administrators; a recipient only when the
 * post's `recipientsVisible` is on (403 `recipients_hidden`, since they know the post exists); anyone
 * else 404, as for reading the post itself (decision 010).
 */
const seesRecipients = async ({ caller, db, org, params }: ByPost) => {
  const row = caller ? await findRecipientsRight(db, org.id, params.id, caller.id) : null;
  if (!row || !caller) throw notFound('There is no such post, or it is not addressed to you');
  if (row.author_id === caller.id || (caller.isAdmin && row.status === 'published')) return true;
  if (row.received !== 1) throw notFound('There is no such post, or it is not addressed to you');
  if (row.recipients_visible !== 1) throw forbidden('recipients_hidden', 'The author of this post keeps its recipients private');
  return true;
};

export const postsPolicies = {
  /** GET post-types: every signed-in member (compose, inbox groups). */
  listPostTypes: definePolicy({ method: 'GET', path: 'post-types', check: isSignedIn }),
  /** PUT post-types/{type}: school administrators. */
  updatePostType: definePolicy({ method: 'PUT', path: 'post-types/:type', params: ZPostTypeParams, check: isSchoolAdmin }),
  /** Drafts, publishing and the sent list live under the caller's own person: `{me}` must be the caller. */
  createDraft: definePolicy({ method: 'POST', path: 'people/:id/posts/drafts', params: me, check: isSelf }),
  listDrafts: definePolicy({ method: 'GET', path: 'people/:id/posts/drafts', params: me, check: isSelf }),
  readDraft: definePolicy({ method: 'GET', path: 'people/:id/posts/drafts/:draftId', params: meAndDraft, check: isSelf }),
  publish: definePolicy({ method: 'POST', path: 'people/:id/posts/sent', params: me, check: isSelf }),
  listSent: definePolicy({ method: 'GET', path: 'people/:id/posts/sent', params: me, check: isSelf }),
  /** Issue 33: who a post being written would reach, by kind, before publishing it. */
  summarizeAudience: definePolicy({ method: 'POST', path: 'people/:id/posts/audience-summary', params: me, check: isSelf }),
  saveDraft: definePolicy({ method: 'PUT', path: 'posts/:id', params: post, check: isAuthor }),
  discardDraft: definePolicy({ method: 'DELETE', path: 'posts/:id', params: post, check: isAuthor }),
  listStubs: definePolicy({ method: 'GET', path: 'posts/:id/stubs', params: post, check: seesReceipts }),
  countStubs: definePolicy({ method: 'GET', path: 'posts/:id/stubs/counts', params: post, check: seesReceipts }),
  exportStubs: definePolicy({ method: 'GET', path: 'posts/:id/stubs/export', params: post, check: seesReceipts }),
  listRecipients: definePolicy({ method: 'GET', path: 'posts/:id/recipients', params: post, check: seesRecipients }),
};
