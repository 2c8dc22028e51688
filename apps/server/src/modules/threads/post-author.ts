import type { PostAuthor } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { signedAvatarUrl } from '../people/index';

/** The people columns a post's author is shown from. */
export interface AuthorRow {
  author_id: number;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  avatar: string | null;
}

/** A post's author as cards and lists show it, with an avatar URL signed for this school. */
export function toAuthor(ctx: RequestContext, row: AuthorRow): PostAuthor {
  return { id: row.author_id, firstName: row.first_name, lastName: row.last_name, lastName2: row.last_name2, avatar: signedAvatarUrl(ctx, row.avatar) };
}
