import ICAL from 'ical.js';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { publishPost } from '../threads/threads.fixtures';
import { cachedEventIds, cachedOccurrences } from './calendar.expansion-cache';
import { calendarApi, insertEventRow, MAY_4_10AM_BOGOTA } from './calendar.fixtures';
import type { CalendarEventRecord } from './calendar.types';

// Node events: who adds, reads, changes and deletes them, and bad input that changes nothing.
describeOnDatabases('calendar node events', (t) => {
  const call = calendarApi(t);
  let w: World;
  const event = (extra: Record<string, unknown> = {}) => ({ nodeId: w.tree.classA, title: 'Izada de bandera', startDate: MAY_4_10AM_BOGOTA, endDate: MAY_4_10AM_BOGOTA + 3600, location: 'Patio central', ...extra });
  const countRows = async () => Number((await t.db.selectFrom('calendar_events').select((eb) => eb.fn.countAll().as('n')).where('org_id', '=', w.school.id).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('lets the teacher of a class add to its calendar, and its families read it', async () => {
    const res = await call(w.teacherA, 'POST', 'calendar/events', event({ secondary: 'Traer uniforme de gala' }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      title: 'Izada de bandera', secondary: 'Traer uniforme de gala', location: 'Patio central', allDay: false, timeZone: 'America/Bogota',
      start: '2026-05-04T10:00:00-05:00', end: '2026-05-04T11:00:00-05:00', post: null, node: { id: w.tree.classA, name: '3A' },
      feed: `node-${w.tree.classA}`, canEdit: true, rsvp: { enabled: false, mine: null, going: 0, notGoing: 0 },
    });
    const read = await call(w.parentA, 'GET', `calendar/events/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: created.id, canEdit: false });
    expect((await call(w.studentA, 'GET', `calendar/events/${created.id}`)).statusCode).toBe(200);
    // Above the class, the grade's group director (a teacher of a node above it) may edit it.
    const director = await t.makePerson(w.school, { role: 'group_director', node: w.tree.grade });
    expect((await call(director, 'GET', `calendar/events/${created.id}`)).json().canEdit).toBe(true);
    expect((await call(w.admin, 'GET', `calendar/events/${created.id}`)).json().canEdit).toBe(true);
  });

  it('hides a class event from another class’s family and teacher, and from another school (404 everywhere)', async () => {
    const id = (await call(w.teacherA, 'POST', 'calendar/events', event({ title: 'Solo 3A' }))).json().id;
    for (const person of [w.parentB, w.teacherB, w.studentB, w.driver]) {
      expect((await call(person, 'GET', `calendar/events/${id}`)).statusCode, person.firstName).toBe(404);
      const window = (await call(person, 'GET', 'calendar/events?start=2026-05-01&end=2026-06-01')).json() as { id: number }[];
      expect(window.map((e) => e.id), person.firstName).not.toContain(id);
      expect((await call(person, 'GET', `calendar/events?start=2026-05-01&end=2026-06-01&feed=node-${w.tree.classA}`)).statusCode).toBe(404);
      expect((await call(person, 'PUT', `calendar/events/${id}/rsvp`, { answer: 'going' })).statusCode).toBe(404);
    }
    const norte = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/calendar/events/${id}`, token: await t.signIn(w.otherAdmin) });
    expect(norte.statusCode).toBe(404);
    const crossToken = await t.request({ method: 'GET', url: `/api/${w.school.code}/calendar/events/${id}`, token: await t.signIn(w.otherAdmin) });
    expect(crossToken.statusCode).toBe(403);
  });

  it('refuses adding to a calendar the caller does not write on, and nothing is written', async () => {
    const before = await countRows();
    expect((await call(w.teacherB, 'POST', 'calendar/events', event())).statusCode).toBe(403);
    expect((await call(w.teacherA, 'POST', 'calendar/events', event({ nodeId: w.tree.section }))).statusCode).toBe(403);
    for (const person of [w.parentA, w.studentA, w.driver, w.employee]) {
      expect((await call(person, 'POST', 'calendar/events', event())).statusCode, person.firstName).toBe(403);
    }
    const registrant = await makeRegistrant(t, w.school);
    const pending = await call(registrant, 'POST', 'calendar/events', event());
    expect(pending.statusCode).toBe(403);
    expect((await call(registrant, 'GET', `people/${registrant.id}/calendar/feeds`)).statusCode).toBe(403);
    const otherTree = await t.makeTree(w.otherSchool);
    expect((await call(w.admin, 'POST', 'calendar/events', event({ nodeId: otherTree.classA }))).statusCode).toBe(404);
    expect((await call(w.teacherA, 'POST', 'calendar/events', event({ nodeId: otherTree.classA }))).statusCode).toBe(404);
    expect(await countRows()).toBe(before);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = await countRows();
    const cases: [string, Record<string, unknown>, string][] = [
      ['end before start', { endDate: MAY_4_10AM_BOGOTA - 60 }, 'invalid_request'],
      ['older shape, end before start', { startDate: undefined, endDate: undefined, dateStart: MAY_4_10AM_BOGOTA, dateEnd: MAY_4_10AM_BOGOTA - 1 }, 'invalid_request'],
      ['no start', { startDate: undefined }, 'invalid_request'],
      ['unknown recurrence', { recurrence: { freq: 'hourly' } }, 'invalid_request'],
      ['unknown recurrence field', { recurrence: { freq: 'weekly', byday: 'MO' } }, 'invalid_request'],
      ['repetition ending before the start', { recurrence: { freq: 'weekly', until: '2026-05-01' } }, 'invalid_recurrence'],
      ['too many occurrences', { recurrence: { freq: 'daily', count: 5000 } }, 'invalid_request'],
      ['NUL in the title', { title: 'Reunión\u0000' }, 'invalid_characters'],
      ['a title of 301 characters', { title: 'x'.repeat(301) }, 'invalid_request'],
      ['a negative start', { startDate: -5 }, 'invalid_request'],
      ['an unknown field', { colour: 'red' }, 'invalid_request'],
      ['all day as text', { allDay: 'yes' }, 'invalid_request'],
    ];
    for (const [label, extra, error] of cases) {
      const res = await call(w.teacherA, 'POST', 'calendar/events', event(extra));
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json().error, label).toBe(error);
    }
    const big = await call(w.teacherA, 'POST', 'calendar/events', event({ secondary: 'x'.repeat(2_000_000) }));
    expect([400, 413]).toContain(big.statusCode);
    expect(await countRows()).toBe(before);
  });

  it('changes and deletes a node event for those who may edit it, and refuses the rest', async () => {
    const id = (await call(w.teacherA, 'POST', 'calendar/events', event({ title: 'Antes' }))).json().id;
    expect((await call(w.parentA, 'PUT', `calendar/events/${id}`, { title: 'Hackeado', startDate: MAY_4_10AM_BOGOTA })).statusCode).toBe(403);
    expect((await call(w.teacherB, 'PUT', `calendar/events/${id}`, { title: 'Hackeado', startDate: MAY_4_10AM_BOGOTA })).statusCode).toBe(404);
    expect((await call(w.parentA, 'DELETE', `calendar/events/${id}`)).statusCode).toBe(403);
    const bad = await call(w.teacherA, 'PUT', `calendar/events/${id}`, { title: 'Después', startDate: MAY_4_10AM_BOGOTA, endDate: MAY_4_10AM_BOGOTA - 1 });
    expect(bad.statusCode).toBe(400);
    expect((await call(w.parentA, 'GET', `calendar/events/${id}`)).json().title).toBe('Antes');
    const changed = await call(w.teacherA, 'PUT', `calendar/events/${id}`, { title: 'Después', startDate: MAY_4_10AM_BOGOTA, allDay: true, recurrence: { freq: 'monthly', count: 3 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ title: 'Después', allDay: true, start: '2026-05-04', recurrence: { freq: 'monthly', interval: 1, count: 3 } });
    const window = (await call(w.parentA, 'GET', 'calendar/events?start=2026-05-01&end=2026-09-01')).json() as { id: number; start: string }[];
    expect(window.filter((e) => e.id === id).map((e) => e.start)).toEqual(['2026-05-04', '2026-06-04', '2026-07-04']);
    expect((await call(w.admin, 'PUT', `calendar/events/${id}`, { title: 'Por la rectoría', startDate: MAY_4_10AM_BOGOTA })).statusCode).toBe(200);
    expect((await call(w.teacherA, 'DELETE', `calendar/events/${id}`)).statusCode).toBe(204);
    expect((await call(w.parentA, 'GET', `calendar/events/${id}`)).statusCode).toBe(404);
    expect((await call(w.teacherA, 'DELETE', `calendar/events/${id}`)).statusCode).toBe(404);
    const after = (await call(w.parentA, 'GET', 'calendar/events?start=2026-05-01&end=2026-09-01')).json() as { id: number }[];
    expect(after.map((e) => e.id)).not.toContain(id);
  });

  it('leaves an event on a post to its post: read by its readers, never edited here', async () => {
    const post = await publishPost(t, w.teacherA, [w.parentA], { title: 'Reunión de padres' });
    const id = await insertEventRow(t, w.school.id, { postId: post.id, authorId: w.teacherA.id, title: '' });
    const read = await call(w.parentA, 'GET', `calendar/events/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ title: 'Sin título', post: { id: post.id, type: 'circular', thread: post.thread }, node: null, feed: 'posts', canEdit: false });
    expect((await call(w.parentB, 'GET', `calendar/events/${id}`)).statusCode).toBe(404);
    expect((await call(w.teacherA, 'PUT', `calendar/events/${id}`, { title: 'Otro', startDate: MAY_4_10AM_BOGOTA })).statusCode).toBe(403);
    expect((await call(w.admin, 'DELETE', `calendar/events/${id}`)).statusCode).toBe(403);
  });

  it('item 4 (issue 34): each change adds one to the SEQUENCE of the exported event, twenty edits at once twenty, and LAST-MODIFIED follows', async () => {
    const readIcs = async (id: number) => {
      const res = await call(w.parentA, 'GET', `calendar/events/${id}/ics`);
      expect(res.statusCode, res.body).toBe(200);
      const vevent = new ICAL.Component(ICAL.parse(res.body) as never).getFirstSubcomponent('vevent')!;
      return { sequence: new ICAL.Event(vevent).sequence, lastModified: (vevent.getFirstPropertyValue('last-modified') as ICAL.Time).toUnixTime() };
    };
    const stored = async (id: number) =>
      (await t.db.selectFrom('calendar_events').select(['sequence', 'updated_at']).where('org_id', '=', w.school.id).where('id', '=', id).executeTakeFirstOrThrow());
    const id = (await call(w.teacherA, 'POST', 'calendar/events', event({ title: 'Reunión 0' }))).json().id as number;
    const created = await readIcs(id);
    expect(created.sequence).toBe(0);
    expect(created.lastModified).toBe(Math.floor(Date.parse((await stored(id)).updated_at) / 1000));

    // Refused edits change nothing, the revision neither.
    expect((await call(w.teacherA, 'PUT', `calendar/events/${id}`, { title: 'Mal', startDate: MAY_4_10AM_BOGOTA, endDate: MAY_4_10AM_BOGOTA - 1 })).statusCode).toBe(400);
    expect((await call(w.parentA, 'PUT', `calendar/events/${id}`, { title: 'Mal', startDate: MAY_4_10AM_BOGOTA })).statusCode).toBe(403);
    expect((await call(w.teacherA, 'PUT', `calendar/events/${id}`, { title: 'Mal\u0000', startDate: MAY_4_10AM_BOGOTA })).statusCode).toBe(400);
    expect(Number((await stored(id)).sequence)).toBe(0);

    const once = await call(w.teacherA, 'PUT', `calendar/events/${id}`, { title: 'Reunión 1', startDate: MAY_4_10AM_BOGOTA });
    expect(once.statusCode, once.body).toBe(200);
    expect((await readIcs(id)).sequence).toBe(1);

    const edits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(w.teacherA, 'PUT', `calendar/events/${id}`, { title: `Reunión ${i + 2}`, startDate: MAY_4_10AM_BOGOTA + 60 * i })),
    );
    expect(edits.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const after = await readIcs(id);
    expect(after.sequence).toBe(21);
    expect(Number((await stored(id)).sequence)).toBe(21);
    expect(after.lastModified).toBeGreaterThanOrEqual(created.lastModified);
    expect(after.lastModified).toBe(Math.floor(Date.parse((await stored(id)).updated_at) / 1000));
  });

  it('item 4 (issue 34): an event written before its revision was kept exports SEQUENCE:0, and its text without control characters', async () => {
    const post = await publishPost(t, w.teacherA, [w.parentA], { title: 'Salida' });
    // PostgreSQL refuses NUL in text, so stored text may still hold every other control character.
    const dirty = 'Salida\u0007 al\u001b museo\u007f\u0085\u009b\r\nTraer almuerzo';
    const id = await insertEventRow(t, w.school.id, { postId: post.id, authorId: w.teacherA.id, title: dirty });
    await t.db.updateTable('calendar_events').set({ secondary: dirty, location: 'Museo\u0001 del Oro\u009f' }).where('org_id', '=', w.school.id).where('id', '=', id).execute();
    const res = await call(w.parentA, 'GET', `calendar/events/${id}/ics`);
    expect(res.statusCode, res.body).toBe(200);
    // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
    expect(res.body.replaceAll('\r\n', '')).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
    const vevent = new ICAL.Event(new ICAL.Component(ICAL.parse(res.body) as never).getFirstSubcomponent('vevent')!);
    expect(vevent.sequence).toBe(0);
    expect(vevent.summary).toBe('Salida al museo\nTraer almuerzo');
    expect(vevent.description.startsWith('Salida al museo\nTraer almuerzo\n\n')).toBe(true);
    expect(vevent.location).toBe('Museo del Oro');
  });

  it("shows a blank title as 'Sin título' in the reader's language", async () => {
    const id = (await call(w.teacherA, 'POST', 'calendar/events', event({ title: '   ' }))).json().id;
    await t.db.updateTable('people').set({ language: 'de' }).where('org_id', '=', w.school.id).where('id', '=', w.parentA.id).execute();
    try {
      expect((await call(w.parentA, 'GET', `calendar/events/${id}`)).json().title).toBe('Ohne Titel');
      const window = (await call(w.parentA, 'GET', 'calendar/events?start=2026-05-04&end=2026-05-05')).json() as { id: number; title: string }[];
      expect(window.find((e) => e.id === id)?.title).toBe('Ohne Titel');
      expect((await call(w.teacherA, 'GET', `calendar/events/${id}`)).json().title).toBe('Sin título');
    } finally {
      await t.db.updateTable('people').set({ language: 'es' }).where('org_id', '=', w.school.id).where('id', '=', w.parentA.id).execute();
    }
  });

  it('item 4 (issue 32): a cached expansion is expanded again when its event is edited, changed elsewhere or deleted', async () => {
    const may = 'calendar/events?start=2026-05-01&end=2026-06-01';
    const weekly = { freq: 'weekly', interval: 1, count: 6, until: null, exceptions: [] };
    const id = (await call(w.teacherA, 'POST', 'calendar/events', event({ title: 'Club de ajedrez', recurrence: weekly }))).json().id as number;
    const startsOf = async () => ((await call(w.parentA, 'GET', may)).json() as { id: number; start: string }[]).filter((e) => e.id === id).map((e) => e.start);
    const mondays = ['04', '11', '18', '25'];
    expect(await startsOf()).toEqual(mondays.map((d) => `2026-05-${d}T10:00:00-05:00`));
    expect(await startsOf()).toEqual(mondays.map((d) => `2026-05-${d}T10:00:00-05:00`));
    expect(cachedEventIds(t.db, w.school.id)).toContain(id);

    // Its own write: two hours later, and one week skipped.
    const edited = await call(w.teacherA, 'PUT', `calendar/events/${id}`, {
      title: 'Club de ajedrez', startDate: MAY_4_10AM_BOGOTA + 7200, endDate: MAY_4_10AM_BOGOTA + 10_800, recurrence: { ...weekly, exceptions: ['2026-05-11'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await startsOf()).toEqual(['04', '18', '25'].map((d) => `2026-05-${d}T12:00:00-05:00`));

    // A write this process was not told of (another process, an import): the row no longer matches the entry.
    await t.db.updateTable('calendar_events').set({ starts_at: MAY_4_10AM_BOGOTA + 3600, ends_at: MAY_4_10AM_BOGOTA + 7200 }).where('org_id', '=', w.school.id).where('id', '=', id).execute();
    expect(await startsOf()).toEqual(['04', '18', '25'].map((d) => `2026-05-${d}T11:00:00-05:00`));

    expect((await call(w.teacherA, 'DELETE', `calendar/events/${id}`)).statusCode).toBe(204);
    expect(cachedEventIds(t.db, w.school.id)).not.toContain(id);
    expect(await startsOf()).toEqual([]);
  });

  it("item 4 (issue 32): the cached expansion never brings another family's or another school's events", async () => {
    const may = 'calendar/events?start=2026-05-01&end=2026-06-01';
    const id = (await call(w.teacherA, 'POST', 'calendar/events', event({ title: 'Solo 3A, cada semana', recurrence: { freq: 'weekly', count: 4 } }))).json().id as number;
    const idsOf = async (res: { statusCode: number; json: () => unknown }) => {
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: number }[]).map((e) => e.id);
    };
    // 3A's family reads it first, so its expansion is held when the others read the same month.
    expect(await idsOf(await call(w.parentA, 'GET', may))).toContain(id);
    expect(cachedEventIds(t.db, w.school.id)).toContain(id);
    for (const person of [w.parentB, w.teacherB, w.studentB, w.driver]) {
      expect(await idsOf(await call(person, 'GET', may)), person.firstName).not.toContain(id);
    }
    const norte = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/${may}`, token: await t.signIn(w.otherAdmin) });
    expect(await idsOf(norte)).not.toContain(id);
    expect(cachedEventIds(t.db, w.otherSchool.id)).not.toContain(id);

    // Keyed by school: the same event id in another school is another entry, never this one's occurrences.
    const record = (startsAt: number): CalendarEventRecord => ({
      id, title: '', secondary: '', location: '', startsAt, endsAt: startsAt + 3600, allDay: false, timeZone: 'America/Bogota', recurrence: null,
      recurrenceText: null, rsvp: false, postId: null, postType: null, threadId: null, nodeId: null, sourceId: null, authorId: null, feed: 'node-0',
      sequence: 0, updatedAt: '2026-05-01T00:00:00.000Z',
    });
    const window = { from: MAY_4_10AM_BOGOTA - 86_400, to: MAY_4_10AM_BOGOTA + 86_400 };
    const here = cachedOccurrences(t.db, w.school.id, record(MAY_4_10AM_BOGOTA), window);
    const there = cachedOccurrences(t.db, w.otherSchool.id, record(MAY_4_10AM_BOGOTA + 1800), window);
    expect(here.map((o) => o.start)).toEqual(['2026-05-04T10:00:00-05:00']);
    expect(there.map((o) => o.start)).toEqual(['2026-05-04T10:30:00-05:00']);
  });
});
