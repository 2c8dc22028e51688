import type { Post, PostTypeKey } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, forbidden, HttpError } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { announceThreadsChanged } from '../live/index';
import { deliverPost, excerptOf, storedDescription } from '../posts/index';
import { moveStubs } from './actions.queries';
import { buildPostCards, isExpired } from './post-cards';
import { findReadableCounts } from './folders.queries';
import { findPostCardRows } from './post-cards.queries';
import { readerKindOf } from './readable.sql';
import { findLatestReadPostId, findPostRecipientIds, findThreadHead, type ThreadHead } from './thread.queries';
import { threadNotFound } from './thread.service';

/** Markup left after sanitising that still shows something: text, or an image. */
const isBlank = (html: string) => excerptOf(html, 1) === '' && !/<img\b/i.test(html);

/**
 * Who receives a reply (the posts contract): the first post's author replying reaches every recipient
 * of the first post, whatever the setting; anyone else reaches the author ('author') or the first
 * post's recipients and author ('all'). The replier never gets a stub of their own reply.
 */
async function replyRecipients(ctx: RequestContext, head: ThreadHead, replierId: number): Promise<number[]> {
  const recipients = await findPostRecipientIds(ctx.db, ctx.org.id, head.id);
  if (replierId === head.author_id) return recipients;
  if (head.replies === 'author') return [head.author_id];
  return [...recipients, head.author_id].filter((id) => id !== replierId);
}

/**
 * POST people/{me}/threads/feed/{threadId}: the caller, a reader of the thread, replies as its first
 * post allows: 403 `replies_off`, 409 `expired`, 413 over the size limit, 400 when nothing is left
 * after sanitising. The reply joins the thread, answers the latest post the caller has read (else the
 * first), and takes the first post's type, title and notifications; the caller's own stubs of the
 * thread come back to the inbox. All in one transaction; recipients are told by the post's job.
 */
export async function replyToThread(ctx: RequestContext, threadId: number, text: string): Promise<Post> {
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  const readable = await findReadableCounts(ctx.db, orgId, caller.id, readerKindOf(caller), [threadId]);
  const head = await findThreadHead(ctx.db, orgId, threadId);
  if (readable.length === 0 || !head) throw threadNotFound();
  if (head.replies === 'off') throw forbidden('replies_off', 'Replies to this message are turned off');
  if (isExpired(head.expiration_date)) throw new HttpError(409, 'expired', 'the message is expired');
  const description = storedDescription(text);
  if (isBlank(description)) throw badRequest('empty_description', 'The reply is empty once unsafe markup is removed');

  const replyToId = (await findLatestReadPostId(ctx.db, orgId, caller.id, threadId)) ?? head.id;
  const recipients = await replyRecipients(ctx, head, caller.id);
  const delivered = await ctx.db.transaction().execute(async (trx) => {
    const result = await deliverPost(
      trx,
      ctx.services,
      {
        orgId,
        authorId: caller.id,
        threadId,
        replyToId,
        type: head.type as PostTypeKey,
        title: head.title,
        description,
        settings: {
          highlight: false,
          notifications: head.notifications === 1,
          recipientsVisible: head.recipients_visible === 1,
          replies: head.replies,
          forward: false,
        },
        audience: { people: recipients, rules: null, relatives: false },
        quotes: [],
      },
      recipients,
    );
    await moveStubs(trx, orgId, caller.id, [threadId], 'feed');
    return result;
  });
  await announceThreadsChanged(ctx.services.events, orgId, [caller.id], threadId);
  const [card] = await buildPostCards(ctx, caller, await findPostCardRows(ctx.db, orgId, [delivered.id]));
  return card;
}
