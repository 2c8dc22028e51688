import ICAL from 'ical.js';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { as, norteAccount } from '../posts/posts.fixtures';

// Issue 35 §3 on both databases: a task's due date is in the calendar of its group's students, of
// their approved parent-like relatives (one item per child) and of the group's teachers, opening the
// post in the classroom, and in their private ICS subscription; nobody else's, never another school's.

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const WINDOW = `start=${day(-2)}&end=${day(12)}`;

/** A VEVENT as a calendar app reads it (ical.js), with its own lines to check what was written. */
interface VEvent {
  uid: string;
  summary: string;
  start: number;
  end: number;
  zone: string;
  url: string;
  description: string;
  sequence: number;
  lastModified: string | null;
  hasEnd: boolean;
}

function vevents(text: string): VEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as never);
  return calendar.getAllSubcomponents('vevent').map((c) => {
    const event = new ICAL.Event(c);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toUnixTime(),
      end: event.endDate.toUnixTime(),
      zone: String(c.getFirstProperty('dtstart')?.getParameter('tzid') ?? ''),
      url: String(c.getFirstPropertyValue('url') ?? ''),
      description: event.description,
      sequence: event.sequence,
      lastModified: c.hasProperty('last-modified') ? String(c.getFirstPropertyValue('last-modified')) : null,
      hasEnd: c.hasProperty('dtend') || c.hasProperty('duration'),
    };
  });
}

interface Item {
  id: number;
  feed: string;
  title: string;
  path?: string;
  allDay: boolean;
  startDate: number;
  start: string;
  post: unknown;
}

