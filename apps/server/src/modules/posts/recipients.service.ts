import type { Audience, AudienceSummary, PostRecipient } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import { signedAvatarUrl } from '../people/index';
import { summarizeAudience } from './posts.audience';
import { countRecipients, findRecipients } from './recipients.queries';

// GET posts/{id}/recipients: the people a post reached, for the post card's audience text. Who may
// ask (author, administrators, recipients when the post allows it) is the policy's (posts.policy.ts).

/** A page of the post's recipients in name order, with the total. */
export async function listRecipients(ctx: RequestContext, postId: number, page: { page: number; limit: number }): Promise<{ items: PostRecipient[]; total: number }> {
  const total = await countRecipients(ctx.db, ctx.org.id, postId);
  const rows = await findRecipients(ctx.db, ctx.org.id, postId, { offset: (page.page - 1) * page.limit, limit: page.limit });
  const items = rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, lastName2: r.last_name2, avatar: signedAvatarUrl(ctx, r.avatar) }));
  return { items, total };
}

/** POST people/{me}/posts/audience-summary: the people a post with this audience would reach now, by kind. */
export async function previewRecipients(ctx: RequestContext, audience: Audience): Promise<AudienceSummary> {
  return summarizeAudience(ctx.db, requireCaller(ctx), audience);
}
