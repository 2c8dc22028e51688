import type { PersonCard } from '@patio/core/schemas/people';
import type { RouteSetup, RouteStopsInput } from '@patio/core/schemas/transport-setup';

// Answers shaped as the zod contract of packages/core/src/schemas/transport-setup.ts, for the setup screen's tests.

type SetupStop = RouteSetup['stops'][number];

export const setupStop = (id: number, name: string, extra: Partial<SetupStop> = {}): SetupStop => ({
  id,
  position: id - 100,
  name,
  lat: 4.67 + (id - 100) / 200,
  lng: -74.05,
  scheduledTime: null,
  riders: 0,
  ...extra,
});

/** Ruta 1: three stops, a driver and no monitor; Ana rides as a member of the route's group, Bruno was added by hand. */
export function routeSetup(extra: Partial<RouteSetup> = {}): RouteSetup {
  return {
    id: 1,
    name: 'Ruta 1',
    vehicle: 'Buseta ABC-123',
    driver: { id: 30, name: 'Jorge Páez' },
    monitor: null,
    stops: [setupStop(101, 'Portería norte', { scheduledTime: '06:30', riders: 1 }), setupStop(102, 'Calle 80', { scheduledTime: '06:45', riders: 1 }), setupStop(103, 'Colegio', { scheduledTime: '07:10', riders: 1 })],
    riders: [
      { person: { id: 40, name: 'Ana Ruiz' }, pickupStopId: 102, dropoffStopId: 103, member: true },
      { person: { id: 41, name: 'Bruno Díaz' }, pickupStopId: 101, dropoffStopId: null, member: false },
    ],
    running: false,
    ...extra,
  };
}

/** The setup the server answers to PUT …/stops: the list as sent, new stops with new ids. */
export function withStops(setup: RouteSetup, input: RouteStopsInput): RouteSetup {
  let nextId = 900;
  return {
    ...setup,
    stops: input.stops.map((stop, index) => ({ id: stop.id ?? nextId++, position: index + 1, name: stop.name, lat: stop.lat, lng: stop.lng, scheduledTime: stop.scheduledTime, riders: 0 })),
  };
}

export const card = (id: number, firstName: string, lastName: string, roles: string[] = []): PersonCard => ({ id, firstName, lastName, lastName2: null, avatar: null, roles } as PersonCard);
