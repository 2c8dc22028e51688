import { randomUUID } from 'node:crypto';
import type { TableWrite, WriteWatch } from '../db/write-watch';
import type { EventBus } from '../platform/events/event-bus';
import type { CallerCache } from './caller-cache';

/** Tables a Caller is read from (people.queries.ts findSignedInCaller): a write to one may change who someone is. */
export const CALLER_TABLES: ReadonlySet<string> = new Set(['people', 'memberships', 'relationships', 'nodes', 'node_types', 'registrations']);

const TOPIC = 'callers.changed';

/**
 * Tables a live topic's right is read from: the caller's, and a bus route's crew and riders. A write to
 * one makes the live sockets of its school that follow a topic ask again (modules/live, issue 29 item 4).
 */
export const ACCESS_TABLES: ReadonlySet<string> = new Set([...CALLER_TABLES, 'transport_routes', 'route_riders']);

/** The bus topic of access changes: every process's live sockets and caller cache listen to it. */
export const ACCESS_CHANGED_TOPIC = 'access.changed';

/**
 * Someone's access changed in a school. `personIds`: these people's sign-ins were revoked or their
 * rights changed (their caller is forgotten and each of their live sockets revalidates at once); null:
 * some rights of the school changed (the sockets there that follow a topic ask again).
 */
export interface AccessChange {
  orgId: number;
  personIds: number[] | null;
}

/** Forgets the school's callers here at once and tells every process (their caches and live sockets). */
export async function announceAccessChanged(services: { callers: CallerCache; events: EventBus }, change: AccessChange): Promise<void> {
  services.callers.invalidate(change.orgId);
  await services.events.publish(ACCESS_CHANGED_TOPIC, change).catch(() => undefined);
}

/** The change in a bus payload, or null for anything else. */
export function readAccessChange(payload: unknown): AccessChange | null {
  const change = payload as Partial<AccessChange> | null;
  if (!change || typeof change.orgId !== 'number') return null;
  if (change.personIds === null) return { orgId: change.orgId, personIds: null };
  if (!Array.isArray(change.personIds) || !change.personIds.every((id) => typeof id === 'number')) return null;
  return { orgId: change.orgId, personIds: change.personIds };
}

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
  // After the caller change above (published first, so another process forgets its callers before its sockets ask again).
  const stopWatchingAccess = writes.subscribe((changes) => {
    for (const orgId of accessChangedOrgIds(changes)) {
      const change: AccessChange = { orgId, personIds: null };
      events.publish(ACCESS_CHANGED_TOPIC, change).catch((err: unknown) => log.warn({ err }, 'could not publish an access change'));
    }
  });
  const subscription = events.subscribe(TOPIC, (payload) => {
    const notice = payload as Notice;
    if (notice?.from !== self) forget(callers, Array.isArray(notice?.orgIds) ? notice.orgIds : null);
  });
  // A revocation announced by another process: its tokens must fail here too from now on.
  const accessSubscription = events.subscribe(ACCESS_CHANGED_TOPIC, (payload) => {
    const change = readAccessChange(payload);
    if (change?.personIds) callers.invalidate(change.orgId);
  });
  return async () => {
    stopWatching();
    stopWatchingAccess();
    await subscription();
    await accessSubscription();
  };
}

/** Schools whose access tables were written to (a write that names no school is left to the 2-minute revalidation). */
function accessChangedOrgIds(changes: TableWrite[]): Set<number> {
  const orgIds = new Set<number>();
  for (const change of changes) {
    if (ACCESS_TABLES.has(change.table) && change.orgIds) for (const id of change.orgIds) orgIds.add(id);
  }
  return orgIds;
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
