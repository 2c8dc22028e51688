import { addDays } from '@patio/core/calendar/times';
import type { PersonOverview } from '@patio/core';
import type { KyselyPlugin } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { todayAt } from '../attendance/index';
import { debitOf } from '../billing/billing.fixtures';
import { findCaller } from '../people/index';
import { api, publishPost } from '../threads/threads.fixtures';
import { getPersonOverview } from './person-overview.service';

describeOnDatabases('person tab: overview', (t) => {
  let w: World;
  let call: ReturnType<typeof api>;
  let today: string;

  const overview = async (viewer: TestPerson, person: TestPerson) => {
    const res = await call(viewer, 'GET', `people/${person.id}/overview`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PersonOverview;
  };
  const mark = async (teacher: TestPerson, nodeId: number, marks: { person: number; type: string; date: string }[]) => {
    const res = await call(teacher, 'POST', `attendance/checkpoints/${nodeId}/log`, marks);
    expect(res.statusCode, res.body).toBeLessThan(300);
  };

  beforeAll(async () => {
    w = await makeWorld(t);
    call = api(t);
    today = todayAt(w.school);
    await mark(w.teacherA, w.tree.classA, [
      { person: w.studentA.id, type: 'present', date: today },
      { person: w.studentA.id, type: 'late', date: addDays(today, -1) },
      { person: w.studentA.id, type: 'absent', date: addDays(today, -2) },
      // Outside the 30 days counted.
      { person: w.studentA.id, type: 'absent', date: addDays(today, -40) },
    ]);
    await mark(w.teacherB, w.tree.classB, [{ person: w.studentB.id, type: 'present', date: today }]);
    await debitOf(t, w.studentA, '2020-01-10'); // overdue
    // Teacher A writes to student A, who answers: a thread of teacher A's inbox with student A.
    const note = await publishPost(t, w.teacherA, [w.studentA, w.parentA], { title: 'Tarea de ciencias', replies: 'author' });
    const answer = await call(w.studentA, 'POST', `people/${w.studentA.id}/threads/feed/${note.thread}`, { description: '<p>Listo</p>' });
    expect(answer.statusCode, answer.body).toBe(201);
  });

  it('item 1: an administrator sees every fact of a student', async () => {
    const o = await overview(w.admin, w.studentA);
    expect(o.person).toEqual({ id: w.studentA.id, firstName: 'Alba', lastName: w.studentA.lastName });
    expect(o.attendance).toEqual({ from: addDays(today, -29), to: today, present: 1, absent: 1, late: 1, excused: 0, rate: 2 / 3 });
    expect(o.balance).toMatchObject({ currency: 'COP', balance: 630_000, pending: 630_000, overdue: 630_000, overdueCount: 1 });
    expect(o.groups).toEqual([{ node: { id: w.tree.classA, name: expect.any(String) }, role: 'student' }]);
    expect(o.transport).toEqual([]);
    // The administrator's own inbox holds no thread with student A.
    expect(o.recentThreads).toEqual([]);
  });

  it('item 1: the teacher of the class sees attendance, groups and their own threads, never billing', async () => {
    const o = await overview(w.teacherA, w.studentA);
    expect(o.attendance).toMatchObject({ present: 1, late: 1, absent: 1 });
    expect(o.balance).toBeNull();
    expect(o.groups.map((g) => g.node.id)).toEqual([w.tree.classA]);
    expect(o.recentThreads).toEqual([expect.objectContaining({ title: 'Tarea de ciencias', type: 'circular', unread: true, lastAt: expect.any(Number) })]);
  });

  it('item 1: a teacher of another class gets the tab narrowed: no attendance, groups or threads of a student outside their groups', async () => {
    const o = await overview(w.teacherB, w.studentA);
    expect(o.attendance).toBeNull();
    expect(o.balance).toBeNull();
    expect(o.groups).toEqual([]);
    expect(o.recentThreads).toEqual([]);
    // Their own student's attendance they do see.
    expect((await overview(w.teacherB, w.studentB)).attendance).toMatchObject({ present: 1, rate: 1 });
  });

  it('item 1: the family reads its own child’s overview; another family gets what GET people/{id} gives', async () => {
    const o = await overview(w.parentA, w.studentA);
    expect(o.attendance).toBeNull(); // families read no attendance reports
    expect(o.balance).toMatchObject({ balance: 630_000 });
    expect(o.groups.map((g) => g.node.id)).toEqual([w.tree.classA]);
    // Parent A received the note too, but its recipients are hidden and student A's answer went to the
    // teacher alone: nothing in parent A's box shows student A taking part.
    expect(o.recentThreads).toEqual([]);
    const self = await overview(w.studentA, w.studentA);
    expect(self.balance).toBeNull(); // the school keeps billing to the family
    for (const path of [`people/${w.studentA.id}`, `people/${w.studentA.id}/overview`]) {
      const res = await call(w.parentB, 'GET', path);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden' });
    }
    expect((await call(w.studentB, 'GET', `people/${w.studentA.id}/overview`)).statusCode).toBe(403);
  });

  it('item 1: norte’s administrator gets 404 at home and 403 with their token here; bad ids are 400 or 404', async () => {
    const atHome = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/people/${w.studentA.id}/overview`, token: await t.signIn(w.otherAdmin) });
    expect(atHome.statusCode).toBe(404);
    const here = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.studentA.id}/overview`, token: await t.signIn(w.otherAdmin) });
    expect(here.statusCode).toBe(403);
    expect((await call(w.admin, 'GET', 'people/2147483647/overview')).statusCode).toBe(404);
    for (const bad of ['0', 'abc', '1.5', '%00', '99999999999']) expect((await call(w.admin, 'GET', `people/${bad}/overview`)).statusCode, bad).toBe(400);
  });

  it('item 1: transport shows the routes ridden or driven, to whom transport shows them; a driver gets no tab', async () => {
    const rider = await overview(w.admin, w.rider);
    expect(rider.transport).toEqual([{ route: { id: w.route, name: 'Route 1' }, role: 'rider', stop: 'Calle 109' }]);
    expect(rider.attendance).toMatchObject({ present: 0, absent: 0 }); // a rider of the route, no marks yet
    expect((await overview(w.riderParent, w.rider)).transport).toEqual(rider.transport);
    expect((await overview(w.admin, w.driver)).transport).toEqual([{ route: { id: w.route, name: 'Route 1' }, role: 'crew', stop: null }]);
    expect((await overview(w.driver, w.driver)).transport).toEqual([{ route: { id: w.route, name: 'Route 1' }, role: 'crew', stop: null }]);
    // The driver sees the rider's card (GET people/{id}) but the tab is the staff workspace's.
    expect((await call(w.driver, 'GET', `people/${w.rider.id}`)).statusCode).toBe(200);
    expect((await call(w.driver, 'GET', `people/${w.rider.id}/overview`)).statusCode).toBe(403);
    expect((await call(w.driver, 'GET', `people/${w.studentA.id}/overview`)).statusCode).toBe(403);
  });

  it('item 1: answers 20 parallel identical requests alike', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(w.teacherA, 'GET', `people/${w.studentA.id}/overview`)));
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
  });

  it('item 1: costs a fixed number of queries, however much the person holds', async () => {
    const queriesOf = async () => {
      let queries = 0;
      const counter: KyselyPlugin = { transformQuery: (args) => args.node, transformResult: async (args) => ((queries += 1), args.result) };
      const db = t.db.withPlugin(counter);
      const caller = (await findCaller(t.db, w.school.id, w.admin.id))!;
      await getPersonOverview({ db, org: w.school, caller, services: t.app.patio, origin: 'http://localhost' }, w.studentB.id);
      return queries;
    };
    // One of each first, so that both counts read every kind of row.
    await publishPost(t, w.studentB, [w.admin], { title: 'Consulta' });
    await debitOf(t, w.studentB, '2031-01-10');
    const before = await queriesOf();
    for (let i = 1; i < 7; i++) {
      const post = await publishPost(t, w.studentB, [w.admin], { title: `Consulta ${i}` });
      expect(post.thread).toBeGreaterThan(0);
      await debitOf(t, w.studentB, `2031-0${i + 1}-10`);
    }
    await mark(w.teacherB, w.tree.classB, [1, 2, 3, 4].map((d) => ({ person: w.studentB.id, type: 'absent', date: addDays(today, -d) })));
    const extra = await t.makeTree(w.school);
    await t.assign(w.studentB, extra.classA, 'student');
    expect(await queriesOf()).toBe(before);
    expect(before).toBeLessThanOrEqual(30);
  });
});
