import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Caller } from '../../policy/policy';

// The posts of a thread a caller may see, as SQL that compiled queries can bake in
// (db/compiled-query.ts). postAccess (posts area) is the rule; its SQL form builds a new filter per
// caller, which would compile every request anew, so the hot reads here spell the same rule with the
// caller as a value and its kind as the variant. readable.test.ts holds the two equal for every
// caller and post of the test world.

/** Administrators read every published post of their school; everyone else their own and those they hold a stub of. */
export type ReaderKind = 'admin' | 'member';

export const readerKindOf = (caller: Caller): ReaderKind => (caller.isAdmin ? 'admin' : 'member');

/**
 * A published post (alias `posts`, or `alias`) the caller may read. Threads show published posts
 * only: drafts and scheduled posts belong to compose and the sent list.
 */
export function readablePost(kind: ReaderKind, orgId: number, callerId: number, alias = 'posts') {
  // The alias varies with the query that applies it, so the builder is untyped here (as AccessFilter's).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a filter for whichever query reads threads
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> => {
    const published = eb(eb.ref(`${alias}.status`), '=', 'published');
    if (kind === 'admin') return published;
    const received = eb.exists(
      eb
        .selectFrom('stubs as reader_stub')
        .select('reader_stub.id')
        .where('reader_stub.org_id', '=', orgId)
        .whereRef('reader_stub.post_id', '=', `${alias}.id`)
        .where('reader_stub.person_id', '=', callerId),
    );
    return eb.and([published, eb.or([eb(eb.ref(`${alias}.author_id`), '=', callerId), received])]);
  };
}
