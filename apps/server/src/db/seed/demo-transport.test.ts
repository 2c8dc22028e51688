import { ZTransportRoute } from '@patio/core';
import { expect, it } from 'vitest';
import { findPersonIdByUsername } from '../../modules/people/people.queries';
import { describeOnDatabases } from '../../test/harness';
import { route1Stops } from './demo-people';

// The demo's bus route, read as the demo people read it (issue 13 §1): Ruta 1 with six planned stops,
// driven by `driver`; the demo student gets on at the stop near the demo parent's home.
describeOnDatabases(
  'the demo bus route',
  (t) => {
    it('shows the parent Ruta 1 with their children getting on near home, and lets the driver start it', async () => {
      const demo = (await t.db.selectFrom('orgs').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
      const idOf = async (username: string) => (await findPersonIdByUsername(t.db, demo, username))!;
      const get = async (username: string, path: string) => t.request({ method: 'GET', url: `/api/demo/${path}`, token: await t.app.patio.tokens.sign('demo', await idOf(username)) });

      const routes = ZTransportRoute.array().parse((await get('parent', 'transport/routes')).json());
      expect(routes.map((r) => r.name)).toEqual(['Ruta 1']);
      const [route] = routes;
      expect(route.stops.map((s) => s.name)).toEqual(route1Stops.map((s) => s.name));
      expect(route.stops.map((s) => s.scheduledTime)).toEqual(['06:10', '06:19', '06:28', '06:36', '06:45', '06:55']);
      expect(route.driver?.id).toBe(await idOf('driver'));
      expect(route.monitor).not.toBeNull();
      expect(route.riders).toHaveLength(2);
      const mine = route.stops.filter((s) => s.mine).map((s) => s.name);
      expect(mine).toEqual([route1Stops[1].name, route1Stops[5].name]);
      const studentView = ZTransportRoute.parse((await get('student', `transport/routes/${route.id}`)).json());
      expect(studentView.riders).toEqual([expect.objectContaining({ person: expect.objectContaining({ id: await idOf('student') }), pickupStopId: route.stops[1].id })]);

      const driverView = ZTransportRoute.parse((await get('driver', `transport/routes/${route.id}`)).json());
      expect(driverView.canDrive).toBe(true);
      expect(driverView.riders.length).toBeGreaterThan(2);
      const target = (await get('driver', `geo/targets/${route.targetId}`)).json();
      expect(target).toMatchObject({ name: 'Bus Ruta 1', routeId: route.id, canReport: true });
    });
  },
  { seedDemo: true },
);
