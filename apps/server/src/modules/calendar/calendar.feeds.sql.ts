import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import type { DB } from '../../db/types';

// Which feed an event belongs to, as SQL on `calendar_events` (aliased `e`): a post's event is in
// 'posts', an imported one in 'source-{id}', any other in 'node-{id}' (calendar.feeds.ts says it in
// JavaScript: feedOfEvent). The 'classroom' feed holds no event: its items are the classroom's due dates
// (calendar.classroom.ts).

type Eb = ExpressionBuilder<DB & { e: DB['calendar_events'] }, 'e'>;

/** A feed id taken apart. */
export type ParsedFeed = { kind: 'posts' } | { kind: 'classroom' } | { kind: 'node'; id: number } | { kind: 'source'; id: number };

/** The events of one feed. */
function inFeed(eb: Eb, feed: ParsedFeed): Expression<SqlBool> {
  if (feed.kind === 'posts') return eb('e.post_id', 'is not', null);
  if (feed.kind === 'classroom') return sql<SqlBool>`1 = 0`;
  if (feed.kind === 'source') return eb.and([eb('e.post_id', 'is', null), eb('e.source_id', '=', feed.id)]);
  return eb.and([eb('e.post_id', 'is', null), eb('e.source_id', 'is', null), eb('e.node_id', '=', feed.id)]);
}

/** The events of any of `feeds` (none: no event). */
export function inFeeds(feeds: readonly ParsedFeed[]) {
  return (eb: Eb): Expression<SqlBool> => (feeds.length === 0 ? sql<SqlBool>`1 = 0` : eb.or(feeds.map((f) => inFeed(eb, f))));
}

/** The events of no feed in `off` (the feeds a person switched off). */
export function outsideFeeds(off: readonly ParsedFeed[]) {
  return (eb: Eb): Expression<SqlBool> => {
    const nodes = off.flatMap((f) => (f.kind === 'node' ? [f.id] : []));
    const sources = off.flatMap((f) => (f.kind === 'source' ? [f.id] : []));
    const kept: Expression<SqlBool>[] = [];
    if (off.some((f) => f.kind === 'posts')) kept.push(eb('e.post_id', 'is', null));
    // Written as "another kind, or not one of these", so that a null column never drops a row.
    if (nodes.length > 0) kept.push(eb.or([eb('e.post_id', 'is not', null), eb('e.source_id', 'is not', null), eb('e.node_id', 'not in', nodes)]));
    if (sources.length > 0) kept.push(eb.or([eb('e.post_id', 'is not', null), eb('e.source_id', 'is', null), eb('e.source_id', 'not in', sources)]));
    return kept.length === 0 ? sql<SqlBool>`1 = 1` : eb.and(kept);
  };
}
