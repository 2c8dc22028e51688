import { beforeAll, expect, it } from 'vitest';
import { callerOf } from '../../test/callers';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { publishPost } from '../threads/threads.fixtures';
import { eventAccess } from './calendar.access';
import { insertEventRow, insertSourceRow } from './calendar.fixtures';

// eventAccess answers one rule twice: a batch check of ids (policies, services, jobs) and a SQL filter
// (the window, the subscription). For every caller of the world and every event of both schools, the
// two must name the same events; and they must name what the decision says.
describeOnDatabases('event access: the batch check and the SQL filter agree', (t) => {
  let w: World;
  let people: TestPerson[];
  let ids: number[];
  const ev: Record<string, number> = {};
  let director: TestPerson;
  let withdrawnMother: TestPerson;
  let registrant: TestPerson;
  let teamMother: TestPerson;

  const sorted = (set: Iterable<number>) => [...set].sort((a, b) => a - b);

  beforeAll(async () => {
    w = await makeWorld(t);
    const { school, tree } = w;
    director = await t.makePerson(school, { role: 'group_director', node: tree.grade, firstName: 'Gustavo', gender: 'male' });
    const withdrawn = await t.makePerson(school, { firstName: 'Wanda' });
    await t.enroll(withdrawn, tree.classB, { status: 'withdrawn' });
    withdrawnMother = await t.makePerson(school, { relativeOf: withdrawn, gender: 'female', firstName: 'Wilma' });
    registrant = await makeRegistrant(t, school);
    await t.enroll(registrant, tree.classA);
    const team = (await t.db.insertInto('nodes').values({ org_id: school.id, parent_id: tree.root, type_id: tree.types.team, name: 'Coro', position: 5, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;
    const singer = await t.makePerson(school, { role: 'student', node: team, firstName: 'Sol' });
    teamMother = await t.makePerson(school, { relativeOf: singer, gender: 'female', firstName: 'Sonia' });
    people = [w.studentA, w.studentB, w.parentA, w.parentB, w.teacherA, w.teacherB, w.admin, w.driver, w.rider, w.riderParent, w.employee, director, withdrawnMother, registrant, teamMother, singer];

    const o = school.id;
    ev.root = await insertEventRow(t, o, { nodeId: tree.root, authorId: w.admin.id });
    ev.section = await insertEventRow(t, o, { nodeId: tree.section, authorId: w.admin.id });
    ev.grade = await insertEventRow(t, o, { nodeId: tree.grade, authorId: director.id });
    ev.classA = await insertEventRow(t, o, { nodeId: tree.classA, authorId: w.teacherA.id });
    ev.classB = await insertEventRow(t, o, { nodeId: tree.classB, authorId: w.teacherB.id });
    ev.team = await insertEventRow(t, o, { nodeId: team, authorId: w.admin.id });
    ev.route = await insertEventRow(t, o, { nodeId: w.route, authorId: w.admin.id });
    // Written by teacher A on class B (no longer theirs to teach, say): the author still sees it.
    ev.authoredElsewhere = await insertEventRow(t, o, { nodeId: tree.classB, authorId: w.teacherA.id });
    ev.deleted = await insertEventRow(t, o, { nodeId: tree.root, authorId: w.admin.id, deleted: true });
    const post = await publishPost(t, w.teacherA, [w.parentA], { title: 'Reunión' });
    ev.post = await insertEventRow(t, o, { postId: post.id, authorId: w.teacherA.id });
    const draft = (await t.db.insertInto('posts').values({ org_id: o, thread_id: post.thread, author_id: w.teacherA.id, type: 'circular', status: 'draft', audience: '{}', created_at: new Date().toISOString(), updated_at: new Date().toISOString(), publish_date: null, expiration_date: null, reply_to_id: null, event_id: null }).returning('id').executeTakeFirstOrThrow()).id;
    ev.draft = await insertEventRow(t, o, { postId: draft, authorId: w.teacherA.id });
    const schoolSource = await insertSourceRow(t, o, w.admin.id, null);
    const classBSource = await insertSourceRow(t, o, w.admin.id, tree.classB);
    const goneSource = await insertSourceRow(t, o, w.admin.id, null, true);
    ev.schoolSource = await insertEventRow(t, o, { sourceId: schoolSource });
    ev.classBSource = await insertEventRow(t, o, { sourceId: classBSource, nodeId: tree.classB });
    ev.goneSource = await insertEventRow(t, o, { sourceId: goneSource });
    const otherTree = await t.makeTree(w.otherSchool);
    ev.norte = await insertEventRow(t, w.otherSchool.id, { nodeId: otherTree.root });
    ids = [...Object.values(ev), 999_999];
  });

  const names = (set: Set<number>) => Object.entries(ev).filter(([, id]) => set.has(id)).map(([name]) => name).sort();
  const visibleTo = async (person: TestPerson) => names(await eventAccess.visible(t.db, await callerOf(t, person), ids));

  it('visible(ids) is the set the filtered events query returns, for every caller', async () => {
    for (const person of [...people, w.otherAdmin]) {
      const caller = await callerOf(t, person);
      const visible = await eventAccess.visible(t.db, caller, ids);
      const filter = await eventAccess.filter(t.db, caller);
      const rows = await t.db.selectFrom('calendar_events').select('calendar_events.id').where('calendar_events.org_id', '=', caller.orgId).where(filter('calendar_events.id')).execute();
      expect(sorted(visible), `caller ${person.firstName} (${person.id})`).toEqual(sorted(rows.map((r) => r.id).filter((id) => ids.includes(id))));
    }
  });

  it('a node calendar is for its subtree and their families; staff see their reach; administrators all', async () => {
    const common = ['root', 'schoolSource'];
    expect(await visibleTo(w.parentA)).toEqual([...common, 'classA', 'grade', 'post', 'section'].sort());
    expect(await visibleTo(w.studentA)).toEqual([...common, 'classA', 'grade', 'section'].sort());
    expect(await visibleTo(w.parentB)).toEqual([...common, 'authoredElsewhere', 'classB', 'classBSource', 'grade', 'section'].sort());
    expect(await visibleTo(w.teacherA)).toEqual([...common, 'authoredElsewhere', 'classA', 'grade', 'post', 'section'].sort());
    // A group director of the grade reaches both classes below it.
    expect(await visibleTo(director)).toEqual([...common, 'authoredElsewhere', 'classA', 'classB', 'classBSource', 'grade', 'section'].sort());
    expect(await visibleTo(w.driver)).toEqual([...common, 'route'].sort());
    expect(await visibleTo(w.riderParent)).toEqual([...common, 'route'].sort());
    expect(await visibleTo(teamMother)).toEqual([...common, 'team'].sort());
    const everything = ['authoredElsewhere', 'classA', 'classB', 'classBSource', 'grade', 'root', 'route', 'schoolSource', 'section', 'team'];
    expect(await visibleTo(w.admin)).toEqual([...everything, 'post'].sort());
    expect(await visibleTo(w.employee)).toEqual(everything);
  });

  it('ended enrollments, unapproved registrations and other schools see nothing of it', async () => {
    // A withdrawn student's family keeps only what every approved member of the school sees.
    expect(await visibleTo(withdrawnMother)).toEqual(['schoolSource']);
    expect(await visibleTo(registrant)).toEqual([]);
    // Norte's administrator sees norte's own calendar, none of the world's events.
    expect(await visibleTo(w.otherAdmin)).toEqual(['norte']);
  });
});
