import { midnightOf, epochOfWallClock } from '@patio/core/calendar/times';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { as, postTo, publishAs, rowCounts } from './posts.fixtures';

const BOGOTA = 'America/Bogota';
const MADRID = 'Europe/Madrid';

describeOnDatabases('events on posts', (t) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(t);
  });
  const drafts = (me: { id: number }) => `people/${me.id}/posts/drafts`;
  const eventRows = (orgId: number) => t.db.selectFrom('calendar_events').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
  const eventIdOf = async (postId: number) =>
    (await t.db.selectFrom('posts').select('event_id').where('org_id', '=', w.school.id).where('id', '=', postId).executeTakeFirstOrThrow()).event_id;
  const meeting = (extra: Record<string, unknown> = {}) => ({
    title: 'Reunión de padres',
    location: 'Auditorio',
    startDate: epochOfWallClock('2026-12-03', 18 * 3600, BOGOTA),
    endDate: epochOfWallClock('2026-12-03', 19 * 3600 + 1800, BOGOTA),
    ...extra,
  });

  it('writes the event with the post, links it, and shows it to the author and the recipients on the post and in the thread', async () => {
    const before = (await eventRows(w.school.id)).length;
    const res = await publishAs(t, w.teacherA, postTo([w.parentA], { type: 'event', event: meeting({ rsvp: true, recurrence: { freq: 'weekly', count: 4 } }) }));
    expect(res.statusCode, res.body).toBe(201);
    const { id, thread } = res.json();
    const rows = await eventRows(w.school.id);
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ post_id: id, author_id: w.teacherA.id, node_id: null, source_id: null, all_day: 0, time_zone: BOGOTA, rsvp: 1, deleted_at: null });
    expect(Number(row.last_ends_at)).toBe(meeting().endDate + 3 * 7 * 86_400);
    expect(await eventIdOf(id)).toBe(row.id);

    const expected = {
      id: row.id, title: 'Reunión de padres', secondary: '', location: 'Auditorio', startDate: meeting().startDate, endDate: meeting().endDate,
      allDay: false, start: '2026-12-03T18:00:00-05:00', end: '2026-12-03T19:30:00-05:00', timeZone: BOGOTA,
      recurrence: { freq: 'weekly', interval: 1, count: 4, until: null, exceptions: [] }, rsvp: true,
    };
    for (const reader of [w.teacherA, w.parentA, w.admin]) {
      const post = await as(t, reader, 'GET', `posts/${id}`);
      expect(post.statusCode, post.body).toBe(200);
      expect(post.json().event).toEqual(expected);
    }
    const inThread = await as(t, w.parentA, 'GET', `people/${w.parentA.id}/threads/feed/${thread}`);
    expect(inThread.statusCode, inThread.body).toBe(200);
    expect(inThread.json().posts[0].event).toEqual(expected);
    // Another family never reads it.
    expect((await as(t, w.parentB, 'GET', `posts/${id}`)).statusCode).toBe(404);
  });

  it('answers event null for a post without one', async () => {
    const { id } = (await publishAs(t, w.teacherA, postTo([w.parentA]))).json();
    expect((await as(t, w.parentA, 'GET', `posts/${id}`)).json().event).toBeNull();
    expect(await eventIdOf(id)).toBeNull();
  });

  it('takes the older shape (dateStart, dateEnd, isAllDay, subject) and stores all-day events as whole local days of the school', async () => {
    const madrid = await t.makeSchool({ settings: { timeZone: MADRID } });
    const teacher = await t.makePerson(madrid, { role: 'teacher' });
    const parent = await t.makePerson(madrid);
    // Noon to noon: two local days, 24 to 25 December, in Madrid whatever the server's zone.
    const body = postTo([parent], {
      event: { subject: 'Vacaciones', dateStart: epochOfWallClock('2026-12-24', 12 * 3600, MADRID), dateEnd: epochOfWallClock('2026-12-25', 12 * 3600, MADRID), isAllDay: '1' },
    });
    const res = await publishAs(t, teacher, body);
    expect(res.statusCode, res.body).toBe(201);
    const event = (await as(t, parent, 'GET', `posts/${res.json().id}`)).json().event;
    expect(event).toMatchObject({
      title: 'Vacaciones', allDay: true, timeZone: MADRID, start: '2026-12-24', end: '2026-12-26',
      startDate: midnightOf('2026-12-24', MADRID), endDate: midnightOf('2026-12-26', MADRID), recurrence: null, rsvp: false,
    });
  });

  it('refuses bad events with 400 and writes nothing: end before start, an unknown repetition, a repetition ending before the start', async () => {
    const before = { ...(await rowCounts(t, w.school.id)), events: (await eventRows(w.school.id)).length };
    const start = epochOfWallClock('2026-12-10', 8 * 3600, BOGOTA);
    const bad = [
      { title: 'Al revés', startDate: start, endDate: start - 60 },
      { title: 'Cada hora', startDate: start, endDate: start + 60, recurrence: { freq: 'hourly' } },
      { title: 'Intervalo cero', startDate: start, endDate: start + 60, recurrence: { freq: 'daily', interval: 0 } },
      { title: 'Regla extraña', startDate: start, endDate: start + 60, recurrence: { freq: 'daily', byday: 'MO' } },
      { title: 'Sin inicio', endDate: start },
      { title: 'Antes de empezar', startDate: start, endDate: start + 60, recurrence: { freq: 'daily', until: '2026-12-09' } },
      { title: 'Fecha negativa', startDate: -5, endDate: 10 },
      { title: 'Todo el día raro', startDate: start, endDate: start, allDay: 'yes' },
    ];
    for (const event of bad) {
      const res = await publishAs(t, w.teacherA, postTo([w.parentA], { event }));
      expect(res.statusCode, `${event.title}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.stringMatching(/^(invalid_request|invalid_recurrence)$/), message: expect.any(String) });
      const draft = await as(t, w.teacherA, 'POST', drafts(w.teacherA), { event });
      expect(draft.statusCode, `${event.title} (draft): ${draft.body}`).toBe(400);
    }
    expect({ ...(await rowCounts(t, w.school.id)), events: (await eventRows(w.school.id)).length }).toEqual(before);
  });

  it('keeps a draft’s event with the draft: saved, replaced in place, removed with null, and kept when the draft is published', async () => {
    const created = await as(t, w.teacherA, 'POST', drafts(w.teacherA), postTo([w.parentA], { event: meeting() }));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    const opened = (await as(t, w.teacherA, 'GET', `${drafts(w.teacherA)}/${id}`)).json();
    expect(opened.event).toMatchObject({ title: 'Reunión de padres', location: 'Auditorio', startDate: meeting().startDate });
    const first = opened.event.id;
    expect((await as(t, w.teacherA, 'GET', drafts(w.teacherA))).json().find((d: { id: number }) => d.id === id).event.id).toBe(first);

    const changed = await as(t, w.teacherA, 'PUT', `posts/${id}`, postTo([w.parentA], { event: meeting({ title: 'Reunión aplazada', location: 'Biblioteca' }) }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().event).toMatchObject({ id: first, title: 'Reunión aplazada', location: 'Biblioteca' });
    // Calendars that imported it see the change by its SEQUENCE (issue 34 §4), raised with each edit.
    const sequenceOf = async (eventId: number) =>
      (await t.db.selectFrom('calendar_events').select('sequence').where('org_id', '=', w.school.id).where('id', '=', eventId).executeTakeFirstOrThrow()).sequence;
    expect(await sequenceOf(first)).toBe(1);

    const removed = await as(t, w.teacherA, 'PUT', `posts/${id}`, postTo([w.parentA], { event: null }));
    expect(removed.json().event).toBeNull();
    const gone = await t.db.selectFrom('calendar_events').select(['deleted_at']).where('org_id', '=', w.school.id).where('id', '=', first).executeTakeFirstOrThrow();
    expect(gone.deleted_at).not.toBeNull();
    expect(await eventIdOf(id)).toBeNull();
    const again = await as(t, w.teacherA, 'PUT', `posts/${id}`, postTo([w.parentA], { event: meeting({ title: 'Reunión final' }) }));
    const second = again.json().event.id;
    expect(second).not.toBe(first);

    const published = await publishAs(t, w.teacherA, { draft: id });
    expect(published.statusCode, published.body).toBe(201);
    expect(await eventIdOf(id)).toBe(second);
    expect((await as(t, w.parentA, 'GET', `posts/${id}`)).json().event).toMatchObject({ id: second, title: 'Reunión final' });
  });

  it('refuses a bad event in an autosave and leaves the draft as it was', async () => {
    const { id } = (await as(t, w.teacherA, 'POST', drafts(w.teacherA), postTo([w.parentA], { event: meeting() }))).json();
    const res = await as(t, w.teacherA, 'PUT', `posts/${id}`, postTo([w.parentA], { title: 'Cambiado', event: meeting({ recurrence: { freq: 'daily', until: '2020-01-01' } }) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_recurrence');
    const opened = (await as(t, w.teacherA, 'GET', `${drafts(w.teacherA)}/${id}`)).json();
    expect(opened).toMatchObject({ title: 'Salida pedagógica', event: { title: 'Reunión de padres', recurrence: null } });
  });

  it('removes the event of a discarded draft, and another author cannot touch it', async () => {
    const { id } = (await as(t, w.teacherA, 'POST', drafts(w.teacherA), postTo([w.parentA], { event: meeting() }))).json();
    const eventId = await eventIdOf(id);
    // Another teacher may not read the draft, so it does not exist for them (as GET posts/{id} answers).
    expect((await as(t, w.teacherB, 'PUT', `posts/${id}`, postTo([], { event: null }))).statusCode).toBe(404);
    expect((await as(t, w.teacherB, 'DELETE', `posts/${id}`)).statusCode).toBe(404);
    expect(await eventIdOf(id)).toBe(eventId);
    expect((await as(t, w.teacherA, 'DELETE', `posts/${id}`)).statusCode).toBe(204);
    const left = await t.db.selectFrom('calendar_events').select('id').where('org_id', '=', w.school.id).where('id', '=', eventId!).execute();
    expect(left).toEqual([]);
  });

  it('writes the event of a scheduled post with it', async () => {
    const publishDate = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await publishAs(t, w.teacherA, postTo([w.parentA], { publishDate, event: meeting() }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().scheduled).toBe(true);
    const eventId = await eventIdOf(res.json().id);
    expect(eventId).not.toBeNull();
    expect((await as(t, w.teacherA, 'GET', `posts/${res.json().id}`)).json().event.id).toBe(eventId);
    // Not the recipients' yet.
    expect((await as(t, w.parentA, 'GET', `posts/${res.json().id}`)).statusCode).toBe(404);
  });

  it('leaves one live event when twenty autosaves of one draft arrive at once', async () => {
    const { id } = (await as(t, w.teacherA, 'POST', drafts(w.teacherA), postTo([w.parentA]))).json();
    const token = await t.signIn(w.teacherA);
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request({ method: 'PUT', url: `/api/${w.school.code}/posts/${id}`, token, body: postTo([w.parentA], { event: meeting({ title: `Versión ${i}` }) }) }),
      ),
    );
    expect(saves.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const live = await t.db.selectFrom('calendar_events').select('id').where('org_id', '=', w.school.id).where('post_id', '=', id).where('deleted_at', 'is', null).execute();
    expect(live).toHaveLength(1);
    expect(await eventIdOf(id)).toBe(live[0]!.id);
  });
});
