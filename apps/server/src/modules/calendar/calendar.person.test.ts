import type { FeedEvent } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { publishPost } from '../threads/threads.fixtures';
import { calendarApi, insertEventRow, insertSourceRow, MAY_4_10AM_BOGOTA } from './calendar.fixtures';

// Issue 36 §1 (PagePersonCalendar): staff read a person's group calendars in the person's tab, as far
// as they see those calendars themselves, and nothing private of the person's.

describeOnDatabases('calendar: a person’s group calendars', (t) => {
  let w: World;
  let call: ReturnType<typeof calendarApi>;
  const window = '?start=2026-05-01&end=2026-06-01';

  const eventsOf = async (viewer: TestPerson, person: TestPerson) => {
    const res = await call(viewer, 'GET', `people/${person.id}/calendar/events${window}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as FeedEvent[]).map((e) => e.title).sort();
  };

  beforeAll(async () => {
    w = await makeWorld(t);
    call = calendarApi(t);
    const at = (hours: number) => MAY_4_10AM_BOGOTA + hours * 3600;
    await insertEventRow(t, w.school.id, { title: 'Colegio', nodeId: w.tree.root, startsAt: at(0) });
    await insertEventRow(t, w.school.id, { title: 'Clase A', nodeId: w.tree.classA, startsAt: at(1), rsvp: true });
    await insertEventRow(t, w.school.id, { title: 'Clase B', nodeId: w.tree.classB, startsAt: at(2) });
    const source = await insertSourceRow(t, w.school.id, w.admin.id, w.tree.classA);
    await insertEventRow(t, w.school.id, { title: 'Fuente A', nodeId: w.tree.classA, sourceId: source, startsAt: at(3) });
    // A post's event is the person's own (the 'posts' feed): never shown in their tab.
    const post = await publishPost(t, w.teacherA, [w.studentA], { title: 'Cita' });
    await insertEventRow(t, w.school.id, { title: 'Cita privada', postId: post.id, startsAt: at(4) });
  });

  it('item 1: staff read the calendars of the person’s groups and above, never their posts’ events', async () => {
    expect(await eventsOf(w.admin, w.studentA)).toEqual(['Clase A', 'Colegio', 'Fuente A']);
    expect(await eventsOf(w.teacherA, w.studentA)).toEqual(['Clase A', 'Colegio', 'Fuente A']);
    expect(await eventsOf(w.employee, w.studentA)).toEqual(['Clase A', 'Colegio', 'Fuente A']);
    // A parent's path holds their children's groups.
    expect(await eventsOf(w.admin, w.parentA)).toEqual(['Clase A', 'Colegio', 'Fuente A']);
    // The person themself: the same group calendars (their own feeds are GET calendar/events).
    expect(await eventsOf(w.studentA, w.studentA)).toEqual(['Clase A', 'Colegio', 'Fuente A']);
  });

  it('item 1: a teacher of another class sees only the calendars they see themselves', async () => {
    expect(await eventsOf(w.teacherB, w.studentA)).toEqual(['Colegio']);
    expect(await eventsOf(w.teacherA, w.studentB)).toEqual(['Colegio']);
  });

  it('item 1: families, drivers and other schools get no one else’s calendar; bad windows are 400', async () => {
    for (const viewer of [w.parentA, w.parentB, w.studentB, w.driver]) {
      expect((await call(viewer, 'GET', `people/${w.studentA.id}/calendar/events${window}`)).statusCode).toBe(403);
    }
    const atHome = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/people/${w.studentA.id}/calendar/events${window}`, token: await t.signIn(w.otherAdmin) });
    expect(atHome.statusCode).toBe(404);
    expect((await call(w.admin, 'GET', `people/2147483647/calendar/events${window}`)).statusCode).toBe(404);
    for (const bad of ['?start=2026-05-02&end=2026-05-01', '?start=2026-01-01&end=2028-01-01', '?start=x&end=y', '', '?start=2026-05-01%00&end=2026-06-01']) {
      const res = await call(w.admin, 'GET', `people/${w.studentA.id}/calendar/events${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String) });
    }
  });
});
