import { sql, type SqlBool } from 'kysely';
import type { AccessFilter } from '../../policy/access';

/** Every node: the query it filters already keeps to the caller's school. */
export const everyNode: AccessFilter = () => () => sql<SqlBool>`1 = 1`;

/** A node among `ids` (the caller's reach, expanded from the tree once per request); none when empty. */
export function nodeIn(ids: readonly number[]): AccessFilter {
  return (ref) => (eb) => (ids.length === 0 ? sql<SqlBool>`1 = 0` : eb(sql.ref(ref), 'in', [...ids]));
}
