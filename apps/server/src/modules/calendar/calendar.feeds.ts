import { type CalendarFeed, DEFAULT_PAGE_COLOR } from '@patio/core';
import type { Database } from '../../db/database';
import { memoised } from '../../policy/caller-memo';
import type { Caller } from '../../policy/policy';
import { hasClassroomCalendar } from '../classroom/index';
import { findFeedPrefs, findSourceFeedRows, type SourceFeedRow } from './calendar.feeds.queries';
import type { ParsedFeed } from './calendar.feeds.sql';
import { findNodeIdsWithEvents } from './calendar.queries';
import { type CalendarReach, findCalendarReach, seesNodeCalendar, seesSourceCalendar } from './calendar.reach';
import type { FeedId } from './calendar.types';

// The feeds of a person (spec §3 Calendar feed; issue 11 §2): 'posts' (events on posts they read),
// 'classroom' (the due dates of their classroom groups' tasks, issue 35: listed when there is a task),
// one per node calendar they see, one per external source they see. The feed url is the window read
// (GET calendar/events) with the feed id as its parameter.

export const FEED_URL = 'calendar/events';

const palette = ['#2F9E44', '#E8590C', '#7048E8', '#C2255C', '#0C8599', '#F08C00', '#5C940D', '#1971C2'];
const CLASSROOM_COLOR = '#5F3DC4';

/** 'node-12' → {kind: 'node', id: 12}; anything else that is not a feed id → null. */
export function parseFeedId(id: string): ParsedFeed | null {
  if (id === 'posts') return { kind: 'posts' };
  if (id === 'classroom') return { kind: 'classroom' };
  const match = /^(node|source)-([1-9][0-9]{0,9})$/.exec(id);
  if (!match) return null;
  const n = Number(match[2]);
  if (!Number.isSafeInteger(n) || n > 2_147_483_647) return null;
  return { kind: match[1] as 'node' | 'source', id: n };
}

/** The feed of an event: its post's, its source's, else its node's. */
export function feedOfEvent(event: { postId: number | null; sourceId: number | null; nodeId: number | null }): FeedId {
  if (event.postId !== null) return 'posts';
  if (event.sourceId !== null) return `source-${event.sourceId}`;
  return `node-${event.nodeId ?? 0}`;
}

function sourcesOf(db: Database, caller: Caller): Promise<SourceFeedRow[]> {
  return memoised(caller, 'calendar:sources', () => findSourceFeedRows(db, caller.orgId));
}

/** Whether the caller sees the feed (a node or source of another school, or of none, is not seen). */
export async function seesFeed(db: Database, caller: Caller, feed: ParsedFeed): Promise<boolean> {
  const reach = await findCalendarReach(db, caller);
  if (!reach.approved) return false;
  if (feed.kind === 'posts') return true;
  if (feed.kind === 'classroom') return hasClassroomCalendar(db, caller);
  if (feed.kind === 'node') return seesNodeCalendar(reach, feed.id);
  const source = (await sourcesOf(db, caller)).find((s) => s.id === feed.id);
  return source !== undefined && seesSourceCalendar(reach, source.node_id);
}

function feedOf(id: FeedId, kind: CalendarFeed['kind'], name: string, color: string, prefs: Map<string, boolean>): CalendarFeed {
  return { id, url: FEED_URL, params: { feed: id }, enabled: prefs.get(id) ?? true, kind, name, color };
}

/** The node calendars listed: those seen that have events or lie on the caller's own path (and the school's roots). */
function listedNodes(reach: CalendarReach, withEvents: Set<number>) {
  return reach.tree.filter((n) => seesNodeCalendar(reach, n.id) && (withEvents.has(n.id) || reach.ownPath.has(n.id) || n.parent_id === null));
}

/** Tree order: each node after its parent, siblings in display order. */
function inTreeOrder<T extends { id: number; parent_id: number | null }>(nodes: T[], all: { id: number; parent_id: number | null }[]): T[] {
  const order = new Map<number, number>();
  const children = new Map<number | null, number[]>();
  for (const n of all) children.set(n.parent_id, [...(children.get(n.parent_id) ?? []), n.id]);
  const known = new Set(all.map((n) => n.id));
  const roots = all.filter((n) => n.parent_id === null || !known.has(n.parent_id)).map((n) => n.id);
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (order.has(id)) continue;
    order.set(id, order.size);
    stack.push(...[...(children.get(id) ?? [])].reverse());
  }
  return [...nodes].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/** One feed the caller sees, listed or not (a calendar without events off their path), or null. */
export async function findFeed(db: Database, caller: Caller, id: FeedId): Promise<CalendarFeed | null> {
  const feed = parseFeedId(id);
  if (!feed || !(await seesFeed(db, caller, feed))) return null;
  const prefs = await findFeedPrefs(db, caller.orgId, caller.id);
  if (feed.kind === 'posts') return feedOf('posts', 'posts', '', DEFAULT_PAGE_COLOR, prefs);
  if (feed.kind === 'classroom') return feedOf('classroom', 'classroom', '', CLASSROOM_COLOR, prefs);
  if (feed.kind === 'node') {
    const node = (await findCalendarReach(db, caller)).tree.find((n) => n.id === feed.id);
    return feedOf(id, 'node', node?.name ?? '', palette[feed.id % palette.length], prefs);
  }
  const source = (await sourcesOf(db, caller)).find((s) => s.id === feed.id);
  return feedOf(id, 'source', source?.name ?? '', palette[(feed.id + 4) % palette.length], prefs);
}

/** The caller's feeds: 'posts' first, then 'classroom', then node calendars in tree order, then sources by name. */
export async function feedsOf(db: Database, caller: Caller): Promise<CalendarFeed[]> {
  const reach = await findCalendarReach(db, caller);
  if (!reach.approved) return [];
  const [prefs, withEvents, sources, classroom] = await Promise.all([
    findFeedPrefs(db, caller.orgId, caller.id), findNodeIdsWithEvents(db, caller.orgId), sourcesOf(db, caller), hasClassroomCalendar(db, caller),
  ]);
  const nodes = inTreeOrder(listedNodes(reach, withEvents), reach.tree);
  return [
    feedOf('posts', 'posts', '', DEFAULT_PAGE_COLOR, prefs),
    ...(classroom ? [feedOf('classroom', 'classroom', '', CLASSROOM_COLOR, prefs)] : []),
    ...nodes.map((n) => feedOf(`node-${n.id}`, 'node', n.name, palette[n.id % palette.length], prefs)),
    ...sources.filter((s) => seesSourceCalendar(reach, s.node_id)).map((s) => feedOf(`source-${s.id}`, 'source', s.name, palette[(s.id + 4) % palette.length], prefs)),
  ];
}

/** The feeds the person switched off (for the 'enabled' selection). */
export async function switchedOffFeeds(db: Database, orgId: number, personId: number): Promise<ParsedFeed[]> {
  const prefs = await findFeedPrefs(db, orgId, personId);
  return [...prefs].flatMap(([id, on]) => {
    const parsed = on ? null : parseFeedId(id);
    return parsed ? [parsed] : [];
  });
}
