import type { PostInput, PublishRequest, Published } from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import type { Caller } from '../../policy/policy';
import { inputOf } from './drafts.service';
import { findPostRecord } from './drafts.queries';
import { resolveRecipients } from './posts.audience';
import { deliverPost } from './posts.delivery';
import { conflict } from './posts.errors';
import { storedDescription } from './posts.html';
import { writePostEvent } from './posts.event';
import { checkQuotes } from './posts.quotes';
import { storeScheduledPost } from './posts.schedule';
import { timeZoneOf } from '../settings/index';

/**
 * POST people/{me}/posts/sent: publishes a post, or the caller's draft `{draft}` in place (same id).
 * Everything is checked before anything is written (description size, quotes, rule shape and rights,
 * recipients), and everything is written in one transaction: a failure leaves nothing behind. A
 * publishDate in the future schedules it: no stubs yet, a durable job publishes it then. A new post's
 * `event` is written with it; a published draft keeps the event it has.
 */
export async function publishPost(ctx: RequestContext, body: PublishRequest): Promise<Published> {
  const caller = requireCaller(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const { input, draftId } = await postToPublish(trx, caller, body);
    const description = storedDescription(input.description);
    await checkQuotes(trx, caller, input.quotes);
    const scheduled = input.publishDate !== null && Date.parse(input.publishDate) > Date.now();
    if (input.expirationDate !== null && Date.parse(input.expirationDate) <= Date.parse(input.publishDate ?? new Date().toISOString())) {
      throw badRequest('invalid_expiration', 'The expiration date must come after the publish date');
    }
    const withEvent = async (published: Published): Promise<Published> => {
      if (draftId === null && input.event !== null) {
        await writePostEvent(trx, { orgId: ctx.org.id, postId: published.id, authorId: caller.id, timeZone: timeZoneOf(ctx.org.settings) }, input.event);
      }
      return published;
    };
    if (scheduled) return withEvent(await schedule(ctx, trx, caller, { ...input, description }, draftId));
    const recipients = await resolveRecipients(trx, caller, input.audience);
    const delivered = await deliverPost(
      trx,
      ctx.services,
      {
        orgId: ctx.org.id, authorId: caller.id, threadId: null, replyToId: null, type: input.type, title: input.title, description,
        settings: input.settings, audience: input.audience, quotes: input.quotes, expirationDate: input.expirationDate,
        ...(draftId !== null ? { postId: draftId } : {}), ...(input.language !== undefined ? { language: input.language } : {}),
      },
      recipients,
    );
    return withEvent({ ...delivered, scheduled: false });
  });
}

/** The post a publish request names: its body, or the caller's draft (404 unknown, 409 no longer a draft). */
async function postToPublish(db: Database, caller: Caller, body: PublishRequest): Promise<{ input: PostInput; draftId: number | null }> {
  if (!('draft' in body)) return { input: body, draftId: null };
  const row = await findPostRecord(db, caller.orgId, body.draft);
  if (!row || row.author_id !== caller.id) throw notFound('You have no such draft');
  if (row.status !== 'draft') throw conflict('not_a_draft', 'This draft is already published or scheduled');
  return { input: inputOf(row), draftId: row.id };
}

/** A post for later: checked and counted now, so the author learns at once what would be refused; resolved again at its date. */
async function schedule(ctx: RequestContext, trx: Database, caller: Caller, input: PostInput, draftId: number | null): Promise<Published> {
  const audienceCount = (await resolveRecipients(trx, caller, input.audience)).length;
  return storeScheduledPost(trx, ctx.services.jobs, { orgId: ctx.org.id, authorId: caller.id, input, draftId, audienceCount });
}
