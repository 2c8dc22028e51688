import type { EventBus } from '../../platform/events/event-bus';

// The one bus topic per school that says "these people's threads changed" (a new stub, a move, a
// read). Live connections of those people refresh their unread counts and open lists. One event
// names many people, so publishing to 10,000 recipients is a handful of messages, not 10,000.
// Form answers travel on the same topic (forms-topic.ts): one subscription per school carries both.

export interface ThreadsChanged {
  personIds: number[];
  threadId: number | null;
}

/** People per event: keeps each bus message small (Redis and WebSocket frames). */
const PEOPLE_PER_EVENT = 2000;

export function threadsTopic(orgId: number): string {
  return `org.${orgId}.threads`;
}

/** Tells the live connections of `personIds` that their threads changed. Never throws: live updates are best effort. */
export async function announceThreadsChanged(events: EventBus, orgId: number, personIds: readonly number[], threadId: number | null): Promise<void> {
  const unique = [...new Set(personIds)];
  for (let i = 0; i < unique.length; i += PEOPLE_PER_EVENT) {
    const event: ThreadsChanged = { personIds: unique.slice(i, i + PEOPLE_PER_EVENT), threadId };
    await events.publish(threadsTopic(orgId), event).catch(() => undefined);
  }
}
