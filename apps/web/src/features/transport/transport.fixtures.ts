import type { GeoPosition, RouteLogEntry, RouteStop, SharedRoute, TransportRoute } from '@patio/core/schemas/transport';
import { BASE } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';

// Answers shaped as the zod contract of packages/core/src/schemas/transport.ts, for screen tests.

export const ME = 7;
export const signedIn = (language = 'es-CO') => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language, token: validToken(ME) });

/** Epoch seconds, `secondsAgo` before now. */
export const ago = (secondsAgo: number) => Math.floor(Date.now() / 1000) - secondsAgo;

export const position = (secondsAgo: number, lat = 4.676, lng = -74.048): GeoPosition => ({
  latitude: lat,
  longitude: lng,
  altitude: null,
  accuracy: 8,
  altitudeAccuracy: null,
  heading: null,
  speed: 6,
  timestamp: ago(secondsAgo),
  receivedAt: ago(secondsAgo),
});

export const stop = (id: number, name: string, extra: Partial<RouteStop> = {}): RouteStop => ({
  id,
  position: id - 100,
  name,
  lat: 4.67 + (id - 100) / 200,
  lng: -74.05,
  scheduledTime: null,
  eta: null,
  meters: null,
  reached: false,
  mine: false,
  ...extra,
});

export function route(extra: Partial<TransportRoute> = {}): TransportRoute {
  return {
    id: 1,
    name: 'Ruta 1',
    vehicle: 'Buseta ABC-123',
    driver: { id: 30, name: 'Jorge Páez' },
    monitor: null,
    targetId: 5,
    stops: [stop(101, 'Portería norte', { reached: true }), stop(102, 'Calle 80', { mine: true }), stop(103, 'Colegio')],
    riders: [],
    run: { id: 900, startedAt: ago(1200), finishedAt: null, startedBy: { id: 30, name: 'Jorge Páez' } },
    lastPosition: position(20),
    canDrive: false,
    canShare: true,
    canManage: false,
    ...extra,
  };
}

export const logEntry = (id: number, kind: RouteLogEntry['kind'], extra: Partial<RouteLogEntry> = {}): RouteLogEntry => ({
  id,
  runId: 900,
  kind,
  at: ago(600 - id),
  stop: null,
  person: null,
  actor: { id: 30, name: 'Jorge Páez' },
  minutes: null,
  ...extra,
});

export const shared = (extra: Partial<SharedRoute> = {}): SharedRoute => ({
  routeId: 1,
  name: 'Ruta 1',
  stops: route().stops.map((s) => ({ ...s, mine: false })),
  running: true,
  lastPosition: position(30),
  expiresAt: ago(-45 * 60),
  ...extra,
});
