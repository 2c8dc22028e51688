import { DEFAULT_TIME_ZONE, addDays, localDateOf } from '@patio/core/calendar/times';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { makeDue } from '../notifications/notifications.fixtures';
import { upsertRelationshipPair } from '../people/index';
import { as, norteAccount } from '../posts/posts.fixtures';
import { ALERT_UNDO_SECONDS } from '@patio/core';
import { ALERT_DELAY_SECONDS } from './attendance.marks';
import readXlsxFile from 'read-excel-file/node';
import { csvRows, xlsxRows } from '../../platform/spreadsheet/spreadsheet.fixtures';

// Issue 15 on both databases: the roll, marks and their history, the family's absence post sent once
// and withdrawn by a correction, excuses, rights, bad input that writes nothing, parallel resends.

const today = () => localDateOf(Math.floor(Date.now() / 1000), DEFAULT_TIME_ZONE);
const daysAgo = (n: number) => addDays(today(), -n);

describeOnDatabases('attendance', (t) => {
  let w: World;
  let studentC: TestPerson;
  let parentC: TestPerson;
  const logOf = (node: number, date?: string) => `attendance/checkpoints/${node}/log${date ? `?date=${date}` : ''}`;
  const roll = (who: TestPerson, node: number, date?: string) => as(t, who, 'GET', logOf(node, date));
  const mark = (who: TestPerson, node: number, body: unknown) => as(t, who, 'POST', logOf(node), body);

  const recordOf = (personId: number, date: string) =>
    t.db.selectFrom('attendance_records').selectAll().where('org_id', '=', w.school.id).where('person_id', '=', personId).where('date', '=', date).executeTakeFirst();
  const changesOf = async (recordId: number) =>
    t.db.selectFrom('attendance_changes').selectAll().where('org_id', '=', w.school.id).where('record_id', '=', recordId).orderBy('id').execute();
  const absencePosts = () => t.db.selectFrom('posts').selectAll().where('org_id', '=', w.school.id).where('type', '=', 'absence').where('reply_to_id', 'is', null).orderBy('id').execute();
  const stubHolders = async (postId: number) =>
    (await t.db.selectFrom('stubs').select('person_id').where('org_id', '=', w.school.id).where('post_id', '=', postId).orderBy('person_id').execute()).map((r) => r.person_id);
  const fanouts = async (postId: number) =>
    (await t.db.selectFrom('jobs').select('payload').where('org_id', '=', w.school.id).where('kind', '=', 'notifications.fanout').where('key', '=', `notifications.fanout:${w.school.id}:${postId}`).execute()).length;
  const counts = async () => {
    const n = async (table: 'attendance_records' | 'attendance_changes' | 'posts') =>
      Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('org_id', '=', w.school.id).executeTakeFirstOrThrow()).n);
    return { records: await n('attendance_records'), changes: await n('attendance_changes'), posts: await n('posts') };
  };
  /** Runs the alert jobs queued so far as if their delay had passed. */
  const runAlerts = async () => {
    await makeDue(t, 'attendance.alert');
    await t.drainJobs();
  };

  beforeAll(async () => {
    w = await makeWorld(t);
    studentC = await t.makePerson(w.school, { role: 'student', node: w.tree.classA, firstName: 'Carla', lastName: 'Zuluaga' });
    parentC = await t.makePerson(w.school, { relativeOf: studentC, gender: 'female', firstName: 'Carmen' });
    const withdrawn = await t.makePerson(w.school, { firstName: 'Wilson' });
    await t.enroll(withdrawn, w.tree.classA, { status: 'withdrawn' });
  });

  it('lists every current student of the node with their record or none, and makes its checkpoint', async () => {
    const res = await roll(w.teacherA, w.tree.classA, daysAgo(30));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.checkpoint).toMatchObject({ node: { id: w.tree.classA }, type: 'class', direction: 'arriving' });
    expect(body.students.map((s: { person: { id: number } }) => s.person.id).sort()).toEqual([w.studentA.id, studentC.id].sort());
    expect(body.students.every((s: { record: unknown }) => s.record === null)).toBe(true);
    expect(body).toMatchObject({ date: daysAgo(30), taken: false, canMark: true });

    expect((await mark(w.teacherA, w.tree.classA, [{ person: w.studentA.id, type: 'present', date: daysAgo(30) }])).json()).toEqual({ changed: 1, unchanged: 0 });
    const after = (await roll(w.teacherA, w.tree.classA, daysAgo(30))).json();
    expect(after.taken).toBe(true);
    expect(after.takenBy.id).toBe(w.teacherA.id);
    const lineA = after.students.find((s: { person: { id: number } }) => s.person.id === w.studentA.id);
    expect(lineA.record).toMatchObject({ type: 'present', note: '', markedBy: { id: w.teacherA.id }, changes: 0, alert: null, excuses: [] });
    expect(after.students.find((s: { person: { id: number } }) => s.person.id === studentC.id).record).toBeNull();

    const route = (await roll(w.admin, w.route)).json();
    expect(route.checkpoint).toMatchObject({ type: 'bus_boarding', direction: 'arriving' });
    expect(route.students.map((s: { person: { id: number } }) => s.person.id)).toEqual([w.rider.id]);
  });

  it("sends one absence post to the student's relatives only after the delay, and none to other families", async () => {
    const day = daysAgo(1);
    const res = await mark(w.teacherA, w.tree.classA, { person: w.studentA.id, type: 'absent', note: 'No llegó', date: day });
    expect(res.json()).toEqual({ changed: 1, unchanged: 0 });
    const record = (await recordOf(w.studentA.id, day))!;
    expect(record).toMatchObject({ type: 'absent', note: 'No llegó', marked_by: w.teacherA.id, alert_state: 'pending', alert_post_id: null });
    const job = await t.db.selectFrom('jobs').select(['run_at']).where('org_id', '=', w.school.id).where('kind', '=', 'attendance.alert').where('state', '=', 'queued').executeTakeFirstOrThrow();
    const wait = Date.parse(job.run_at) - Date.now();
    expect(wait).toBeGreaterThan((ALERT_DELAY_SECONDS - 10) * 1000);
    expect(wait).toBeLessThanOrEqual(ALERT_DELAY_SECONDS * 1000);

    const before = (await absencePosts()).length;
    await t.drainJobs(); // not due yet: nothing goes out
    expect((await absencePosts()).length).toBe(before);
    await runAlerts();
    await runAlerts(); // a second run sends nothing more
    const posts = await absencePosts();
    expect(posts.length).toBe(before + 1);
    const post = posts.at(-1)!;
    expect(post).toMatchObject({ author_id: w.teacherA.id, replies: 'author', notifications: 1 });
    expect(post.title).toContain('Ausencia');
    expect(post.title).toContain('Alba');
    expect(post.description).toContain(' 3A ');
    expect(post.description).toContain('No llegó');
    expect(await stubHolders(post.id)).toEqual([w.parentA.id]);
    expect(await fanouts(post.id)).toBe(1);
    expect(await recordOf(w.studentA.id, day)).toMatchObject({ alert_state: 'sent', alert_post_id: post.id });
    const line = (await roll(w.teacherA, w.tree.classA, day)).json().students.find((s: { person: { id: number } }) => s.person.id === w.studentA.id);
    expect(line.record.alert).toBe('sent');
  });

  it('a correction within the delay sends nothing', async () => {
    const day = daysAgo(2);
    const before = (await absencePosts()).length;
    await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'absent', date: day });
    await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'present', date: day });
    await runAlerts();
    expect((await absencePosts()).length).toBe(before);
    const record = (await recordOf(studentC.id, day))!;
    expect(record).toMatchObject({ type: 'present', alert_state: null, alert_post_id: null });
    expect((await changesOf(record.id)).map((c) => [c.previous_type, c.type])).toEqual([
      [null, 'absent'],
      ['absent', 'present'],
    ]);
  });

  /** The attendance alert jobs still queued for a record, in the order they were queued. */
  const queuedAlerts = async (recordId: number) =>
    (await t.db.selectFrom('jobs').select(['id', 'run_at', 'payload']).where('org_id', '=', w.school.id).where('kind', '=', 'attendance.alert').where('state', '=', 'queued').orderBy('id').execute()).filter(
      (job) => JSON.parse(job.payload).recordId === recordId,
    );
  const makeJobDue = (id: number) => t.db.updateTable('jobs').set({ run_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();

  it('item 3: the alert waits out the undo window and a little more; before that nothing goes', async () => {
    const day = daysAgo(7);
    const before = (await absencePosts()).length;
    const startedAt = Date.now();
    await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'absent', date: day });
    const record = (await recordOf(studentC.id, day))!;
    const [job] = await queuedAlerts(record.id);
    expect(ALERT_DELAY_SECONDS).toBeGreaterThan(ALERT_UNDO_SECONDS);
    expect(Date.parse(job.run_at) - startedAt).toBeGreaterThanOrEqual(ALERT_DELAY_SECONDS * 1000 - 1000);
    await t.drainJobs();
    expect((await absencePosts()).length).toBe(before);
    expect(await recordOf(studentC.id, day)).toMatchObject({ alert_state: 'pending', alert_post_id: null });
    await runAlerts();
    expect((await absencePosts()).length).toBe(before + 1);
  });

  it('item 3: an undo within the window sends nothing, even when the first job comes due', async () => {
    const day = daysAgo(8);
    const before = (await absencePosts()).length;
    await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'absent', date: day });
    const record = (await recordOf(studentC.id, day))!;
    const [first] = await queuedAlerts(record.id);
    await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'present', date: day });
    await makeJobDue(first.id);
    await t.drainJobs();
    await runAlerts();
    expect((await absencePosts()).length).toBe(before);
    expect(await recordOf(studentC.id, day)).toMatchObject({ type: 'present', alert_state: null, alert_post_id: null });
  });

  it('item 3: a correction within the window restarts it and sends one alert, for the final mark', async () => {
    const day = daysAgo(9);
    const before = (await absencePosts()).length;
    await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'absent', date: day });
    const record = (await recordOf(studentC.id, day))!;
    const [first] = await queuedAlerts(record.id);
    await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'late', date: day, note: 'Llegó 8:20' });
    const jobs = await queuedAlerts(record.id);
    expect(jobs).toHaveLength(2);
    expect(Date.parse(jobs[1].run_at)).toBeGreaterThanOrEqual(Date.parse(first.run_at));
    // The first window ends: its job finds a newer mark and leaves the decision to that mark's job.
    await makeJobDue(first.id);
    await t.drainJobs();
    expect((await absencePosts()).length).toBe(before);
    expect(await recordOf(studentC.id, day)).toMatchObject({ type: 'late', alert_state: 'pending' });
    await runAlerts();
    await runAlerts();
    const posts = await absencePosts();
    expect(posts.length).toBe(before + 1);
    expect(posts.at(-1)!.title).toContain('Llegada tarde');
    expect(posts.at(-1)!.description).toContain('Llegó 8:20');
    expect(await stubHolders(posts.at(-1)!.id)).toEqual([parentC.id]);
    expect(await fanouts(posts.at(-1)!.id)).toBe(1);
  });

  it('item 3: 20 parallel identical marks, then 20 parallel identical corrections, give one alert for the final mark', async () => {
    const day = daysAgo(10);
    const token = await t.signIn(w.teacherA);
    const url = `/api/${w.school.code}/${logOf(w.tree.classA)}`;
    const before = (await absencePosts()).length;
    for (const type of ['absent', 'late']) {
      const body = [{ person: w.studentA.id, type, date: day }];
      const results = await Promise.all(Array.from({ length: 20 }, () => t.request({ method: 'POST', url, token, body })));
      expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(results.reduce((sum, r) => sum + r.json().changed, 0)).toBe(1);
    }
    const record = (await recordOf(w.studentA.id, day))!;
    expect((await changesOf(record.id)).map((c) => c.type)).toEqual(['absent', 'late']);
    expect(await queuedAlerts(record.id)).toHaveLength(2);
    await runAlerts();
    const posts = await absencePosts();
    expect(posts.length).toBe(before + 1);
    expect(posts.at(-1)!.title).toContain('Llegada tarde');
  });

  it("item 3: another class's teacher and another school cannot undo a mark; its alert still goes", async () => {
    const day = daysAgo(11);
    const before = (await absencePosts()).length;
    await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'absent', date: day });
    expect((await mark(w.teacherB, w.tree.classA, { person: studentC.id, type: 'present', date: day })).statusCode).toBe(403);
    const norte = await norteAccount(t, w, 'teacher');
    const foreign = await as(t, norte, 'POST', logOf(w.tree.classA), { person: studentC.id, type: 'present', date: day });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toEqual(expect.any(String));
    // Another class's teacher marking someone of their own class cannot reach this student either.
    expect((await mark(w.teacherB, w.tree.classB, { person: studentC.id, type: 'present', date: day })).json().error).toBe('not_in_node');
    const record = (await recordOf(studentC.id, day))!;
    expect(record).toMatchObject({ type: 'absent', alert_state: 'pending' });
    expect(await changesOf(record.id)).toHaveLength(1);
    await runAlerts();
    expect((await absencePosts()).length).toBe(before + 1);
  });

  it('withdraws a sent alert on a correction and restores the same post on a new absence, never a second one', async () => {
    const day = daysAgo(3);
    await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'late', date: day });
    await runAlerts();
    const [post] = (await absencePosts()).slice(-1);
    expect(post.title).toContain('Llegada tarde');
    expect(await stubHolders(post.id)).toEqual([parentC.id]);
    const total = (await absencePosts()).length;

    await mark(w.admin, w.tree.classA, { person: studentC.id, type: 'present', date: day });
    await runAlerts();
    let edited = (await absencePosts()).find((p) => p.id === post.id)!;
    expect(edited.title).toContain('Asistencia corregida');
    expect(edited.description).toContain('estuvo presente');
    expect(await recordOf(studentC.id, day)).toMatchObject({ alert_state: 'withdrawn', alert_post_id: post.id });

    await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'absent', date: day });
    await runAlerts();
    edited = (await absencePosts()).find((p) => p.id === post.id)!;
    expect(edited.title).toContain('Ausencia');
    expect(await recordOf(studentC.id, day)).toMatchObject({ alert_state: 'sent', alert_post_id: post.id });
    expect((await absencePosts()).length).toBe(total);
    expect(await fanouts(post.id)).toBe(1);
    const record = (await recordOf(studentC.id, day))!;
    expect((await changesOf(record.id)).length).toBe(3);
    const line = (await roll(w.teacherA, w.tree.classA, day)).json().students.find((s: { person: { id: number } }) => s.person.id === studentC.id);
    expect(line.record).toMatchObject({ type: 'absent', changes: 2, alert: 'sent' });
  });

  it("shows a relative's reply to the absence post as an excuse on the roll", async () => {
    const day = daysAgo(4);
    await mark(w.teacherA, w.tree.classA, { person: w.studentA.id, type: 'absent', date: day });
    await runAlerts();
    const record = (await recordOf(w.studentA.id, day))!;
    const post = (await absencePosts()).find((p) => p.id === record.alert_post_id)!;
    const reply = await as(t, w.parentA, 'POST', `people/${w.parentA.id}/threads/feed/${post.thread_id}`, { description: '<p>Tenía fiebre, va al médico.</p>' });
    expect(reply.statusCode).toBeLessThan(300);
    const line = (await roll(w.teacherA, w.tree.classA, day)).json().students.find((s: { person: { id: number } }) => s.person.id === w.studentA.id);
    expect(line.record.excuses).toEqual([expect.objectContaining({ text: 'Tenía fiebre, va al médico.', by: expect.objectContaining({ id: w.parentA.id }) })]);
    // The teacher got the reply in their inbox (replies go to the post's author).
    expect(await stubHolders((await t.db.selectFrom('posts').select('id').where('org_id', '=', w.school.id).where('thread_id', '=', post.thread_id).where('author_id', '=', w.parentA.id).executeTakeFirstOrThrow()).id)).toEqual([w.teacherA.id]);
  });

  it('lets only the teachers and staff of the node read and take its roll', async () => {
    for (const who of [w.teacherA, w.admin, w.employee]) expect((await roll(who, w.tree.classA)).statusCode).toBe(200);
    for (const who of [w.teacherB, w.parentA, w.studentA, w.driver]) {
      expect((await roll(who, w.tree.classA)).statusCode).toBe(403);
      expect((await mark(who, w.tree.classA, { person: w.studentA.id, type: 'absent' })).statusCode).toBe(403);
    }
    // The driver takes the roll of the route they drive.
    expect((await roll(w.driver, w.route)).statusCode).toBe(200);
    const norte = await norteAccount(t, w, 'admin');
    expect((await as(t, norte, 'GET', logOf(w.tree.classA))).statusCode).toBe(404);
    expect((await as(t, norte, 'POST', logOf(w.tree.classA), { person: w.studentA.id, type: 'absent' })).statusCode).toBe(404);
    const registrant = await makeRegistrant(t, w.school);
    expect((await roll(registrant, w.tree.classA)).statusCode).toBe(403);
    expect((await as(t, w.admin, 'GET', logOf(999_999))).statusCode).toBe(404);
    expect((await as(t, w.teacherB, 'GET', 'attendance/reports?from=2026-01-01&to=2026-01-31&node=' + w.tree.classA)).statusCode).toBe(403);
    expect((await as(t, w.parentA, 'GET', 'attendance/day')).statusCode).toBe(403);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await counts();
    const good = { person: w.studentA.id, type: 'absent' };
    const notInNode = await mark(w.teacherA, w.tree.classA, [good, { person: w.studentB.id, type: 'absent' }]);
    expect(notInNode.statusCode).toBe(400);
    expect(notInNode.json()).toMatchObject({ error: 'not_in_node', details: [{ path: '1.person' }] });
    expect(notInNode.json().message).toContain(String(w.studentB.id));
    const future = await mark(w.teacherA, w.tree.classA, [good, { ...good, date: addDays(today(), 2) }]);
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe('future_date');
    expect((await mark(w.teacherA, w.tree.classA, [good, { ...good, note: 'a\u0000b' }])).statusCode).toBe(400);
    expect((await mark(w.teacherA, w.tree.classA, [good, { ...good, note: 'x'.repeat(100_000) }])).statusCode).toBe(400);
    expect((await mark(w.teacherA, w.tree.classA, [good, { ...good, type: 'asleep' }])).statusCode).toBe(400);
    expect((await mark(w.teacherA, w.tree.classA, [])).statusCode).toBe(400);
    expect((await mark(w.teacherA, w.tree.classA, { ...good, date: '2026-02-30' })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('keeps one record, one history entry and one alert for 20 parallel identical marks', async () => {
    const day = daysAgo(5);
    const body = [{ person: w.studentA.id, type: 'absent', date: day, markedAt: Math.floor(Date.now() / 1000) - 60 }];
    const token = await t.signIn(w.teacherA);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.request({ method: 'POST', url: `/api/${w.school.code}/${logOf(w.tree.classA)}`, token, body })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(results.reduce((sum, r) => sum + r.json().changed, 0)).toBe(1);
    const record = (await recordOf(w.studentA.id, day))!;
    expect((await changesOf(record.id)).length).toBe(1);
    const before = (await absencePosts()).length;
    await runAlerts();
    expect((await absencePosts()).length).toBe(before + 1);
  });

  it('never lets an older offline mark overwrite a newer one', async () => {
    const day = daysAgo(6);
    const now = Math.floor(Date.now() / 1000);
    await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'present', date: day, markedAt: now - 10 });
    const stale = await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'absent', date: day, markedAt: now - 100 });
    expect(stale.json()).toEqual({ changed: 0, unchanged: 1 });
    expect(await recordOf(studentC.id, day)).toMatchObject({ type: 'present' });
    const resend = await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'present', date: day, markedAt: now - 10 });
    expect(resend.json()).toEqual({ changed: 0, unchanged: 1 });
  });

  it('reports rates per student and group, and the same as a formula-safe CSV', async () => {
    const risky = await t.makePerson(w.school, { role: 'student', node: w.tree.classB, firstName: '=HYPERLINK("x")', lastName: '+Suma' });
    const from = daysAgo(20);
    const to = daysAgo(18);
    await mark(w.teacherB, w.tree.classB, [
      { person: w.studentB.id, type: 'present', date: daysAgo(20) },
      { person: w.studentB.id, type: 'late', date: daysAgo(19) },
      { person: w.studentB.id, type: 'absent', date: daysAgo(18) },
      { person: risky.id, type: 'present', date: daysAgo(20) },
    ]);
    await mark(w.teacherA, w.tree.classA, { person: studentC.id, type: 'excused', date: daysAgo(19) });
    const res = await as(t, w.admin, 'GET', `attendance/reports?node=${w.tree.grade}&from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(res.headers['x-total-count']).toBe('3');
    const lineB = report.students.find((s: { person: { id: number } }) => s.person.id === w.studentB.id);
    expect(lineB).toMatchObject({ group: { id: w.tree.classB }, present: 1, late: 1, absent: 1, excused: 0 });
    expect(lineB.rate).toBeCloseTo(2 / 3);
    const groupB = report.groups.find((g: { node: { id: number } }) => g.node.id === w.tree.classB);
    expect(groupB).toMatchObject({ students: 2, present: 2, late: 1, absent: 1 });
    expect(groupB.rate).toBeCloseTo(3 / 4);
    expect(report.groups.find((g: { node: { id: number } }) => g.node.id === w.tree.classA)).toMatchObject({ students: 1, excused: 1, rate: 0 });

    // A teacher sees their own classes only.
    const own = (await as(t, w.teacherB, 'GET', `attendance/reports?from=${from}&to=${to}`)).json();
    expect(own.groups.map((g: { node: { id: number } }) => g.node.id)).toEqual([w.tree.classB]);

    const csv = await as(t, w.admin, 'GET', `attendance/reports.csv?node=${w.tree.grade}&from=${from}&to=${to}&lang=en`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFGroup,Student,Present,Absent,Late,Excused,Attendance (%)\r\n')).toBe(true);
    expect(csv.body).toContain(`3B,"'+Suma, =HYPERLINK(""x"")",1,0,0,0,100`);
    expect(csv.body).toContain('66.7');
    expect((await as(t, w.admin, 'GET', `attendance/reports?from=${to}&to=${from}`)).statusCode).toBe(400);
  });

  it('item 3: offers the rates as XLSX with the same rows as the CSV, whose delimiter and decimal separator follow the language', async () => {
    const [from, to] = [daysAgo(26), daysAgo(24)];
    await mark(w.teacherB, w.tree.classB, [
      { person: w.studentB.id, type: 'present', date: daysAgo(26) },
      { person: w.studentB.id, type: 'late', date: daysAgo(25) },
      { person: w.studentB.id, type: 'absent', date: daysAgo(24) },
    ]);
    const file = (query: string) => as(t, w.admin, 'GET', `attendance/reports.csv?node=${w.tree.classB}&from=${from}&to=${to}${query}`);
    const spanish = (await file('')).body;
    expect(spanish.startsWith('\uFEFFGrupo;Estudiante;')).toBe(true);
    expect(spanish).toContain(';1;1;1;0;66,7\r\n');
    expect((await file('&lang=en')).body).toContain(',1,1,1,0,66.7\r\n');
    for (const [lang, delimiter, decimal] of [['es', ';', ','], ['it', ';', ','], ['en', ',', '.']] as const) {
      const csv = (await file(`&lang=${lang}`)).body;
      const xlsx = await file(`&lang=${lang}&format=xlsx`);
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(xlsx.headers['content-disposition']).toContain(`-${from}-${to}.xlsx`);
      const rows = await xlsxRows(xlsx.rawPayload, decimal);
      expect(rows, lang).toEqual(csvRows(csv, delimiter));
      expect(rows).toHaveLength(2);
    }
    // The rate is a number in the XLSX, not text.
    const [, line] = (await readXlsxFile((await file('&format=xlsx')).rawPayload))[0].data;
    expect(line.slice(2)).toEqual([1, 1, 1, 0, 66.7]);
    expect((await as(t, w.parentB, 'GET', `attendance/reports.csv?from=${from}&to=${to}&format=xlsx`)).statusCode).toBe(403);
  });

  it("lists the day's checkpoints for the staff, taken or not, with who is missing", async () => {
    const day = daysAgo(18);
    const res = await as(t, w.admin, 'GET', `attendance/day?date=${day}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const classB = body.checkpoints.find((c: { checkpoint: { node: { id: number } } }) => c.checkpoint.node.id === w.tree.classB);
    expect(classB).toMatchObject({ taken: true, absent: 1, late: 0, missing: [{ person: { id: w.studentB.id }, type: 'absent' }] });
    const classA = body.checkpoints.find((c: { checkpoint: { node: { id: number } } }) => c.checkpoint.node.id === w.tree.classA);
    expect(classA).toMatchObject({ taken: false, students: 2, missing: [] });
    const mine = (await as(t, w.teacherA, 'GET', `attendance/day?date=${day}`)).json();
    expect(mine.checkpoints.map((c: { checkpoint: { node: { id: number } } }) => c.checkpoint.node.id)).toEqual([w.tree.classA]);
  });

  it("lets the node's staff change its checkpoint", async () => {
    const res = await as(t, w.teacherA, 'PUT', `attendance/checkpoints/${w.tree.classA}`, { type: 'entrance', direction: 'leaving' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ node: { id: w.tree.classA }, type: 'entrance', direction: 'leaving' });
    expect((await roll(w.teacherA, w.tree.classA)).json().checkpoint.type).toBe('entrance');
    expect((await as(t, w.teacherB, 'PUT', `attendance/checkpoints/${w.tree.classA}`, { type: 'class', direction: 'arriving' })).statusCode).toBe(403);
    expect((await as(t, w.teacherA, 'PUT', `attendance/checkpoints/${w.tree.classA}`, { type: 'party', direction: 'arriving' })).statusCode).toBe(400);
  });

  it("section 2: the absence post goes to the student's parent-like relatives only, never a pending registrant or another family", async () => {
    const day = daysAgo(4);
    const studentD = await t.makePerson(w.school, { role: 'student', node: w.tree.classA, firstName: 'Dora', gender: 'female' });
    const mother = await t.makePerson(w.school, { relativeOf: studentD, gender: 'female', firstName: 'Delia' });
    const guardian = await t.makePerson(w.school, { relativeOf: studentD, kind: 'guardian', firstName: 'Gerardo', gender: 'male' });
    await t.makePerson(w.school, { relativeOf: studentD, kind: 'brother', firstName: 'Diego', gender: 'male' });
    // A self-registered account claiming to be her father, not approved yet: nobody to the school.
    const registrant = await makeRegistrant(t, w.school, { firstName: 'Rafael' });
    await upsertRelationshipPair(t.db, w.school.id, { personId: studentD.id, relativeId: registrant.id, kind: 'father', inverseKind: 'daughter' });
    await mark(w.teacherA, w.tree.classA, { person: studentD.id, type: 'absent', date: day });
    await runAlerts();
    const record = (await recordOf(studentD.id, day))!;
    expect(record).toMatchObject({ alert_state: 'sent' });
    const family = [mother.id, guardian.id].sort((a, b) => a - b);
    expect(await stubHolders(record.alert_post_id!)).toEqual(family);
    // The post names its audience too: the registrant is not in it either.
    const post = (await absencePosts()).find((p) => p.id === record.alert_post_id)!;
    expect([...JSON.parse(post.audience).people].sort((a: number, b: number) => a - b)).toEqual(family);
  });
});
