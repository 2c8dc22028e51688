import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import { isAfter } from './instants.sql';

// The highlights board: published highlighted posts addressed to the person (a stub not in the
// trash) or written by them, not expired. The person's own rows lead (their stubs, their posts), so
// the board costs what the person holds, not what the school holds.

type BoardParams = { orgId: number; personId: number; now: string };

/** The posts the person could find on the board: those they hold a stub of outside the trash, and their own highlighted ones. */
function candidates(db: Kysely<DB>, p: BoardParams) {
  return db
    .selectFrom('stubs')
    .select('stubs.post_id as id')
    .where(scopedToOrg(p.orgId, 'stubs'))
    .where('stubs.person_id', '=', p.personId)
    .where('stubs.folder', '<>', 'trash')
    .union(db.selectFrom('posts as own').select('own.id').where(scopedToOrg(p.orgId, 'own')).where('own.author_id', '=', p.personId).where('own.highlight', '=', 1))
    .as('candidate');
}

/**
 * A post (alias `posts`, or `alias`) that a board shows: published, highlighted, not expired at `now`.
 * The person's tab (issue 36) picks the highlights addressed to someone with the same rule.
 */
export function isOnBoard(db: Database, now: string, alias = 'posts') {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a filter for whichever query reads posts
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    eb.and([
      eb(eb.ref(`${alias}.status`), '=', 'published'),
      eb(eb.ref(`${alias}.highlight`), '=', 1),
      eb.or([eb(eb.ref(`${alias}.expiration_date`), 'is', null), isAfter(db, `${alias}.expiration_date`, now)(eb)]),
    ]);
}

/** The candidates joined with their posts and kept when on the board (isOnBoard). */
function board(db: Kysely<DB>, p: BoardParams) {
  return db
    .selectFrom(candidates(db, p))
    .innerJoin('posts', (join) => join.onRef('posts.id', '=', 'candidate.id').on('posts.org_id', '=', p.orgId))
    .where(scopedToOrg(p.orgId, 'posts'))
    .where(isOnBoard(db, p.now));
}

const boardCount = compiledQuery((db: Kysely<DB>, p: BoardParams) => board(db, p).select((eb) => eb.fn.countAll<number | string>().as('n')));

const boardPage = compiledQuery((db: Kysely<DB>, p: BoardParams & { limit: number; offset: number }) =>
  board(db, p).select('posts.id').orderBy('posts.publish_date', 'desc').orderBy('posts.id', 'desc').limit(p.limit).offset(p.offset),
);

/** One page of the person's board, newest first, and how many posts it holds. */
export async function findHighlightPage(
  db: Database,
  p: BoardParams,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const count = await boardCount.takeFirst(db, p);
  const rows = await boardPage.execute(db, { ...p, ...page });
  return { ids: rows.map((r) => r.id), total: Number(count?.n ?? 0) };
}
