import { beforeAll, expect, it } from 'vitest';
import { callerOf } from '../../test/callers';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { findContactReasons } from './contacts.rules';
import { personAccess } from './people.access';
import { contactOfFilter } from './people.access.sql';

// personAccess answers one rule twice: a batch check of ids (policies, services) and a SQL filter (list
// queries). For every caller of the world, and every person of both schools and an id of nobody, the
// two must name the same people; so must the contact rule and its SQL form.
describeOnDatabases('person access: the batch check and the SQL filter agree', (t) => {
  let w: World;
  let people: TestPerson[];
  let ids: number[];

  const sorted = (set: Iterable<number>) => [...set].sort((a, b) => a - b);

  beforeAll(async () => {
    w = await makeWorld(t);
    const { school, tree } = w;
    // Beyond the world: a co-parent, a classmate, a withdrawn student and her mother, a group director
    // of the grade, an employee of the section, a staff member families may write to, and a pending
    // registrant who claims to be student A's mother.
    const coParent = await t.makePerson(school, { relativeOf: w.studentA, gender: 'female', firstName: 'Carmen' });
    const classmate = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Clara' });
    const withdrawn = await t.makePerson(school, { firstName: 'Wanda' });
    await t.enroll(withdrawn, tree.classA, { status: 'withdrawn' });
    const withdrawnMother = await t.makePerson(school, { relativeOf: withdrawn, gender: 'female', firstName: 'Wilma' });
    const director = await t.makePerson(school, { role: 'group_director', node: tree.grade, firstName: 'Gustavo', gender: 'male' });
    const coordinator = await t.makePerson(school, { role: 'employee', node: tree.section, firstName: 'Sara' });
    const reception = await t.makePerson(school, { role: 'employee', node: tree.root, firstName: 'Rosa' });
    await t.db.updateTable('people').set({ is_contact: 1 }).where('org_id', '=', school.id).where('id', '=', reception.id).execute();
    const registrant = await makeRegistrant(t, school, { firstName: 'Renata' });
    await t.relate(registrant, w.studentA, 'mother');
    const stranger = await t.makePerson(w.otherSchool, { role: 'student', firstName: 'Otto' });

    people = [
      w.studentA, w.studentB, w.parentA, w.parentB, w.teacherA, w.teacherB, w.admin, w.driver, w.rider, w.riderParent, w.employee,
      coParent, classmate, withdrawn, withdrawnMother, director, coordinator, reception, registrant,
    ];
    ids = [...people, w.otherAdmin, stranger].map((p) => p.id).concat(999_999);
  });

  it('visible(ids) is the set the filtered people query returns, for every caller', async () => {
    for (const person of [...people, w.otherAdmin]) {
      const caller = await callerOf(t, person);
      const visible = await personAccess.visible(t.db, caller, ids);
      const filter = await personAccess.filter(t.db, caller);
      const rows = await t.db.selectFrom('people').select('people.id').where('people.org_id', '=', caller.orgId).where(filter('people.id')).execute();
      const listed = rows.map((r) => r.id).filter((id) => ids.includes(id));
      expect(sorted(visible), `caller ${person.firstName} (${person.id})`).toEqual(sorted(listed));
    }
  });

  it('the filter also holds inside a query over the tables it reads (a roster)', async () => {
    for (const person of [w.parentA, w.driver, w.studentA, w.teacherB]) {
      const caller = await callerOf(t, person);
      const filter = await personAccess.filter(t.db, caller);
      const rows = await t.db
        .selectFrom('memberships')
        .select('memberships.person_id')
        .where('memberships.org_id', '=', caller.orgId)
        .where(filter('memberships.person_id'))
        .execute();
      const members = await t.db.selectFrom('memberships').select('person_id').where('org_id', '=', caller.orgId).execute();
      const visible = await personAccess.visible(t.db, caller, members.map((m) => m.person_id));
      expect(sorted(new Set(rows.map((r) => r.person_id))), `caller ${person.firstName}`).toEqual(sorted(visible));
    }
  });

  it('sees what decision 004 says: families their own, staff everyone approved, nobody the pending registrant', async () => {
    const visibleTo = async (person: TestPerson) => personAccess.visible(t.db, await callerOf(t, person), ids);
    const [registrant] = people.slice(-1);
    const parentA = await visibleTo(w.parentA);
    expect(parentA.has(w.studentA.id) && parentA.has(w.teacherA.id)).toBe(true);
    expect(parentA.has(w.studentB.id) || parentA.has(w.parentB.id) || parentA.has(registrant.id)).toBe(false);
    const teacherB = await visibleTo(w.teacherB);
    expect(teacherB.has(w.studentA.id) && !teacherB.has(registrant.id)).toBe(true);
    expect((await visibleTo(w.admin)).has(registrant.id)).toBe(true);
    expect((await visibleTo(registrant)).has(registrant.id)).toBe(true);
    expect((await visibleTo(w.otherAdmin)).has(w.studentA.id)).toBe(false);
  });

  it("the contact rule and its SQL form name the same people, for every person's contacts", async () => {
    for (const person of people) {
      const subject = await callerOf(t, person);
      const reasons = await findContactReasons(t.db, subject);
      const rows = await t.db
        .selectFrom('people')
        .select('people.id')
        .where('people.org_id', '=', subject.orgId)
        .where(contactOfFilter(subject)('people.id'))
        .execute();
      expect(sorted(rows.map((r) => r.id)), `contacts of ${person.firstName}`).toEqual(sorted(reasons.keys()));
    }
  });
});
