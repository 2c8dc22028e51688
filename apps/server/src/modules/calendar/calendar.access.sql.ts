import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { AccessFilter } from '../../policy/access';
import type { Caller } from '../../policy/policy';
import type { CalendarReach } from './calendar.reach';

type Eb = ExpressionBuilder<DB, never>;

const nothing: AccessFilter = () => () => sql<SqlBool>`1 = 0`;

/**
 * eventAccess (calendar.access.ts) as SQL on an event id column: an event not deleted that rides on a
 * published post the caller may read (`readablePosts`, the posts area's own filter), or is imported
 * from a source whose calendar the caller sees, or sits on a node calendar the caller sees (or they
 * wrote it). The node ids are the caller's calendar reach, computed once per request from the tree.
 */
export function eventFilter(caller: Caller, reach: CalendarReach, readablePosts: AccessFilter): AccessFilter {
  if (!reach.approved) return nothing;
  const nodeIds = [...reach.nodeIds];
  return (ref) => (untyped) => {
    const eb = untyped as unknown as Eb;
    const posts = eb
      .selectFrom('posts as access_ev_post')
      .select('access_ev_post.id')
      .where(scopedToOrg(caller.orgId, 'access_ev_post'))
      .where('access_ev_post.status', '=', 'published')
      .where((inner) => readablePosts('access_ev_post.id')(inner));
    const sources = eb
      .selectFrom('calendar_sources as access_ev_src')
      .select('access_ev_src.id')
      .where(scopedToOrg(caller.orgId, 'access_ev_src'))
      .where('access_ev_src.deleted_at', 'is', null)
      .where((inner) =>
        reach.everyNode
          ? sql<SqlBool>`1 = 1`
          : inner.or([inner('access_ev_src.node_id', 'is', null), ...(nodeIds.length > 0 ? [inner('access_ev_src.node_id', 'in', nodeIds)] : [])]),
      );
    const events = eb
      .selectFrom('calendar_events as access_ev')
      .select('access_ev.id')
      .where(scopedToOrg(caller.orgId, 'access_ev'))
      .where('access_ev.deleted_at', 'is', null)
      .where((inner) => {
        const onNode: Expression<SqlBool>[] = [inner('access_ev.author_id', '=', caller.id)];
        if (reach.everyNode) onNode.push(inner('access_ev.node_id', 'is not', null));
        else if (nodeIds.length > 0) onNode.push(inner('access_ev.node_id', 'in', nodeIds));
        return inner.or([
          inner.and([inner('access_ev.post_id', 'is not', null), inner('access_ev.post_id', 'in', posts)]),
          inner.and([inner('access_ev.post_id', 'is', null), inner('access_ev.source_id', 'is not', null), inner('access_ev.source_id', 'in', sources)]),
          inner.and([inner('access_ev.post_id', 'is', null), inner('access_ev.source_id', 'is', null), inner.or(onNode)]),
        ]);
      });
    return eb(sql.ref<number>(ref), 'in', events);
  };
}

export interface EventAccessRow {
  id: number;
  post_id: number | null;
  post_status: string | null;
  node_id: number | null;
  source_id: number | null;
  /** The source row (null when it is missing). */
  source_found: number | null;
  source_node_id: number | null;
  source_deleted: number;
  author_id: number | null;
  deleted: number;
}

/** What eventAccess decides on, for the events of `ids` in the school (one query per 500 ids). */
export async function findEventAccessRows(db: Database, orgId: number, ids: readonly number[]): Promise<EventAccessRow[]> {
  const unique = [...new Set(ids)];
  const out: EventAccessRow[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('calendar_events as e')
      .leftJoin('posts as p', (j) => j.onRef('p.org_id', '=', 'e.org_id').onRef('p.id', '=', 'e.post_id'))
      .leftJoin('calendar_sources as s', (j) => j.onRef('s.org_id', '=', 'e.org_id').onRef('s.id', '=', 'e.source_id'))
      .select((eb) => [
        'e.id',
        'e.post_id',
        'p.status as post_status',
        'e.node_id',
        'e.source_id',
        's.id as source_found',
        's.node_id as source_node_id',
        eb.case().when('s.deleted_at', 'is not', null).then(1).else(0).end().as('source_deleted'),
        'e.author_id',
        eb.case().when('e.deleted_at', 'is not', null).then(1).else(0).end().as('deleted'),
      ])
      .where(scopedToOrg(orgId, 'e'))
      .where('e.id', 'in', unique.slice(i, i + 500))
      .execute();
    out.push(...rows.map((r) => ({ ...r, source_deleted: Number(r.source_deleted), deleted: Number(r.deleted) })));
  }
  return out;
}
