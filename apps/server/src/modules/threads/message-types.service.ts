import { type Language, type MessageType, POST_TYPE_KEYS, type PostTypeKey, ZLanguage } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import { seedPostTypes } from '../posts/index';
import { findPersonLanguage, findPostTypeRows, findUnreadThreadsByType, type PostTypeRow } from './message-types.queries';

type Names = Partial<Record<Language, { singular?: string; plural?: string }>>;

/** The type's names in `language`, else English, else its key. */
function namesOf(row: PostTypeRow, language: Language): { singular: string; plural: string } {
  let names: Names = {};
  try {
    names = JSON.parse(row.names) as Names;
  } catch {
    // Unreadable names fall back to the key below.
  }
  const own = names[language] ?? names.en;
  return { singular: own?.singular ?? row.key, plural: own?.plural ?? row.key };
}

/**
 * GET people/{me}/threads2/types (spec §3 Message type, §7): the school's visible post types in their
 * order, named in the caller's language, each with how many of the caller's inbox threads of that
 * type (by its first post) hold an unread stub.
 */
export async function listMessageTypes(ctx: RequestContext): Promise<MessageType[]> {
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  const stored = ZLanguage.safeParse(await findPersonLanguage(ctx.db, orgId, caller.id));
  const language: Language = stored.success ? stored.data : 'en';
  const unread = await findUnreadThreadsByType(ctx.db, orgId, caller.id);
  let all = await findPostTypeRows(ctx.db, orgId);
  if (all.length < POST_TYPE_KEYS.length) {
    // A school created while the server runs gets its kinds on first use, as GET post-types does.
    await seedPostTypes(ctx.db, orgId);
    all = await findPostTypeRows(ctx.db, orgId);
  }
  const known = new Set<string>(POST_TYPE_KEYS);
  const rows = all.filter((row) => row.visible === 1 && known.has(row.key));
  return rows.map((row) => ({
    id: row.key as PostTypeKey,
    ...namesOf(row, language),
    icon: row.icon,
    color: row.color,
    unread: unread.get(row.key) ?? 0,
  }));
}
