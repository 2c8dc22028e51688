import { z } from 'zod';
import { notFound } from '../../http/errors';
import { definePolicy, isSignedIn, type PolicyContext, zId } from '../../policy/policy';
import { canReadPost } from '../posts/index';
import { htmlUrl } from './block-urls';
import { findPostAuthor } from './blocks.queries';
import { findHtml } from './html.queries';
import { itemStanding } from './item-access';

const post = z.object({ id: zId });
const postAndBlock = z.object({ id: zId, blockId: zId });
const item = z.object({ id: zId });
type ById = PolicyContext<{ id: number }>;

const noPost = () => notFound('There is no such post, or it is not addressed to you');

/** A post the caller may read (postAccess); any other id, of this school or not, is 404. */
async function readsPost({ caller, db, params }: ById): Promise<boolean> {
  if (!(await canReadPost(db, caller!, params.id))) throw noPost();
  return true;
}

/** Its author, whatever its status; a reader who is not the author 403; anyone else 404 (they cannot know it exists). */
async function authorsPost({ caller, db, org, params }: ById): Promise<boolean> {
  const row = await findPostAuthor(db, org.id, params.id);
  if (!row) throw noPost();
  if (row.author_id === caller!.id) return true;
  if (!(await canReadPost(db, caller!, params.id))) throw noPost();
  return false;
}

async function htmlStanding({ caller, db, org, params }: ById) {
  const row = await findHtml(db, org.id, params.id);
  const standing = row ? await itemStanding(db, caller!, { ownerId: row.owner_id, url: htmlUrl(row.id) }) : null;
  if (!standing) throw notFound('There is no such html item, or it is not in a post you may read');
  return standing;
}

export const blocksPolicies = {
  /** GET posts/{id}/blocks: the post's readers. */
  listBlocks: definePolicy({ method: 'GET', path: 'posts/:id/blocks', params: post, check: readsPost }),
  /** POST posts/{id}/blocks: the post's author, in any status. */
  addBlock: definePolicy({ method: 'POST', path: 'posts/:id/blocks', params: post, check: authorsPost }),
  /** PUT posts/{id}/blocks/{blockId}: the post's author. */
  updateBlock: definePolicy({ method: 'PUT', path: 'posts/:id/blocks/:blockId', params: postAndBlock, check: authorsPost }),
  /** DELETE posts/{id}/blocks/{blockId}: the post's author. */
  removeBlock: definePolicy({ method: 'DELETE', path: 'posts/:id/blocks/:blockId', params: postAndBlock, check: authorsPost }),
  /** POST media/html: any member of the school (the block framework makes one for each new html block). */
  createHtml: definePolicy({ method: 'POST', path: 'media/html', check: isSignedIn }),
  /** GET media/html/{id}: its owner, administrators, readers of a post that carries it. */
  readHtml: definePolicy({ method: 'GET', path: 'media/html/:id', params: item, check: async (ctx) => (await htmlStanding(ctx)) !== null }),
  /** PUT media/html/{id}: its owner or an administrator; readers 403. */
  updateHtml: definePolicy({ method: 'PUT', path: 'media/html/:id', params: item, check: async (ctx) => (await htmlStanding(ctx)) === 'write' }),
  /** DELETE media/html/{id}: its owner or an administrator; readers 403. */
  deleteHtml: definePolicy({ method: 'DELETE', path: 'media/html/:id', params: item, check: async (ctx) => (await htmlStanding(ctx)) === 'write' }),
};
