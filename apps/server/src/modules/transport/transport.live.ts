import { type GeoPosition, type LiveServerMessage, ROUTE_TOPIC_PATTERN, type RouteLogEntry, type StopEta } from '@patio/core';
import type { EventBus } from '../../platform/events/event-bus';
import { canSee } from '../../policy/access';
import type { LiveTopic } from '../live/index';
import { routeAccess } from './transport.access';

// The live topic of a bus route (issue 13 §2 "Live"): a socket subscribes to `transport/routes/{id}`
// and receives, through the event bus (so across server processes with Redis), a `position` message
// for each accepted report and a `route.event` message for each entry of the route's log.

/** The event-bus topic of a route's live messages (it names the school: bus topics are global). */
export function routeBusTopic(orgId: number, routeId: number): string {
  return `org.${orgId}.transport.route.${routeId}`;
}

export type RoutePositionMessage = Extract<LiveServerMessage, { type: 'position' }>;
export type RouteEventMessage = Extract<LiveServerMessage, { type: 'route.event' }>;

/** `transport/routes/{id}` for whoever sees the route (routeAccess); a route they do not see, or none: forbidden. */
export const transportLiveTopic: LiveTopic = {
  pattern: ROUTE_TOPIC_PATTERN,
  async authorize(db, org, caller, match) {
    const routeId = Number(match[1]);
    if (caller.orgId !== org.id || !(await canSee(routeAccess, db, caller, routeId))) {
      return { error: 'forbidden', message: 'You may not follow this route' };
    }
    return { busTopic: routeBusTopic(org.id, routeId) };
  },
};

/** Publishes an accepted report of a route's bus. Never throws: live updates are best effort. */
export async function publishPosition(events: EventBus, orgId: number, routeId: number, targetId: number, position: GeoPosition, etas: StopEta[]): Promise<void> {
  const message: RoutePositionMessage = { type: 'position', route: routeId, target: targetId, position, etas };
  await events.publish(routeBusTopic(orgId, routeId), message).catch(() => undefined);
}

/** Publishes an entry of a route's log. Never throws. */
export async function publishRouteEvent(events: EventBus, orgId: number, routeId: number, entry: RouteLogEntry): Promise<void> {
  const message: RouteEventMessage = { type: 'route.event', route: routeId, entry };
  await events.publish(routeBusTopic(orgId, routeId), message).catch(() => undefined);
}
