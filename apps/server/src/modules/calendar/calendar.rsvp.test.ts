import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { publishPost } from '../threads/threads.fixtures';
import { calendarApi, insertEventRow, MAY_4_10AM_BOGOTA } from './calendar.fixtures';

// Going / not going: one answer per person whatever the races, counts for readers, names for the
// author and administrators only.
describeOnDatabases('calendar RSVP', (t) => {
  const call = calendarApi(t);
  let w: World;
  let meeting: number;

  const rsvpRows = async (eventId: number) =>
    t.db.selectFrom('calendar_rsvps').select(['person_id', 'answer']).where('org_id', '=', w.school.id).where('event_id', '=', eventId).orderBy('person_id').execute();

  beforeAll(async () => {
    w = await makeWorld(t);
    const res = await call(w.teacherA, 'POST', 'calendar/events', { nodeId: w.tree.classA, title: 'Reunión de padres', startDate: MAY_4_10AM_BOGOTA, rsvp: true });
    expect(res.statusCode, res.body).toBe(201);
    meeting = res.json().id;
  });

  it('keeps one answer per person when 20 identical answers arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(w.parentA, 'PUT', `calendar/events/${meeting}/rsvp`, { answer: 'going' })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await rsvpRows(meeting)).toEqual([{ person_id: w.parentA.id, answer: 'going' }]);
    expect(answers[19].json()).toEqual({ enabled: true, mine: 'going', going: 1, notGoing: 0 });
  });

  it('counts answers, changes one on a second answer and withdraws it', async () => {
    const student = await call(w.studentA, 'PUT', `calendar/events/${meeting}/rsvp`, { answer: 'not_going' });
    expect(student.json()).toEqual({ enabled: true, mine: 'not_going', going: 1, notGoing: 1 });
    expect((await call(w.studentA, 'PUT', `calendar/events/${meeting}/rsvp`, { answer: 'going' })).json()).toEqual({ enabled: true, mine: 'going', going: 2, notGoing: 0 });
    expect((await call(w.parentA, 'GET', `calendar/events/${meeting}`)).json().rsvp).toEqual({ enabled: true, mine: 'going', going: 2, notGoing: 0 });
    expect((await call(w.studentA, 'DELETE', `calendar/events/${meeting}/rsvp`)).json()).toEqual({ enabled: true, mine: null, going: 1, notGoing: 0 });
    expect((await call(w.studentA, 'DELETE', `calendar/events/${meeting}/rsvp`)).statusCode).toBe(200);
    expect((await call(w.teacherA, 'GET', `calendar/events/${meeting}`)).json().rsvp).toEqual({ enabled: true, mine: null, going: 1, notGoing: 0 });
  });

  it('refuses an answer that is not going or not going, and one from who does not see the event', async () => {
    for (const body of [{ answer: 'maybe' }, {}, { answer: 'going', extra: 1 }]) {
      expect((await call(w.parentA, 'PUT', `calendar/events/${meeting}/rsvp`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call(w.parentB, 'PUT', `calendar/events/${meeting}/rsvp`, { answer: 'going' })).statusCode).toBe(404);
    expect((await call(w.parentB, 'DELETE', `calendar/events/${meeting}/rsvp`)).statusCode).toBe(404);
    expect((await rsvpRows(meeting)).map((r) => r.person_id)).not.toContain(w.parentB.id);
  });

  it('names who answered to the author and administrators only', async () => {
    const list = await call(w.teacherA, 'GET', `calendar/events/${meeting}/rsvps`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({ going: [expect.objectContaining({ id: w.parentA.id, firstName: 'Pablo' })], notGoing: [] });
    expect((await call(w.admin, 'GET', `calendar/events/${meeting}/rsvps`)).statusCode).toBe(200);
    expect((await call(w.parentA, 'GET', `calendar/events/${meeting}/rsvps`)).statusCode).toBe(403);
    const director = await t.makePerson(w.school, { role: 'group_director', node: w.tree.grade });
    expect((await call(director, 'GET', `calendar/events/${meeting}/rsvps`)).statusCode).toBe(403);
    expect((await call(w.parentB, 'GET', `calendar/events/${meeting}/rsvps`)).statusCode).toBe(404);
  });

  it("answers 409 rsvp_closed when the author does not ask, and names a post event's answers to the post's author", async () => {
    const plain = (await call(w.teacherA, 'POST', 'calendar/events', { nodeId: w.tree.classA, title: 'Sin confirmación', startDate: MAY_4_10AM_BOGOTA })).json().id;
    const closed = await call(w.parentA, 'PUT', `calendar/events/${plain}/rsvp`, { answer: 'going' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe('rsvp_closed');
    expect(await rsvpRows(plain)).toEqual([]);

    const post = await publishPost(t, w.teacherA, [w.parentA], { title: 'Bazar' });
    const onPost = await insertEventRow(t, w.school.id, { postId: post.id, rsvp: true });
    expect((await call(w.parentA, 'PUT', `calendar/events/${onPost}/rsvp`, { answer: 'not_going' })).statusCode).toBe(200);
    const list = await call(w.teacherA, 'GET', `calendar/events/${onPost}/rsvps`);
    expect(list.statusCode).toBe(200);
    expect(list.json().notGoing.map((p: { id: number }) => p.id)).toEqual([w.parentA.id]);
  });
});
