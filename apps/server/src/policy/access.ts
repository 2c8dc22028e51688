import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../db/database';
import type { Caller } from './policy';

/**
 * "The caller may see the resource whose id is in column `ref`" as SQL, for the WHERE of a list query:
 * `.where(filter('people.id'))`. It never scopes by school itself: the query it joins already does.
 */
// The id column may belong to any table (people.id, memberships.person_id…), so the builder is untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an access rule filters whichever query names the resource
export type AccessFilter = (ref: string) => (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;

/**
 * Which resources of one kind a caller may see (docs/decisions/007-access-by-resource.md), in the two
 * forms the rest of the server needs, answering one rule:
 * - `visible`: of these ids, those the caller may see — what policies, `POST allowed` and services ask
 *   before they act on ids (a few queries however many ids, memoised on the request's caller);
 * - `filter`: the same rule as SQL, which list queries apply so that pages and totals never count what
 *   the caller may not see.
 * Ids of other schools, or of nothing, are never visible. Each kind has a test that, for every caller
 * of the test world, the two agree on every id.
 */
export interface ResourceAccess<Kind extends string = string> {
  readonly kind: Kind;
  visible(db: Database, caller: Caller, ids: readonly number[]): Promise<Set<number>>;
  filter(db: Database, caller: Caller): Promise<AccessFilter>;
}

/** One id through `access.visible`. */
export async function canSee(access: ResourceAccess, db: Database, caller: Caller, id: number): Promise<boolean> {
  return (await access.visible(db, caller, [id])).has(id);
}
