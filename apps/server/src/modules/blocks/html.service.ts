import type { HtmlMedia } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { sanitizePostHtml } from '../posts/index';
import { deleteHtml, findHtml, insertHtml, updateHtml } from './html.queries';

// Html blocks (spec §3 HTML media): a body written in the editor and saved 500 ms after the last edit
// (spec §4). It is sanitised here with the posts' sanitiser, so it may hold exactly what a post's
// description may, and again by the browser when shown. Who may read or change it is the policy's.

/** POST media/html: a new item owned by the caller. */
export async function createHtml(ctx: RequestContext, body: string): Promise<HtmlMedia> {
  const caller = requireCaller(ctx);
  const clean = sanitizePostHtml(body);
  const id = await insertHtml(ctx.db, { org_id: ctx.org.id, owner_id: caller.id, body: clean, created_at: new Date().toISOString() });
  return { id, body: clean };
}

/** GET media/html/{id}. */
export async function getHtml(ctx: RequestContext, id: number): Promise<HtmlMedia> {
  const row = await findHtml(ctx.db, ctx.org.id, id);
  if (!row) throw notFound('There is no such html item in this school');
  return { id: row.id, body: row.body };
}

/** PUT media/html/{id}: replaces the body (autosave). */
export async function saveHtml(ctx: RequestContext, id: number, body: string): Promise<HtmlMedia> {
  const clean = sanitizePostHtml(body);
  if (!(await updateHtml(ctx.db, ctx.org.id, id, clean, new Date().toISOString()))) throw notFound('There is no such html item in this school');
  return { id, body: clean };
}

/** DELETE media/html/{id}. Blocks that still point at it show nothing. */
export async function removeHtml(ctx: RequestContext, id: number): Promise<void> {
  if (!(await deleteHtml(ctx.db, ctx.org.id, id))) throw notFound('There is no such html item in this school');
}
