import { type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { AccessFilter } from '../../policy/access';
import type { Caller } from '../../policy/policy';
import { currentMembership } from './enrollment';

type Eb = ExpressionBuilder<DB, never>;

/** Every node: the list query already keeps to the caller's school. */
export const everyNode: AccessFilter = () => () => sql<SqlBool>`1 = 1`;

/**
 * nodeAccess (nodes.access.ts) as SQL: a node in `reachIds` (the routes the caller drives and the
 * subtrees in their reach, expanded from the tree once per request), or one where the caller or one
 * of their children is a current member.
 */
export function nodeMembersFilter(caller: Caller, reachIds: readonly number[]): AccessFilter {
  return (ref) => (untyped) => {
    const eb = untyped as unknown as Eb;
    const node = sql.ref<number>(ref);
    const ownNodes = eb
      .selectFrom('memberships as access_m')
      .select('access_m.node_id')
      .where(scopedToOrg(caller.orgId, 'access_m'))
      .where('access_m.person_id', 'in', [caller.id, ...caller.childIds])
      .where(currentMembership('access_m'));
    return eb.or([...(reachIds.length > 0 ? [eb(node, 'in', [...reachIds])] : []), eb(node, 'in', ownNodes)]);
  };
}
