import { seedSchool } from '../db/seed/index';
import { demoPassword } from '../db/seed/demo-school';
import { norteAdmin, norteOrg, norteSteps } from '../db/seed/norte-school';
import { insertNode, insertNodeType } from '../modules/nodes/nodes.queries';
import { findOrgByCode } from '../modules/org/org.queries';
import { findPersonIdByUsername } from '../modules/people/people.queries';
import { findRouteStops, insertRouteStops, insertTarget, upsertRouteRider, upsertTransportRoute } from '../modules/transport/transport.queries';
import type { SchoolTree, TestPerson } from './factories';
import type { Org, TestApp } from './harness';

/**
 * One school with a class tree (school → section → grade → classes A and B): student A in class A with
 * parent A, student B in class B with parent B, a teacher of each class, a school admin (username
 * "admin"), and the seeded second school, Colegio del Norte, with its own "admin" (demo1234). Beside the tree, bus route 1 (a root-level node of type "route", as in the demo)
 * with its driver (an employee of the route) and one rider with a parent; and a school-wide employee
 * (employee of the root). Route 1 has four stops (ROUTE_1_STOPS, planned 06:10 to 06:40),
 * a tracked bus, and its rider gets on at the second stop and off at the last. Unless a row says
 * otherwise, `:id` is student A (the person the path is about).
 */
export interface World {
  school: Org;
  tree: SchoolTree;
  studentA: TestPerson;
  studentB: TestPerson;
  parentA: TestPerson;
  parentB: TestPerson;
  teacherA: TestPerson;
  teacherB: TestPerson;
  admin: TestPerson;
  /** The seeded norte school (db/seed/norte-school.ts): another school with the same usernames. */
  otherSchool: Org;
  /** Norte's real administrator, username "admin" like the world's admin. */
  otherAdmin: TestPerson;
  /** Bus route 1: a node of type "route" under the school's root. */
  route: number;
  /** Employee of the route only: its driver (also transport_routes.driver_id). */
  driver: TestPerson;
  /** Route 1's stops in driving order (ROUTE_1_STOPS), and its tracked bus. */
  stops: number[];
  targetId: number;
  /** A student who rides route 1 (in no class of the tree) and their father. */
  rider: TestPerson;
  riderParent: TestPerson;
  /** Employee of the school's root node: school-wide. */
  employee: TestPerson;
}

/** Route 1's stops: about a kilometre apart, northwards along Carrera 15 in Bogotá. */
export const ROUTE_1_STOPS = [
  { name: 'Calle 100', lat: 4.6860, lng: -74.0500, scheduledTime: '06:10' },
  { name: 'Calle 109', lat: 4.6950, lng: -74.0480, scheduledTime: '06:20' },
  { name: 'Calle 118', lat: 4.7040, lng: -74.0460, scheduledTime: '06:30' },
  { name: 'Calle 127', lat: 4.7130, lng: -74.0440, scheduledTime: '06:40' },
];

/** Builds the World (the authorization table and the people/nodes suites share it). */
export async function makeWorld(t: TestApp): Promise<World> {
  const school = await t.makeSchool();
  await seedSchool(t.db, norteOrg, norteSteps);
  const otherSchool = (await findOrgByCode(t.db, norteOrg.code))!;
  const otherAdmin: TestPerson = {
    id: (await findPersonIdByUsername(t.db, otherSchool.id, 'admin'))!,
    org: otherSchool,
    username: 'admin',
    password: demoPassword,
    firstName: norteAdmin.firstName,
    lastName: norteAdmin.lastName,
    gender: norteAdmin.gender,
  };
  const tree = await t.makeTree(school);
  const studentA = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Alba' });
  const studentB = await t.makePerson(school, { role: 'student', node: tree.classB, firstName: 'Bruno', gender: 'male' });
  const routeType = await insertNodeType(t.db, school.id, { key: 'route', singular: { en: 'Route' }, plural: { en: 'Routes' } });
  const route = await insertNode(t.db, school.id, { parentId: tree.root, typeId: routeType, name: 'Route 1', position: 9 });
  const rider = await t.makePerson(school, { role: 'student', node: route, firstName: 'Rita' });
  const people = {
    school,
    tree,
    studentA,
    studentB,
    parentA: await t.makePerson(school, { relativeOf: studentA, gender: 'male', firstName: 'Pablo' }),
    parentB: await t.makePerson(school, { relativeOf: studentB, gender: 'female', firstName: 'Berta' }),
    teacherA: await t.makePerson(school, { role: 'teacher', node: tree.classA, firstName: 'Teresa' }),
    teacherB: await t.makePerson(school, { role: 'teacher', node: tree.classB, firstName: 'Tomás', gender: 'male' }),
    admin: await t.makePerson(school, { role: 'admin', firstName: 'Adela', username: 'admin' }),
    otherSchool,
    otherAdmin,
    route,
    driver: await t.makePerson(school, { role: 'employee', node: route, firstName: 'Diego', gender: 'male' }),
    rider,
    riderParent: await t.makePerson(school, { relativeOf: rider, gender: 'male', firstName: 'Rafael' }),
    employee: await t.makePerson(school, { role: 'employee', node: tree.root, firstName: 'Elena' }),
  };
  await upsertTransportRoute(t.db, school.id, { nodeId: route, vehicle: 'Bus 1 (ABC-123)', driverId: people.driver.id, monitorId: null });
  await insertRouteStops(t.db, school.id, route, ROUTE_1_STOPS);
  const stops = (await findRouteStops(t.db, school.id, route)).map((s) => s.id);
  const targetId = await insertTarget(t.db, school.id, { name: 'Bus Route 1', nodeId: route });
  await upsertRouteRider(t.db, school.id, { nodeId: route, personId: rider.id, pickupStopId: stops[1], dropoffStopId: stops[3] });
  return { ...people, stops, targetId };
}
