import { beforeAll, expect, it } from 'vitest';
import { callerOf } from '../../test/callers';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { canSeeEnrollment, nodeAccess } from './nodes.access';
import { findNodes } from './nodes.queries';

// nodeAccess answers one rule twice: a batch check of ids (the roster policies) and a SQL filter (list
// queries). For every caller of the world, and every node of both schools and an id of nothing, the
// two must name the same groups.
describeOnDatabases('node access: the batch check and the SQL filter agree', (t) => {
  let w: World;
  let people: TestPerson[];
  let ids: number[];
  let withdrawnMother: TestPerson;
  let director: TestPerson;

  const sorted = (set: Iterable<number>) => [...set].sort((a, b) => a - b);

  beforeAll(async () => {
    w = await makeWorld(t);
    const { school, tree } = w;
    // Beyond the world: a group director of the grade, an employee of the section, a team with a
    // student of class B in it, and a student withdrawn from class A with her mother.
    director = await t.makePerson(school, { role: 'group_director', node: tree.grade, firstName: 'Gustavo', gender: 'male' });
    const coordinator = await t.makePerson(school, { role: 'employee', node: tree.section, firstName: 'Sara' });
    const team = (await t.db.insertInto('nodes').values({ org_id: school.id, parent_id: tree.root, type_id: tree.types.team, name: 'Choir', position: 5, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
    await t.enroll(w.studentB, team);
    const withdrawn = await t.makePerson(school, { firstName: 'Wanda' });
    await t.enroll(withdrawn, tree.classA, { status: 'withdrawn' });
    withdrawnMother = await t.makePerson(school, { relativeOf: withdrawn, gender: 'female', firstName: 'Wilma' });
    people = [
      w.studentA, w.studentB, w.parentA, w.parentB, w.teacherA, w.teacherB, w.admin, w.driver, w.rider, w.riderParent, w.employee,
      director, coordinator, withdrawn, withdrawnMother,
    ];
    const otherTree = await t.makeTree(w.otherSchool);
    ids = [...(await findNodes(t.db, school.id)).map((n) => n.id), otherTree.classA, 999_999];
  });

  it('visible(ids) is the set the filtered nodes query returns, for every caller', async () => {
    for (const person of [...people, w.otherAdmin]) {
      const caller = await callerOf(t, person);
      const visible = await nodeAccess.visible(t.db, caller, ids);
      const filter = await nodeAccess.filter(t.db, caller);
      const rows = await t.db.selectFrom('nodes').select('nodes.id').where('nodes.org_id', '=', caller.orgId).where(filter('nodes.id')).execute();
      const listed = rows.map((r) => r.id).filter((id) => ids.includes(id));
      expect(sorted(visible), `caller ${person.firstName} (${person.id})`).toEqual(sorted(listed));
    }
  });

  it('the filter also holds inside a query over memberships', async () => {
    for (const person of [w.parentB, w.driver, w.teacherA, withdrawnMother]) {
      const caller = await callerOf(t, person);
      const filter = await nodeAccess.filter(t.db, caller);
      const rows = await t.db
        .selectFrom('memberships')
        .select('memberships.node_id')
        .where('memberships.org_id', '=', caller.orgId)
        .where(filter('memberships.node_id'))
        .execute();
      const all = await t.db.selectFrom('memberships').select('node_id').where('org_id', '=', caller.orgId).execute();
      const visible = await nodeAccess.visible(t.db, caller, all.map((m) => m.node_id));
      expect(sorted(new Set(rows.map((r) => r.node_id))), `caller ${person.firstName}`).toEqual(sorted(visible));
    }
  });

  it('sees what decision 004 says of rosters: own and children’s groups, routes driven, subtrees in reach', async () => {
    const visibleTo = async (person: TestPerson) => nodeAccess.visible(t.db, await callerOf(t, person), ids);
    const { tree } = w;
    expect(sorted(await visibleTo(w.parentA))).toEqual([tree.classA]);
    expect((await visibleTo(w.driver)).has(w.route)).toBe(true);
    expect((await visibleTo(w.driver)).has(tree.classA)).toBe(false);
    expect(sorted(await visibleTo(director))).toEqual(sorted([tree.grade, tree.classA, tree.classB]));
    // An ended enrollment grants nothing, not even to the family.
    expect((await visibleTo(withdrawnMother)).size).toBe(0);
    expect((await visibleTo(w.admin)).has(ids[ids.length - 2])).toBe(false);
    expect(await canSeeEnrollment(t.db, await callerOf(t, w.teacherA), tree.classA)).toBe(true);
    expect(await canSeeEnrollment(t.db, await callerOf(t, w.parentA), tree.classA)).toBe(false);
  });
});
