import { randomUUID } from 'node:crypto';
import type { TableWrite, WriteWatch } from '../db/write-watch';
import type { EventBus } from '../platform/events/event-bus';
import type { CallerCache } from './caller-cache';

/** Tables a Caller is read from (people.queries.ts findSignedInCaller): a write to one may change who someone is. */
export const CALLER_TABLES: ReadonlySet<string> = new Set(['people', 'memberships', 'relationships', 'nodes', 'node_types', 'registrations']);

const TOPIC = 'callers.changed';

interface Notice {
  from: string;
  /** Schools whose callers changed; null for every school. */
  orgIds: number[] | null;
}

/**
 * Keeps `callers` true to the database: every committed write of this process to a caller table
 * forgets the callers of its school here at once, and is published on the bus so that the other
 * processes sharing the database (Redis bus) forget them too.
 */
export function keepCallersFresh(callers: CallerCache, writes: WriteWatch, events: EventBus, log: { warn(obj: object, msg?: string): void }): () => Promise<void> {
  const self = randomUUID();
  const stopWatching = writes.subscribe((changes) => {
    const orgIds = changedOrgIds(changes);
    if (orgIds === undefined) return;
    forget(callers, orgIds);
    const notice: Notice = { from: self, orgIds };
    events.publish(TOPIC, notice).catch((err: unknown) => log.warn({ err }, 'could not publish a caller change'));
  });
  const subscription = events.subscribe(TOPIC, (payload) => {
    const notice = payload as Notice;
    if (notice?.from !== self) forget(callers, Array.isArray(notice?.orgIds) ? notice.orgIds : null);
  });
  return async () => {
    stopWatching();
    await subscription();
  };
}

/** Schools touched by writes to caller tables (null: some write did not say), or undefined when none. */
export function changedOrgIds(changes: TableWrite[]): number[] | null | undefined {
  let orgIds: Set<number> | null | undefined;
  for (const change of changes) {
    if (!CALLER_TABLES.has(change.table)) continue;
    if (change.orgIds === null) return null;
    orgIds ??= new Set();
    for (const id of change.orgIds) orgIds.add(id);
  }
  return orgIds === undefined || orgIds === null ? orgIds : [...orgIds];
}

function forget(callers: CallerCache, orgIds: number[] | null): void {
  if (orgIds === null) callers.invalidate();
  else for (const id of orgIds) callers.invalidate(id);
}
