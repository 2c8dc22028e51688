import { useMemo } from 'react';
import { ZIdText } from '@patio/core/schemas/ids';
import type { PostInput, PostTypeKey } from '@patio/core/schemas/posts';
import { emptyPost, eventInputOf } from './composeModel';
import { fromAudienceRule, type RuleDraft } from './ruleModel';
import { useDraft } from './useDrafts';

const idOf = (text: string | null): number | null => {
  const parsed = ZIdText.safeParse(text ?? '');
  return parsed.success ? parsed.data : null;
};

export interface ComposeStart {
  post: PostInput;
  draftId: number | null;
  ruleDraft: RuleDraft | null;
}

/**
 * What the editor starts from: a saved draft (?draft=ID), or a new post prefilled from the address
 * (?to=personId writes to someone, ?quote=postId quotes a post).
 */
export function useComposeStart(me: number | null, search: URLSearchParams, adopted: boolean, defaultType: PostTypeKey) {
  const draftParam = search.get('draft');
  const draftId = idOf(draftParam);
  const draft = useDraft(me, adopted ? null : draftId);
  const to = idOf(search.get('to'));
  const quote = idOf(search.get('quote'));

  const start = useMemo((): ComposeStart | null => {
    if (draftId !== null && !adopted) {
      if (!draft.data) return null;
      const { id, updatedAt: _updatedAt, event, ...rest } = draft.data;
      const post: PostInput = { ...rest, event: eventInputOf(event) };
      return { post, draftId: id, ruleDraft: fromAudienceRule(post.audience.rules) };
    }
    const post = emptyPost(defaultType);
    if (to !== null && to !== me) post.audience.people = [to];
    if (quote !== null) post.quotes = [quote];
    return { post, draftId: null, ruleDraft: { match: 'and', conditions: [] } };
  }, [draftId, adopted, draft.data, defaultType, to, quote, me]);

  return { start, draft: draftId !== null && !adopted ? draft : null, badDraftParam: draftParam !== null && draftId === null };
}
