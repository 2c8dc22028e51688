import { type Draft, type Language, type PostInput, type PostTypeKey, ZAudience, ZPostInput } from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { conflict } from './posts.errors';
import { contentRow } from './posts.delivery';
import { insertPost, insertThread, setThreadFirstPost } from './posts.delivery.queries';
import { storedDescription } from './posts.html';
import { countDrafts, deleteDraft, findDrafts, findPostRecord, type PostRecord, updateDraft } from './drafts.queries';
import { findPostEvents, writePostEvent } from './posts.event';
import { deletePostEvents } from './posts.event.queries';
import { timeZoneOf } from '../settings/index';

// Drafts autosave while the author composes (spec §4 "Form and html autosave": 500 ms after the last
// edit). A draft keeps the whole post as written; recipients are only checked when it is published.

/**
 * The post a stored row holds, as the author wrote it. Its event is not in the row: it stays where it
 * is (calendar_events, posts.event_id) when the post is published, so the input carries none.
 */
export function inputOf(row: PostRecord): PostInput {
  return {
    type: row.type as PostTypeKey,
    title: row.title,
    description: row.description,
    audience: ZAudience.parse(JSON.parse(row.audience)),
    settings: {
      highlight: row.highlight === 1,
      notifications: row.notifications === 1,
      recipientsVisible: row.recipients_visible === 1,
      replies: row.replies,
      forward: row.forward === 1,
    },
    quotes: JSON.parse(row.quotes) as number[],
    publishDate: row.publish_date,
    expirationDate: row.expiration_date,
    event: null,
    language: row.language as Language,
  };
}

/** Drafts as their author reopens them, each with its event. */
async function toDrafts(db: Database, orgId: number, rows: readonly PostRecord[]): Promise<Draft[]> {
  const events = await findPostEvents(db, orgId, rows.map((r) => r.event_id));
  return rows.map((row) => ({ ...inputOf(row), event: events.get(row.event_id ?? 0) ?? null, id: row.id, updatedAt: row.updated_at }));
}

/** The row columns of a draft: description size-checked (413) and sanitised on every save. */
function draftContent(input: PostInput) {
  return contentRow({ ...input, description: storedDescription(input.description) });
}

/** POST people/{me}/posts/drafts: a new draft (its own thread, which publishing keeps). */
export async function createDraft(ctx: RequestContext, body: Partial<PostInput> | null | undefined): Promise<{ id: number }> {
  const caller = requireCaller(ctx);
  const input = ZPostInput.parse(body ?? {});
  const content = draftContent(input);
  const now = new Date().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const thread = await insertThread(trx, ctx.org.id, now);
    const post = await insertPost(trx, { ...content, org_id: ctx.org.id, thread_id: thread, author_id: caller.id, status: 'draft', created_at: now });
    await setThreadFirstPost(trx, ctx.org.id, thread, post);
    if (input.event) await writePostEvent(trx, { orgId: ctx.org.id, postId: post, authorId: caller.id, timeZone: timeZoneOf(ctx.org.settings) }, input.event);
    return post;
  });
  return { id };
}

/** GET people/{me}/posts/drafts: the caller's drafts, last saved first. */
export async function listDrafts(ctx: RequestContext, query: { page: number; limit: number }): Promise<{ items: Draft[]; total: number }> {
  const caller = requireCaller(ctx);
  const total = await countDrafts(ctx.db, ctx.org.id, caller.id);
  const rows = await findDrafts(ctx.db, ctx.org.id, caller.id, { offset: (query.page - 1) * query.limit, limit: query.limit });
  return { items: await toDrafts(ctx.db, ctx.org.id, rows), total };
}

/** A draft of the caller: 404 when the school has no such post, 403 when it is someone else's, 409 once it is published or scheduled. */
async function ownDraft(ctx: RequestContext, id: number): Promise<PostRecord> {
  const caller = requireCaller(ctx);
  const row = await findPostRecord(ctx.db, ctx.org.id, id);
  if (!row) throw notFound('There is no such post in this school');
  if (row.author_id !== caller.id) throw forbidden('forbidden', 'Only its author may open or change a draft');
  if (row.status !== 'draft') throw conflict('not_a_draft', 'This post is already published or scheduled: it cannot be changed');
  return row;
}

/** GET people/{me}/posts/drafts/{id}: 404 unless it is a draft of the caller (drafts are nobody else's business). */
export async function getDraft(ctx: RequestContext, id: number): Promise<Draft> {
  const caller = requireCaller(ctx);
  const row = await findPostRecord(ctx.db, ctx.org.id, id);
  if (!row || row.status !== 'draft' || row.author_id !== caller.id) throw notFound('You have no such draft');
  return (await toDrafts(ctx.db, ctx.org.id, [row]))[0]!;
}

/** PUT posts/{id}: replaces the whole draft (autosave), its event included (null removes it). */
export async function saveDraft(ctx: RequestContext, id: number, input: PostInput): Promise<Draft> {
  await ownDraft(ctx, id);
  const content = draftContent(input);
  const caller = requireCaller(ctx);
  const saved = await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateDraft(trx, ctx.org.id, caller.id, id, content, new Date().toISOString()))) throw conflict('not_a_draft', 'This post was published meanwhile');
    await writePostEvent(trx, { orgId: ctx.org.id, postId: id, authorId: caller.id, timeZone: timeZoneOf(ctx.org.settings) }, input.event);
    return (await toDrafts(trx, ctx.org.id, [(await findPostRecord(trx, ctx.org.id, id))!]))[0]!;
  });
  return saved;
}

/** DELETE posts/{id}: discards a draft. */
export async function discardDraft(ctx: RequestContext, id: number): Promise<void> {
  await ownDraft(ctx, id);
  const caller = requireCaller(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await deletePostEvents(trx, ctx.org.id, id);
    if (!(await deleteDraft(trx, ctx.org.id, caller.id, id))) throw conflict('not_a_draft', 'This post was published meanwhile');
  });
}
