import type { LiveTopicMessage } from '@patio/core';
import type { LiveTopic } from './live-topics';

/**
 * A topic of the tests only: `test/rooms/<n>`, open to even rooms of the caller's school unless the
 * room is in `revoked` (which a test fills to take a room away from a socket that follows it).
 */
export function testRooms(revoked: Set<number> = new Set()): LiveTopic & { revoked: Set<number> } {
  return {
    revoked,
    pattern: /^test\/rooms\/(\d{1,6})$/,
    async authorize(_db, org, _caller, match) {
      const room = Number(match[1]);
      if (room % 2 === 1 || revoked.has(room)) return { error: 'forbidden', message: 'This room is not yours' };
      return { busTopic: roomBusTopic(org.id, room) };
    },
  };
}

export function roomBusTopic(orgId: number, room: number): string {
  return `org.${orgId}.test.room.${room}`;
}

/** The `n`-th position report of a bus on route `route`, as a topic delivers it. */
export function positionMessage(route: number, n: number): LiveTopicMessage {
  return {
    type: 'position',
    route,
    target: 1,
    position: {
      latitude: 4.6 + n / 10_000,
      longitude: -74.08,
      altitude: null,
      accuracy: 5,
      altitudeAccuracy: null,
      heading: 90,
      speed: 8.5,
      timestamp: 1_760_000_000_000 + n * 1000,
      receivedAt: 1_760_000_000 + n,
    },
    etas: [{ stopId: 3, eta: 1_760_000_300 + n, meters: 900 - n }],
  };
}

/** A log entry of a route's run, as a topic delivers it. */
export function routeEventMessage(route: number, id: number): LiveTopicMessage {
  return {
    type: 'route.event',
    route,
    entry: { id, runId: 1, kind: 'delayed', at: 1_760_000_000 + id, stop: null, person: null, actor: { id: 2, name: 'Diego' }, minutes: 10 },
  };
}
