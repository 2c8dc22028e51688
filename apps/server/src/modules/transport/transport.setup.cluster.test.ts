import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { redisForTests } from '../../platform/events/redis-test-server';
import { testDatabases } from '../../test/databases';
import { makeFactories, type TestPerson } from '../../test/factories';
import { useServerProcesses } from '../../test/server-processes';
import { insertNode, insertNodeType } from '../nodes/nodes.queries';
import { nextReportTime, reportAt } from './transport.fixtures';
import { insertRouteStops, insertTarget, upsertTransportRoute } from './transport.queries';

// Two server processes (app instances) on one database and one Redis bus: a driver taken off a route
// on one process is refused on the other as soon as the notice arrives, not when its cached entry is next read again (minutes).

for (const kind of testDatabases) {
  describe.skipIf(kind.skip || !redisForTests.available)(`transport: route setup across server processes on ${kind.label}`, () => {
    const processes = useServerProcesses(kind);

    it("stops the old driver's reports on the other process once the crew changes", async () => {
      const [a, b] = await processes.start(2);
      const factories = makeFactories(a);
      const school = await factories.makeSchool();
      const admin = await factories.makePerson(school, { role: 'admin', firstName: 'Adela' });
      const xavier = await factories.makePerson(school, { firstName: 'Xavier', gender: 'male' });
      const yolanda = await factories.makePerson(school, { firstName: 'Yolanda' });
      const db = a.patio.db;
      const type = await insertNodeType(db, school.id, { key: 'route', singular: { en: 'Route' }, plural: { en: 'Routes' } });
      const route = await insertNode(db, school.id, { parentId: null, typeId: type, name: 'Route 7', position: 1 });
      await upsertTransportRoute(db, school.id, { nodeId: route, vehicle: 'Bus 7', driverId: xavier.id, monitorId: null });
      await insertRouteStops(db, school.id, route, [{ name: 'Uno', lat: 4.70, lng: -74.05 }, { name: 'Dos', lat: 4.71, lng: -74.05 }]);
      const target = await insertTarget(db, school.id, { name: 'Bus 7', nodeId: route });

      const call = async (app: FastifyInstance, person: TestPerson, method: 'POST' | 'PUT', path: string, body: unknown) =>
        app.inject({ method, url: `/api/${school.code}/${path}`, headers: { authorization: `Bearer ${await factories.signIn(person)}` }, payload: body as object });
      const report = (person: TestPerson) => call(b, person, 'POST', `geo/targets/${target}/position`, reportAt(4.70, -74.05, nextReportTime()));

      expect((await call(a, xavier, 'POST', `transport/routes/${route}/runs`, undefined)).statusCode).toBe(201);
      // Process B now keeps Xavier as the driver (transport.cache.ts).
      expect((await report(xavier)).statusCode).toBe(201);
      expect((await call(a, admin, 'PUT', `transport/routes/${route}/crew`, { vehicle: 'Bus 7', driverId: yolanda.id, monitorId: null })).statusCode).toBe(200);

      const deadline = Date.now() + 5000;
      let status = 201;
      while (status === 201 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        status = (await report(xavier)).statusCode;
      }
      expect(status).toBe(403);
      expect((await report(yolanda)).statusCode).toBe(201);
    });
  });
}
