import type { Thread } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { api, listenToThreads, norteParentOf, publishPost } from './threads.fixtures';

describeOnDatabases('threads: opening a thread', (t) => {
  let w: World;
  let call: ReturnType<typeof api>;
  let trip: { id: number; thread: number };
  let secret: { id: number; thread: number };

  beforeAll(async () => {
    w = await makeWorld(t);
    call = api(t);
    secret = await publishPost(t, w.teacherB, [w.parentB], { title: 'Solo para la familia B' });
    trip = await publishPost(t, w.teacherA, [w.parentA, w.parentB], {
      title: 'Salida pedagógica',
      description: '<p>Hola</p>',
      replies: 'all',
      quotes: [secret.id],
    });
    await t.db
      .insertInto('post_blocks')
      .values([
        { org_id: w.school.id, post_id: trip.id, position: 2, type: 'youtube', url: 'https://youtu.be/abcdefghijk', options: '{}' },
        { org_id: w.school.id, post_id: trip.id, position: 1, type: 'files', url: `posts/${trip.id}/resources/files/block-1`, options: '{"gallery":1}' },
      ])
      .execute();
  });

  const open = (person = w.parentA, threadId = trip.thread) => call(person, 'GET', `people/${person.id}/threads/feed/${threadId}`);
  const unreadOf = async (personId: number, threadId: number) =>
    (await t.db.selectFrom('stubs').select('read_date').where('org_id', '=', w.school.id).where('person_id', '=', personId).where('thread_id', '=', threadId).execute()).filter(
      (s) => s.read_date === null,
    ).length;

  it('shows the posts as cards, oldest first, and marks the caller’s stubs read', async () => {
    const heard = listenToThreads(t, w.school.id);
    await heard.ready;
    expect(await unreadOf(w.parentA.id, trip.thread)).toBe(1);
    const res = await open();
    expect(res.statusCode, res.body).toBe(200);
    const thread = res.json() as Thread;
    expect(thread).toMatchObject({ id: trip.thread, folder: 'feed', canReply: true, replies: 'all' });
    expect(thread.posts).toHaveLength(1);
    expect(thread.posts[0]).toMatchObject({
      id: trip.id,
      type: 'circular',
      title: 'Salida pedagógica',
      author: { id: w.teacherA.id, firstName: 'Teresa' },
      audienceCount: 2,
      settings: { highlight: false, notifications: true, recipientsVisible: false, replies: 'all', forward: false },
      replyTo: null,
      event: null,
      thread: trip.thread,
      status: 'published',
      expired: false,
      expirationDate: null,
    });
    expect(thread.posts[0].blocks.map((b) => [b.type, b.options])).toEqual([
      ['files', { gallery: 1 }],
      ['youtube', {}],
    ]);
    // The quoted post was sent to family B only: parent A does not see it quoted.
    expect(thread.posts[0].quotes).toEqual([]);
    expect(await unreadOf(w.parentA.id, trip.thread)).toBe(0);
    expect(await unreadOf(w.parentB.id, trip.thread)).toBe(1);
    await heard.stop();
    expect(heard.events.some((e) => e.threadId === trip.thread && e.personIds.length === 1 && e.personIds[0] === w.parentA.id)).toBe(true);
  });

  it('shows quotes to those who may read them', async () => {
    const forB = (await open(w.parentB)).json() as Thread;
    expect(forB.posts[0].quotes).toMatchObject([{ id: secret.id, title: 'Solo para la familia B', author: { id: w.teacherB.id }, thread: secret.thread }]);
  });

  it('opens for the author and administrators without a stub (folder null), and only the posts they may read', async () => {
    const forAuthor = (await open(w.teacherA)).json() as Thread;
    expect(forAuthor).toMatchObject({ folder: null, canReply: true });
    expect(forAuthor.posts.map((p) => p.id)).toEqual([trip.id]);
    const forAdmin = await open(w.admin);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json()).toMatchObject({ folder: null });
  });

  it('is 404 for everyone else, as for a thread that does not exist', async () => {
    for (const person of [w.studentA, w.teacherB, w.driver, w.employee]) {
      const res = await open(person);
      expect(res.statusCode, person.firstName).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
    expect((await open(w.parentA, secret.thread)).statusCode).toBe(404);
    expect((await open(w.parentA, 2_000_000_000)).statusCode).toBe(404);
    expect((await call(w.parentB, 'GET', `people/${w.parentA.id}/threads/feed/${trip.thread}`)).statusCode).toBe(403);
  });

  it('keeps norte out: its administrator and parent never open the world’s threads', async () => {
    const norteParent = await norteParentOf(t, w);
    expect((await open(norteParent)).statusCode).toBe(404);
    expect((await open(w.otherAdmin)).statusCode).toBe(404);
    const foreign = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.otherAdmin.id}/threads/feed/${trip.thread}`, token: await t.signIn(w.otherAdmin) });
    expect(foreign.statusCode).toBe(403);
  });

  it('keeps its folder when opened from the archive, and says so', async () => {
    expect((await call(w.parentB, 'POST', `people/${w.parentB.id}/threads/archive`, [trip.thread])).statusCode).toBe(200);
    expect(((await open(w.parentB)).json() as Thread).folder).toBe('archive');
    expect(await unreadOf(w.parentB.id, trip.thread)).toBe(0);
  });

  it('takes 20 identical opens at once', async () => {
    await call(w.parentA, 'POST', `people/${w.parentA.id}/threads/unread`, [trip.thread]);
    const opens = await Promise.all(Array.from({ length: 20 }, () => open()));
    expect(opens.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await unreadOf(w.parentA.id, trip.thread)).toBe(0);
  });
});
