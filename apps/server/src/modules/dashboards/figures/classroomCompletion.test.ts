import { addDays, localDateOf } from '@patio/core/calendar/times';
import { beforeAll, expect, it } from 'vitest';
import type { SchoolTree, TestPerson } from '../../../test/factories';
import { describeOnDatabases, type Org } from '../../../test/harness';
import { as } from '../../posts/posts.fixtures';
import { classroomCompletionFigure } from './classroomCompletion';
import { blockDataOf, figureRequest, viewerOf } from './figure-context.fixtures';

// Issue 36 §2 on both databases: classroom completion per group over a period — tasks due in it,
// current students, their turn-ins — for the groups the viewer manages (a teacher: theirs only).

const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describeOnDatabases('dashboard figure: classroomCompletion', (t) => {
  let school: Org;
  let tree: SchoolTree;
  let admin: TestPerson;
  let teacherA: TestPerson;
  let teacherB: TestPerson;
  let employee: TestPerson;

  const publish = async (who: TestPerson, node: number, title: string) => {
    const res = await as(t, who, 'POST', `nodes/${node}/classroom/posts`, { kind: 'task', description: '<p>Guía</p>', title, dueDate: inDays(2) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const turnIn = async (student: TestPerson, node: number, postId: number) => {
    const res = await as(t, student, 'PUT', `people/${student.id}/classroom/${node}/posts/${postId}/submission`, { text: 'Hecho', turnIn: true });
    expect(res.statusCode, res.body).toBe(200);
  };
  const dueOn = (postId: number, iso: string) =>
    t.db.updateTable('classroom_posts').set({ due_date: iso }).where('org_id', '=', school.id).where('post_id', '=', postId).execute();
  const completion = async (viewer: TestPerson, period = NOVEMBER, node: { id: number; name: string } | null = null) =>
    (await classroomCompletionFigure(await viewerOf(t, viewer), figureRequest('classroomCompletion', period, {}, node))).groups;

  beforeAll(async () => {
    school = await t.makeSchool({ settings: { timeZone: 'America/Bogota' } });
    tree = await t.makeTree(school);
    admin = await t.makePerson(school, { role: 'admin' });
    teacherA = await t.makePerson(school, { role: 'teacher', node: tree.classA });
    teacherB = await t.makePerson(school, { role: 'teacher', node: tree.classB });
    employee = await t.makePerson(school, { role: 'employee', node: tree.grade });
    const [s1, s2, s3, leaver] = [
      await t.makePerson(school, { role: 'student', node: tree.classA }),
      await t.makePerson(school, { role: 'student', node: tree.classA }),
      await t.makePerson(school, { role: 'student', node: tree.classA }),
      await t.makePerson(school, { role: 'student', node: tree.classA }),
    ];
    const s4 = await t.makePerson(school, { role: 'student', node: tree.classB });

    const a1 = await publish(teacherA, tree.classA, 'Ensayo');
    const a2 = await publish(teacherA, tree.classA, 'Mapa');
    const october = await publish(teacherA, tree.classA, 'Octubre');
    const b1 = await publish(teacherB, tree.classB, 'Lectura');
    await publish(teacherB, tree.classB, 'Aún no vence');
    for (const s of [s1!, s2!, leaver!]) await turnIn(s, tree.classA, a1);
    await turnIn(s1!, tree.classA, a2);
    await turnIn(s3!, tree.classA, october);
    await turnIn(s4, tree.classB, b1);
    await dueOn(a1, '2026-11-10T15:00:00.000Z');
    await dueOn(a2, '2026-11-20T15:00:00.000Z');
    await dueOn(october, '2026-10-31T15:00:00.000Z');
    await dueOn(b1, '2026-11-15T15:00:00.000Z');
    // The leaver's turn-in leaves the counts with them.
    await t.db.updateTable('memberships').set({ enrollment_status: 'withdrawn' }).where('org_id', '=', school.id).where('person_id', '=', leaver!.id).execute();
  });

  it('item 2: per group, the tasks due in the period, the current students, their turn-ins and the rate', async () => {
    expect(await completion(admin)).toEqual([
      // 3A: two tasks due in November × three current students; s1 and s2 handed in the first, s1 the second.
      { node: { id: tree.classA, name: '3A' }, tasks: 2, students: 3, handedIn: 3, rate: 0.5 },
      { node: { id: tree.classB, name: '3B' }, tasks: 1, students: 1, handedIn: 1, rate: 1 },
    ]);
    expect(await completion(admin, NOVEMBER, { id: tree.classB, name: '3B' })).toEqual([{ node: { id: tree.classB, name: '3B' }, tasks: 1, students: 1, handedIn: 1, rate: 1 }]);
  });

  it("item 2: a teacher's block shows only their groups; an employee, who manages no classroom, none", async () => {
    expect(await completion(teacherA)).toEqual([{ node: { id: tree.classA, name: '3A' }, tasks: 2, students: 3, handedIn: 3, rate: 0.5 }]);
    expect(await completion(teacherB)).toEqual([{ node: { id: tree.classB, name: '3B' }, tasks: 1, students: 1, handedIn: 1, rate: 1 }]);
    expect(await completion(teacherA, NOVEMBER, { id: tree.classB, name: '3B' })).toEqual([]);
    expect(await completion(teacherA, NOVEMBER, { id: tree.grade, name: 'Third' })).toHaveLength(1);
    expect(await completion(employee)).toEqual([]);
  });

  it('item 2: a task not due yet is not missing: a period reaching past today counts up to now', async () => {
    // From today on: the task of 3B due in two days is in the period but not due yet.
    const today = localDateOf(Math.floor(Date.now() / 1000), 'America/Bogota');
    const ahead = { from: today, to: addDays(today, 30) };
    expect(await completion(admin, ahead)).toEqual([]);
    // A teacher still sees their groups, with nothing due.
    expect(await completion(teacherB, ahead)).toEqual([{ node: { id: tree.classB, name: '3B' }, tasks: 0, students: 1, handedIn: 0, rate: null }]);
  });

  it("item 2: another school's administrator sees none of these groups", async () => {
    const norte = await t.makeSchool({ settings: { timeZone: 'America/Bogota' } });
    expect(await completion(await t.makePerson(norte, { role: 'admin' }))).toEqual([]);
  });

  it("item 2: through the data route: a teacher's classroom block shows only their groups", async () => {
    const res = await blockDataOf(t, admin, teacherA, 'classroomCompletion', {}, `?from=${NOVEMBER.from}&to=${NOVEMBER.to}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: 'classroomCompletion', ...NOVEMBER, node: null, groups: [{ node: { id: tree.classA, name: '3A' }, tasks: 2, students: 3, handedIn: 3, rate: 0.5 }] });
  });
});
