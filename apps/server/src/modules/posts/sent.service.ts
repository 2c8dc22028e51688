import type { SentPost, Stub, StubCounts } from '@patio/core';
import { type DictionaryLanguage } from '@patio/core/i18n/index';
import { loadDictionary } from '@patio/core/i18n/index';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import { tableFile, type SpreadsheetFormat, type TableFile } from '../../platform/spreadsheet/index';
import { signedAvatarUrl } from '../people/index';
import { excerptOf } from './posts.html';
import { countReceipts, countSent, countStubs, findSent, findStubs, type StubFilter } from './sent.queries';

// The author's view of what they sent (spec §2 /sent and /sent/{postId}): their posts with read
// receipts, and for one post who received it and who read it. The receipts' rights (author and
// administrators) are checked by the policy (posts.policy.ts) before these run.

const offsetOf = (page: { page: number; limit: number }) => ({ offset: (page.page - 1) * page.limit, limit: page.limit });

/** GET people/{me}/posts/sent. */
export async function listSent(ctx: RequestContext, page: { page: number; limit: number }): Promise<{ items: SentPost[]; total: number }> {
  const caller = requireCaller(ctx);
  const total = await countSent(ctx.db, ctx.org.id, caller.id);
  const rows = await findSent(ctx.db, ctx.org.id, caller.id, offsetOf(page));
  const items = rows.map((r) => ({
    id: r.id,
    thread: r.thread_id,
    type: r.type as SentPost['type'],
    title: r.title,
    excerpt: excerptOf(r.description),
    publishDate: r.publish_date ?? '',
    status: r.status as SentPost['status'],
    audienceCount: r.audience_count,
    readCount: r.read_count,
  }));
  return { items, total };
}

/** GET posts/{id}/stubs: recipients in name order with their folder and when they read it. */
export async function listStubs(ctx: RequestContext, postId: number, query: StubFilter & { page: number; limit: number }): Promise<{ items: Stub[]; total: number }> {
  const total = await countStubs(ctx.db, ctx.org.id, postId, query);
  const rows = await findStubs(ctx.db, ctx.org.id, postId, query, offsetOf(query));
  const items = rows.map((r) => ({
    person: { id: r.id, firstName: r.first_name, lastName: r.last_name, lastName2: r.last_name2, avatar: signedAvatarUrl(ctx, r.avatar) },
    folder: r.folder,
    readDate: r.read_date,
  }));
  return { items, total };
}

/** GET posts/{id}/stubs/counts. */
export async function stubCounts(ctx: RequestContext, postId: number): Promise<StubCounts> {
  const { total, read } = await countReceipts(ctx.db, ctx.org.id, postId);
  return { total, read, unread: total - read };
}

/**
 * GET posts/{id}/stubs/export: every recipient (the same filters as the list) as CSV or XLSX — name,
 * read yes/no, read date — titled in `lang` (default the school's Spanish), which also picks the CSV
 * delimiter; formulas neutralised (platform/spreadsheet).
 */
export async function exportStubs(
  ctx: RequestContext,
  postId: number,
  query: StubFilter & { lang?: DictionaryLanguage },
  format: SpreadsheetFormat,
): Promise<TableFile> {
  requireCaller(ctx);
  const terms = (await loadDictionary(query.lang ?? 'es')).sentReceiptsCsv;
  const rows = await findStubs(ctx.db, ctx.org.id, postId, query);
  const name = (r: (typeof rows)[number]) => `${[r.last_name, r.last_name2].filter(Boolean).join(' ')}, ${r.first_name}`;
  return tableFile(format, {
    stem: `${terms.fileName}-${postId}`,
    sheetName: terms.fileName,
    header: [terms.recipient, terms.read, terms.readDate],
    rows: rows.map((r) => [name(r), r.read_date ? terms.yes : terms.no, r.read_date]),
    language: query.lang ?? 'es',
  });
}
