import type { Occurrence } from '@patio/core';
import { expandOccurrences } from '@patio/core/calendar/recurrence';
import type { Database } from '../../db/database';
import type { CalendarEventRecord, EpochWindow } from './calendar.types';

// Expanding a rule places every occurrence in its zone (wall clock → epoch → ISO with offset): that
// was most of the CPU of a month read, done again for every reader of the same month. The expansion
// depends only on the event's times, zone and rule and on the window, never on who reads, so it is
// kept per event and window and shared by every reader of the school; who may see the event is
// decided before (the window's SQL reads only events the caller sees), and titles, feeds and posts
// come from the row of this request.
//
// The key holds what the expansion is made of (the stored starts, ends, all-day flag, zone and rule
// text), so an event changed anywhere — this process, another process behind the bus, the posts area
// re-publishing it, an import — is expanded again on its next read without being told: an entry that
// no longer matches its row is never used. The event's own writes drop its entries at once so they
// do not wait for the LRU. Bounded by occurrences held (an expansion has at most MAX_EXPANDED).

/** Occurrences held at most per database handle (≈ 150 bytes each). */
export const MAX_CACHED_OCCURRENCES = 100_000;
/** Windows kept per event (a reader moving back and forth through months). */
const WINDOWS_PER_EVENT = 6;

interface EventEntry {
  version: string;
  /** `${from}:${to}` → occurrences, oldest use first. */
  windows: Map<string, readonly Occurrence[]>;
  size: number;
}

class ExpansionCache {
  /** `${orgId}:${eventId}` → entry, least recently used first. */
  readonly events = new Map<string, EventEntry>();
  size = 0;

  drop(key: string): void {
    const entry = this.events.get(key);
    if (!entry) return;
    this.size -= entry.size;
    this.events.delete(key);
  }
}

const caches = new WeakMap<Database, ExpansionCache>();

function cacheOf(db: Database): ExpansionCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ExpansionCache()));
  return cache;
}

const versionOf = (s: CalendarEventRecord) => `${s.startsAt}|${s.endsAt}|${s.allDay ? 1 : 0}|${s.timeZone}|${s.recurrenceText ?? ''}`;

/**
 * The occurrences of `event` overlapping `window`, expanded once per event, version and window. The
 * array is shared between requests: callers copy what they answer, never change it.
 */
export function cachedOccurrences(db: Database, orgId: number, event: CalendarEventRecord, window: EpochWindow): readonly Occurrence[] {
  const cache = cacheOf(db);
  const key = `${orgId}:${event.id}`;
  const version = versionOf(event);
  const windowKey = `${window.from}:${window.to}`;
  let entry = cache.events.get(key);
  if (entry && entry.version !== version) {
    cache.drop(key);
    entry = undefined;
  }
  if (entry) {
    // Most recently used goes last, for the event and for its window.
    cache.events.delete(key);
    cache.events.set(key, entry);
    const hit = entry.windows.get(windowKey);
    if (hit) {
      entry.windows.delete(windowKey);
      entry.windows.set(windowKey, hit);
      return hit;
    }
  }
  const occurrences = Object.freeze(expandOccurrences(event, window).map((o) => Object.freeze(o)));
  if (!entry) cache.events.set(key, (entry = { version, windows: new Map(), size: 0 }));
  entry.windows.set(windowKey, occurrences);
  entry.size += occurrences.length + 1;
  cache.size += occurrences.length + 1;
  if (entry.windows.size > WINDOWS_PER_EVENT) {
    const [oldest, dropped] = entry.windows.entries().next().value!;
    entry.windows.delete(oldest);
    entry.size -= dropped.length + 1;
    cache.size -= dropped.length + 1;
  }
  for (const lru of cache.events.keys()) {
    if (cache.size <= MAX_CACHED_OCCURRENCES) break;
    cache.drop(lru);
  }
  return occurrences;
}

/** Drops an event's expansions (its own write: edit, delete). */
export function forgetExpansions(db: Database, orgId: number, eventId: number): void {
  caches.get(db)?.drop(`${orgId}:${eventId}`);
}

/** Events with expansions held for a school (tests look at it to know the cache was used). */
export function cachedEventIds(db: Database, orgId: number): number[] {
  const prefix = `${orgId}:`;
  return [...(caches.get(db)?.events.keys() ?? [])].filter((k) => k.startsWith(prefix)).map((k) => Number(k.slice(prefix.length)));
}
