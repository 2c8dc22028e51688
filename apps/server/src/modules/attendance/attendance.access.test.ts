import { beforeAll, expect, it } from 'vitest';
import { callerOf } from '../../test/callers';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { findNodeIdsIn } from './attendance.queries';
import { attendanceReportAccess, rollAccess } from './attendance.access';

// rollAccess and attendanceReportAccess answer one rule twice: a batch check of node ids (the roll's
// policies, the day's overview, a report's `node`) and a SQL filter (the report's marks). For every
// caller of the world, over every node of both schools and an id of nothing, the two name the same
// nodes; and they say what decision 021 says: staff on their subtrees, a driver the route they drive,
// school-wide staff the whole school, families, students and registrants nothing.
describeOnDatabases('attendance: roll and report access, the batch check and the SQL filter agree', (t) => {
  let w: World;
  let people: TestPerson[];
  let ids: number[];
  let schoolNodes: number[];
  let director: TestPerson;
  let coordinator: TestPerson;

  const sorted = (set: Iterable<number>) => [...set].sort((a, b) => a - b);

  beforeAll(async () => {
    w = await makeWorld(t);
    director = await t.makePerson(w.school, { role: 'group_director', node: w.tree.grade, firstName: 'Gustavo', gender: 'male' });
    coordinator = await t.makePerson(w.school, { role: 'employee', node: w.tree.section, firstName: 'Sara' });
    const registrant = await makeRegistrant(t, w.school);
    people = [w.studentA, w.studentB, w.parentA, w.parentB, w.teacherA, w.teacherB, w.admin, w.driver, w.rider, w.riderParent, w.employee, director, coordinator, registrant];
    schoolNodes = (await t.db.selectFrom('nodes').select('id').where('org_id', '=', w.school.id).execute()).map((n) => n.id);
    const otherTree = await t.makeTree(w.otherSchool);
    ids = [...schoolNodes, otherTree.classA, 999_999];
    expect(sorted(await findNodeIdsIn(t.db, w.school.id, ids))).toEqual(sorted(schoolNodes));
  });

  for (const access of [rollAccess, attendanceReportAccess]) {
    it(`section 2: visible(ids) is what the filtered query returns, for every caller (${access.kind})`, async () => {
      for (const person of [...people, w.otherAdmin]) {
        const caller = await callerOf(t, person);
        const visible = await access.visible(t.db, caller, ids);
        const filter = await access.filter(t.db, caller);
        const rows = await t.db.selectFrom('nodes').select('nodes.id').where('nodes.org_id', '=', caller.orgId).where(filter('nodes.id')).execute();
        const listed = rows.map((r) => r.id).filter((id) => ids.includes(id));
        expect(sorted(visible), `caller ${person.firstName} (${person.id})`).toEqual(sorted(listed));
      }
    });
  }

  it('section 2: says who takes the roll and reads the reports as decision 021 does', async () => {
    const { tree } = w;
    const rollOf = async (person: TestPerson) => sorted(await rollAccess.visible(t.db, await callerOf(t, person), ids));
    const reportsOf = async (person: TestPerson) => sorted(await attendanceReportAccess.visible(t.db, await callerOf(t, person), ids));
    expect(await rollOf(w.admin)).toEqual(sorted(schoolNodes));
    expect(await reportsOf(w.admin)).toEqual(sorted(schoolNodes));
    expect(await rollOf(w.employee)).toEqual(sorted(schoolNodes));
    expect(await rollOf(w.teacherA)).toContain(tree.classA);
    expect(await rollOf(w.teacherA)).not.toContain(tree.classB);
    expect(await rollOf(director)).toEqual(sorted([tree.grade, tree.classA, tree.classB]));
    expect(await reportsOf(director)).toEqual(sorted([tree.grade, tree.classA, tree.classB]));
    expect(await rollOf(coordinator)).toEqual(expect.arrayContaining([tree.section, tree.grade, tree.classA, tree.classB]));
    expect(await rollOf(w.driver)).toEqual([w.route]);
    for (const person of [w.parentA, w.studentA, w.rider, w.riderParent, people.at(-1)!]) {
      expect(await rollOf(person), person.firstName).toEqual([]);
      expect(await reportsOf(person), person.firstName).toEqual([]);
    }
    // Another school's administrator: none of this school's nodes, whatever they ask.
    expect(await rollOf(w.otherAdmin)).not.toContain(tree.classA);
    expect(await rollOf(w.otherAdmin)).not.toContain(999_999);
  });
});
