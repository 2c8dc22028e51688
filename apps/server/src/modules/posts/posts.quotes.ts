import type { Database } from '../../db/database';
import { badRequest } from '../../http/errors';
import type { Caller } from '../../policy/policy';
import { postAccess } from './posts.access';
import { findQuotable } from './posts.quotes.queries';

/**
 * A post may quote posts its author may read (postAccess) and that allow it: the quoted post's own
 * author and administrators always may, its recipients only when its `forward` setting is on. One
 * answer for every refusal, so post ids cannot be probed.
 */
export async function checkQuotes(db: Database, caller: Caller, quotes: readonly number[]): Promise<void> {
  if (quotes.length === 0) return;
  const readable = await postAccess.visible(db, caller, quotes);
  const rows = await findQuotable(db, caller.orgId, [...readable]);
  const allowed = new Set(rows.filter((r) => r.status === 'published' && (r.author_id === caller.id || caller.isAdmin || r.forward === 1)).map((r) => r.id));
  if (quotes.some((id) => !allowed.has(id))) throw badRequest('invalid_quotes', 'A quoted post does not exist, is not published, or may not be quoted');
}
