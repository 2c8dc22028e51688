import type { ThreadSummary } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { api, listenToThreads, norteParentOf, publishPost } from './threads.fixtures';

describeOnDatabases('threads: moving and marking', (t) => {
  let w: World;
  let call: ReturnType<typeof api>;
  let trip: { id: number; thread: number };
  let meeting: { id: number; thread: number };
  let onlyB: { id: number; thread: number };

  beforeAll(async () => {
    w = await makeWorld(t);
    call = api(t);
    trip = await publishPost(t, w.teacherA, [w.parentA, w.parentB], { title: 'Salida' });
    meeting = await publishPost(t, w.teacherA, [w.parentA], { title: 'Reunión' });
    onlyB = await publishPost(t, w.teacherB, [w.parentB], { title: 'Solo para B' });
  });

  const folderOf = async (person = w.parentA, folder = 'feed') =>
    ((await call(person, 'GET', `people/${person.id}/threads/${folder}`)).json() as ThreadSummary[]).map((s) => s.id).sort();
  const act = (action: string, body: unknown, person = w.parentA) => call(person, 'POST', `people/${person.id}/threads/${action}`, body);
  const stubsOf = (personId: number) =>
    t.db.selectFrom('stubs').select(['thread_id', 'folder', 'read_date']).where('org_id', '=', w.school.id).where('person_id', '=', personId).orderBy('id').execute();

  it('moves threads to archive and trash and restores them, telling the caller’s other screens', async () => {
    const heard = listenToThreads(t, w.school.id);
    await heard.ready;
    const archived = await act('archive', [trip.thread]);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toEqual({ updated: 1 });
    expect(await folderOf(w.parentA, 'archive')).toEqual([trip.thread]);
    expect(await folderOf(w.parentA, 'feed')).toEqual([meeting.thread]);
    // Parent B's stub of the same thread stays where it was.
    expect(await folderOf(w.parentB, 'feed')).toEqual([trip.thread, onlyB.thread].sort());

    expect((await act('trash', [trip.thread, meeting.thread])).json()).toEqual({ updated: 2 });
    expect(await folderOf(w.parentA, 'trash')).toEqual([trip.thread, meeting.thread].sort());
    expect((await act('feed', [trip.thread, meeting.thread, trip.thread])).json()).toEqual({ updated: 2 });
    expect(await folderOf(w.parentA, 'feed')).toEqual([trip.thread, meeting.thread].sort());
    await heard.stop();
    // One event per action, naming the caller alone (deliveries announce their recipients separately).
    const own = heard.events.filter((e) => e.personIds.length === 1 && e.personIds[0] === w.parentA.id);
    expect(own.length).toBeGreaterThanOrEqual(3);
  });

  it('marks threads read and unread', async () => {
    expect((await act('read', [trip.thread, meeting.thread])).json()).toEqual({ updated: 2 });
    expect((await stubsOf(w.parentA.id)).every((s) => s.read_date !== null)).toBe(true);
    expect((await stubsOf(w.parentB.id)).every((s) => s.read_date === null)).toBe(true);
    expect((await act('unread', [meeting.thread])).statusCode).toBe(200);
    const list = (await call(w.parentA, 'GET', `people/${w.parentA.id}/threads/feed`)).json() as ThreadSummary[];
    expect(list.find((s) => s.id === meeting.thread)).toMatchObject({ unread: true, unreadCount: 1 });
    expect(list.find((s) => s.id === trip.thread)).toMatchObject({ unread: false, unreadCount: 0 });
  });

  it('marks only the latest stub of a thread unread', async () => {
    const reply = await publishPost(t, w.teacherA, [w.parentA], { threadId: meeting.thread, replyToId: meeting.id, title: 'Reunión' });
    expect((await act('read', [meeting.thread])).statusCode).toBe(200);
    expect((await act('unread', [meeting.thread])).statusCode).toBe(200);
    const stubs = await t.db
      .selectFrom('stubs')
      .select(['post_id', 'read_date'])
      .where('org_id', '=', w.school.id)
      .where('person_id', '=', w.parentA.id)
      .where('thread_id', '=', meeting.thread)
      .orderBy('post_id')
      .execute();
    expect(stubs.map((s) => [s.post_id, s.read_date === null])).toEqual([
      [meeting.id, false],
      [reply.id, true],
    ]);
  });

  it('changes nothing when one id is someone else’s thread, another school’s or nobody’s (404)', async () => {
    const before = await stubsOf(w.parentA.id);
    const beforeB = await stubsOf(w.parentB.id);
    const norteParent = await norteParentOf(t, w);
    const norteThread = await publishPost(t, w.otherAdmin, [norteParent], { title: 'Norte' });
    for (const ids of [[trip.thread, onlyB.thread], [onlyB.thread], [trip.thread, norteThread.thread], [trip.thread, 2_000_000_000]]) {
      for (const action of ['archive', 'trash', 'read', 'unread', 'feed']) {
        const res = await act(action, ids);
        expect(res.statusCode, `${action} ${ids}`).toBe(404);
        expect(res.json()).toMatchObject({ error: 'not_found', message: expect.any(String) });
      }
    }
    expect(await stubsOf(w.parentA.id)).toEqual(before);
    expect(await stubsOf(w.parentB.id)).toEqual(beforeB);
  });

  it('refuses bad bodies and other people’s boxes', async () => {
    for (const body of [[], ['1'], [0], [-3], [1.5], {}, null, Array.from({ length: 501 }, (_, i) => i + 1)]) {
      expect((await act('archive', body)).statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await act('delete', [trip.thread])).statusCode).toBe(400);
    expect((await call(w.parentB, 'POST', `people/${w.parentA.id}/threads/archive`, [trip.thread])).statusCode).toBe(403);
    expect((await call(w.otherAdmin, 'POST', `people/${w.parentA.id}/threads/archive`, [trip.thread])).statusCode).toBe(404);
  });

  it('takes 20 identical read marks and 20 identical moves at once', async () => {
    expect((await act('unread', [trip.thread])).statusCode).toBe(200);
    const reads = await Promise.all(Array.from({ length: 20 }, () => act('read', [trip.thread, meeting.thread])));
    expect(reads.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect((await stubsOf(w.parentA.id)).every((s) => s.read_date !== null)).toBe(true);
    const moves = await Promise.all(Array.from({ length: 20 }, (_, i) => act(i % 2 ? 'archive' : 'trash', [trip.thread])));
    expect(moves.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const folders = new Set((await stubsOf(w.parentA.id)).filter((s) => s.thread_id === trip.thread).map((s) => s.folder));
    expect(folders.size).toBe(1);
  });
});