describeOnDatabases('classroom due dates in the calendar', (t) => {
  let w: World;
  let sibling: TestPerson;
  let taskId: number;
  let lejanaId: number;
  let dueDate: string;

  const read = async (who: TestPerson, query = WINDOW) => {
    const res = await as(t, who, 'GET', `calendar/events?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Item[]).filter((i) => i.feed === 'classroom');
  };
  const feeds = async (who: TestPerson) => ((await as(t, who, 'GET', `people/${who.id}/calendar/feeds`)).json() as { id: string; kind: string }[]).map((f) => f.id);

  beforeAll(async () => {
    w = await makeWorld(t);
    // Parent A's second child, in the same class: two items for the parent, one per child.
    sibling = await t.makePerson(w.school, { role: 'student', node: w.tree.classA, firstName: 'Simón', gender: 'male' });
    await t.relate(w.parentA, sibling);
    dueDate = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const res = await as(t, w.teacherA, 'POST', `nodes/${w.tree.classA}/classroom/posts`, { kind: 'task', title: 'Maqueta del sistema solar', dueDate, points: 10 });
    expect(res.statusCode, res.body).toBe(201);
    taskId = res.json().id;
    // Another task, due beyond the window, and a material: neither is in the window.
    lejanaId = (await as(t, w.teacherA, 'POST', `nodes/${w.tree.classA}/classroom/posts`, { kind: 'task', title: 'Lejana', dueDate: new Date(Date.now() + 40 * 86_400_000).toISOString() })).json().id;
    await as(t, w.teacherA, 'POST', `nodes/${w.tree.classA}/classroom/posts`, { kind: 'material', title: 'Guía' });
  });

  it("item 3: a student, their relatives and the group's teachers see the due date, each opening the post in their classroom", async () => {
    const student = await read(w.studentA);
    expect(student).toEqual([
      expect.objectContaining({ id: taskId, title: 'Maqueta del sistema solar', allDay: false, startDate: Math.floor(Date.parse(dueDate) / 1000), post: null, path: `/people/${w.studentA.id}/classroom/${w.tree.classA}/posts/${taskId}` }),
    ]);
    expect(student[0]!.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-05:00$/);

    const parent = await read(w.parentA);
    expect(parent.map((i) => [i.title, i.path]).sort()).toEqual(
      [
        ['Maqueta del sistema solar (Alba)', `/people/${w.studentA.id}/classroom/${w.tree.classA}/posts/${taskId}`],
        ['Maqueta del sistema solar (Simón)', `/people/${sibling.id}/classroom/${w.tree.classA}/posts/${taskId}`],
      ].sort(),
    );
    expect((await read(w.teacherA)).map((i) => i.path)).toEqual([`/people/${w.teacherA.id}/classroom/${w.tree.classA}/posts/${taskId}`]);

    // The feed is listed for them, after the posts' feed, and can be read alone.
    for (const who of [w.studentA, w.parentA, w.teacherA]) expect((await feeds(who)).slice(0, 2)).toEqual(['posts', 'classroom']);
    expect((await read(w.studentA, `${WINDOW}&feed=classroom`)).map((i) => i.id)).toEqual([taskId]);
    // Out of the window: nothing.
    expect(await read(w.studentA, `start=${day(20)}&end=${day(30)}`)).toEqual([]);
  });

  it('item 3: another group, another family, an administrator outside the group and an unapproved registrant see no due date', async () => {
    for (const who of [w.studentB, w.parentB, w.teacherB, w.admin, w.employee]) {
      expect(await read(who), who.firstName).toEqual([]);
      expect(await feeds(who)).not.toContain('classroom');
      expect((await as(t, who, 'GET', `calendar/events?${WINDOW}&feed=classroom`)).statusCode).toBe(404);
      expect((await as(t, who, 'PUT', `people/${who.id}/calendar/feeds/classroom`, { enabled: false })).statusCode).toBe(404);
    }
    // A registration waiting for approval, even one wrongly tied to the student, is refused before anything.
    const registrant = await makeRegistrant(t, w.school);
    await t.relate(registrant, w.studentA);
    expect((await as(t, registrant, 'GET', `calendar/events?${WINDOW}`)).statusCode).toBe(403);
    // Another school, with its own token on its own base and on ours.
    const norte = await norteAccount(t, w, 'parent');
    expect(await read(norte)).toEqual([]);
    const foreign = await t.request({ method: 'GET', url: `/api/${w.school.code}/calendar/events?${WINDOW}&feed=classroom`, token: await t.signIn(norte) });
    expect([401, 403]).toContain(foreign.statusCode);
  });

  it('item 3: a student who leaves the group no longer sees its due dates; switching the feed off hides them from the full read', async () => {
    const leaver = await t.makePerson(w.school, { role: 'student', node: w.tree.classA, firstName: 'Lía' });
    expect(await read(leaver)).toHaveLength(1);
    await t.db.updateTable('memberships').set({ enrollment_status: 'withdrawn' }).where('org_id', '=', w.school.id).where('person_id', '=', leaver.id).execute();
    expect(await read(leaver)).toEqual([]);

    const off = await as(t, w.studentA, 'PUT', `people/${w.studentA.id}/calendar/feeds/classroom`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id: 'classroom', kind: 'classroom', enabled: false });
    expect(await read(w.studentA)).toEqual([]);
    expect(await read(w.studentA, `${WINDOW}&feed=classroom`)).toHaveLength(1);
    await as(t, w.studentA, 'PUT', `people/${w.studentA.id}/calendar/feeds/classroom`, { enabled: true });
    expect(await read(w.studentA)).toHaveLength(1);
  });

  it("item 3: the private ICS subscription carries the due dates of the student, each of a relative's children and the group's teachers, never another family's, and none with the feed off", async () => {
    const code = w.school.code;
    const ics = async (who: TestPerson) => {
      const made = await as(t, who, 'POST', `people/${who.id}/calendar/subscription`);
      expect(made.statusCode, made.body).toBe(201);
      const res = await t.request({ method: 'GET', url: new URL((made.json().url as string).replace(/^webcal:/, 'http:')).pathname });
      expect(res.statusCode, res.body).toBe(200);
      return { text: res.body, events: vevents(res.body).filter((e) => e.uid.startsWith('classroom-task-')) };
    };
    // Group B's task, its title holding control characters (as an older row or an import might), and a
    // task of group A due beyond the subscription's 400 days.
    const other = await as(t, w.teacherB, 'POST', `nodes/${w.tree.classB}/classroom/posts`, { kind: 'task', title: 'Herbario', dueDate: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    expect(other.statusCode, other.body).toBe(201);
    const otherId = other.json().id as number;
    await t.db.updateTable('posts').set({ title: 'Herbario\u0007 B\u0085' }).where('org_id', '=', w.school.id).where('id', '=', otherId).execute();
    const far = await as(t, w.teacherA, 'POST', `nodes/${w.tree.classA}/classroom/posts`, { kind: 'task', title: 'Muy lejana', dueDate: new Date(Date.now() + 420 * 86_400_000).toISOString() });
    expect(far.statusCode, far.body).toBe(201);

    const student = await ics(w.studentA);
    const due = Math.floor(Date.parse(dueDate) / 1000);
    const own = student.events.find((e) => e.uid === `classroom-task-${taskId}-${w.studentA.id}@${code}.patio`)!;
    expect(own).toMatchObject({ summary: 'Maqueta del sistema solar', start: due, end: due, zone: 'America/Bogota', sequence: 0, hasEnd: false });
    expect(own.url).toMatch(new RegExp(`^https?://[^/]+/people/${w.studentA.id}/classroom/${w.tree.classA}/posts/${taskId}$`));
    expect(own.description).toBe(own.url);
    expect(own.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // The 400 days of the export: the task due in 40 days is there, the one due in 420 days is not.
    expect(student.events.map((e) => e.uid).sort()).toEqual([`classroom-task-${lejanaId}-${w.studentA.id}@${code}.patio`, own.uid].sort());

    const parent = await ics(w.parentA);
    expect(parent.events.filter((e) => e.uid.startsWith(`classroom-task-${taskId}-`)).map((e) => [e.uid, e.summary]).sort()).toEqual(
      [
        [`classroom-task-${taskId}-${w.studentA.id}@${code}.patio`, 'Maqueta del sistema solar (Alba)'],
        [`classroom-task-${taskId}-${sibling.id}@${code}.patio`, 'Maqueta del sistema solar (Simón)'],
      ].sort(),
    );
    expect(parent.events.find((e) => e.uid.endsWith(`-${sibling.id}@${code}.patio`))!.url).toContain(`/people/${sibling.id}/classroom/`);
    expect((await ics(w.teacherA)).events.map((e) => e.uid).sort()).toEqual([`classroom-task-${lejanaId}@${code}.patio`, `classroom-task-${taskId}@${code}.patio`].sort());

    // Another family: only its own child's task, with the control characters gone; never group A's.
    for (const who of [w.parentA, w.studentA, w.teacherA]) expect((await ics(who)).text).not.toContain(`classroom-task-${otherId}`);
    const family = await ics(w.parentB);
    expect(family.events.map((e) => [e.uid, e.summary])).toEqual([[`classroom-task-${otherId}-${w.studentB.id}@${code}.patio`, 'Herbario B (Bruno)']]);
    expect(family.text.includes('\u0007') || family.text.includes('\u0085')).toBe(false);
    expect((await ics(w.admin)).events).toEqual([]);

    // The feed switched off: not in the ICS either; back on, back in.
    expect((await as(t, w.parentA, 'PUT', `people/${w.parentA.id}/calendar/feeds/classroom`, { enabled: false })).statusCode).toBe(200);
    const off = await ics(w.parentA);
    expect(off.events).toEqual([]);
    expect(off.text).not.toContain('classroom-task-');
    await as(t, w.parentA, 'PUT', `people/${w.parentA.id}/calendar/feeds/classroom`, { enabled: true });
    expect((await ics(w.parentA)).events).toHaveLength(4);
  });
});
