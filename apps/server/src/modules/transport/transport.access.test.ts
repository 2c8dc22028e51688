import { beforeAll, expect, it } from 'vitest';
import { callerOf } from '../../test/callers';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { findNodes, insertNode, insertNodeType } from '../nodes/index';
import { routeAccess } from './transport.access';
import { upsertRouteRider, upsertTransportRoute } from './transport.queries';

// routeAccess answers one rule twice: a batch check of ids (policies, the live topic) and a SQL filter
// (GET transport/routes). For every caller, over every node of both schools and an id of nothing, the
// two must name the same routes; and they say what issue 13 says of who sees a route.
describeOnDatabases('transport: route access, the batch check and the SQL filter agree', (t) => {
  let w: World;
  let people: TestPerson[];
  let ids: number[];
  let route2: number;
  let monitor2: TestPerson;
  let withdrawn: TestPerson;
  let withdrawnFather: TestPerson;
  let rowRider: TestPerson;
  let rowRiderMother: TestPerson;

  const sorted = (set: Iterable<number>) => [...set].sort((a, b) => a - b);
  const visibleTo = async (person: TestPerson) => sorted(await routeAccess.visible(t.db, await callerOf(t, person), ids));

  beforeAll(async () => {
    w = await makeWorld(t);
    // Route 2: a "route-…" type, a monitor who is nothing else, a rider by route_riders row only, and a
    // student withdrawn from it (an ended enrollment grants nothing).
    const type = await insertNodeType(t.db, w.school.id, { key: 'route-afternoon', singular: { en: 'Route' }, plural: { en: 'Routes' } });
    route2 = await insertNode(t.db, w.school.id, { parentId: w.tree.root, typeId: type, name: 'Route 2', position: 10 });
    monitor2 = await t.makePerson(w.school, { firstName: 'Mario', gender: 'male' });
    await upsertTransportRoute(t.db, w.school.id, { nodeId: route2, vehicle: 'Van', driverId: null, monitorId: monitor2.id });
    rowRider = await t.makePerson(w.school, { firstName: 'Olga' });
    rowRiderMother = await t.makePerson(w.school, { relativeOf: rowRider, firstName: 'Olivia' });
    await upsertRouteRider(t.db, w.school.id, { nodeId: route2, personId: rowRider.id, pickupStopId: null, dropoffStopId: null });
    withdrawn = await t.makePerson(w.school, { firstName: 'Walter', gender: 'male' });
    await t.enroll(withdrawn, route2, { status: 'withdrawn' });
    withdrawnFather = await t.makePerson(w.school, { relativeOf: withdrawn, gender: 'male', firstName: 'Wilson' });
    people = [
      w.studentA, w.studentB, w.parentA, w.parentB, w.teacherA, w.teacherB, w.admin, w.driver, w.rider, w.riderParent, w.employee,
      monitor2, rowRider, rowRiderMother, withdrawn, withdrawnFather,
    ];
    const otherTree = await t.makeTree(w.otherSchool);
    ids = [...(await findNodes(t.db, w.school.id)).map((n) => n.id), otherTree.classA, 999_999];
  });

  it('visible(ids) is the set the filtered nodes query returns, for every caller', async () => {
    for (const person of [...people, w.otherAdmin]) {
      const caller = await callerOf(t, person);
      const visible = await routeAccess.visible(t.db, caller, ids);
      const filter = await routeAccess.filter(t.db, caller);
      const rows = await t.db.selectFrom('nodes').select('nodes.id').where('nodes.org_id', '=', caller.orgId).where(filter('nodes.id')).execute();
      expect(sorted(visible), `caller ${person.firstName} (${person.id})`).toEqual(sorted(rows.map((r) => r.id).filter((id) => ids.includes(id))));
    }
  });

  it('lets staff, crew, riders and their relatives see a route, and nobody else', async () => {
    const both = sorted([w.route, route2]);
    for (const person of [w.admin, w.teacherA, w.teacherB, w.employee]) expect(await visibleTo(person), person.firstName).toEqual(both);
    expect(await visibleTo(w.driver)).toEqual([w.route]);
    expect(await visibleTo(monitor2)).toEqual([route2]);
    expect(await visibleTo(w.rider)).toEqual([w.route]);
    expect(await visibleTo(w.riderParent)).toEqual([w.route]);
    expect(await visibleTo(rowRider)).toEqual([route2]);
    expect(await visibleTo(rowRiderMother)).toEqual([route2]);
    for (const person of [w.parentA, w.parentB, w.studentA, w.studentB, withdrawn, withdrawnFather]) expect(await visibleTo(person), person.firstName).toEqual([]);
    expect(await visibleTo(w.otherAdmin)).toEqual([]);
  });

  it('answers nothing for a registration still pending, through the policies', async () => {
    const registrant = await makeRegistrant(t, w.school);
    await t.relate(registrant, w.rider);
    const res = await t.request({ method: 'GET', url: `/api/${w.school.code}/transport/routes`, token: await t.signIn(registrant) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('registration_pending');
  });
});
