import type { Post, Thread } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { api, norteParentOf, publishPost } from './threads.fixtures';

describeOnDatabases('threads: replies', (t) => {
  let w: World;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    w = await makeWorld(t);
    call = api(t);
  });

  const reply = (person: TestPerson, threadId: number, description: unknown) =>
    call(person, 'POST', `people/${person.id}/threads/feed/${threadId}`, { description });
  const holders = async (postId: number) =>
    (await t.db.selectFrom('stubs').select('person_id').where('org_id', '=', w.school.id).where('post_id', '=', postId).execute()).map((s) => s.person_id).sort();
  const postsIn = async (threadId: number) =>
    Number((await t.db.selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).where('org_id', '=', w.school.id).where('thread_id', '=', threadId).executeTakeFirstOrThrow()).n);
  const sorted = (...people: TestPerson[]) => people.map((p) => p.id).sort();

  it('sends a reply to the author only when replies go to the author; the other family never sees it', async () => {
    const first = await publishPost(t, w.teacherA, [w.parentA, w.parentB], { replies: 'author', title: 'Salida', type: 'circular' });
    const res = await reply(w.parentA, first.thread, '<p>Autorizo</p>');
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json() as Post;
    expect(post).toMatchObject({
      type: 'circular',
      title: 'Salida',
      description: '<p>Autorizo</p>',
      author: { id: w.parentA.id },
      replyTo: first.id,
      thread: first.thread,
      status: 'published',
      audienceCount: 1,
      settings: { highlight: false, notifications: true, replies: 'author' },
    });
    expect(await holders(post.id)).toEqual(sorted(w.teacherA));
    const forB = (await call(w.parentB, 'GET', `people/${w.parentB.id}/threads/feed/${first.thread}`)).json() as Thread;
    expect(forB.posts.map((p) => p.id)).toEqual([first.id]);
    expect((await call(w.parentB, 'GET', `posts/${post.id}`)).statusCode).toBe(404);
    const forTeacher = (await call(w.teacherA, 'GET', `people/${w.teacherA.id}/threads/feed`)).json() as { id: number; unread: boolean }[];
    expect(forTeacher).toMatchObject([{ id: first.thread, unread: true }]);

    // The author answers: every recipient of the first post gets it, whatever the setting.
    const answer = await reply(w.teacherA, first.thread, '<p>Gracias</p>');
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await holders(answer.json().id)).toEqual(sorted(w.parentA, w.parentB));
    // The teacher has not opened parent A's reply: theirs answers the latest post they wrote or read.
    expect(answer.json().replyTo).toBe(first.id);
  });

  it('sends a reply to every recipient and the author when replies go to all, never to the replier', async () => {
    const first = await publishPost(t, w.teacherA, [w.parentA, w.parentB, w.studentA], { replies: 'all' });
    const res = await reply(w.parentB, first.thread, '<p>¿A qué hora?</p>');
    expect(res.statusCode, res.body).toBe(201);
    expect(await holders(res.json().id)).toEqual(sorted(w.parentA, w.studentA, w.teacherA));
    expect(res.json().audienceCount).toBe(3);
    const byAuthor = await reply(w.teacherA, first.thread, '<p>A las 8</p>');
    expect(await holders(byAuthor.json().id)).toEqual(sorted(w.parentA, w.parentB, w.studentA));
  });

  it('brings a thread the recipient archived back to their inbox when a reply arrives in it', async () => {
    const first = await publishPost(t, w.teacherA, [w.parentA], { replies: 'author' });
    expect((await call(w.parentA, 'POST', `people/${w.parentA.id}/threads/archive`, [first.thread])).statusCode).toBe(200);
    const folders = async () => {
      const [feed, archive] = await Promise.all(['feed', 'archive'].map(async (folder) =>
        ((await call(w.parentA, 'GET', `people/${w.parentA.id}/threads/${folder}`)).json() as { id: number }[]).map((x) => x.id)));
      return { inFeed: feed.includes(first.thread), inArchive: archive.includes(first.thread) };
    };
    expect(await folders()).toEqual({ inFeed: false, inArchive: true });
    expect((await reply(w.teacherA, first.thread, '<p>Una cosa más</p>')).statusCode).toBe(201);
    expect(await folders()).toEqual({ inFeed: true, inArchive: false });
  });

  it('answers the latest post the replier has read, else the first', async () => {
    const first = await publishPost(t, w.teacherA, [w.parentA, w.parentB], { replies: 'all' });
    const teacherReply = (await reply(w.teacherA, first.thread, '<p>Recuerden</p>')).json() as Post;
    // Parent B has read nothing yet: the reply answers the first post.
    expect((await reply(w.parentB, first.thread, '<p>Ok</p>')).json().replyTo).toBe(first.id);
    expect((await call(w.parentA, 'GET', `people/${w.parentA.id}/threads/feed/${first.thread}`)).statusCode).toBe(200);
    const afterReading = (await reply(w.parentA, first.thread, '<p>Listo</p>')).json() as Post;
    expect(afterReading.replyTo).toBeGreaterThan(teacherReply.id); // parent B's reply, read when opening
  });

  it('refuses replies when they are off (403) and when the post is expired (409), writing nothing', async () => {
    const off = await publishPost(t, w.teacherA, [w.parentA], { replies: 'off' });
    const res = await reply(w.parentA, off.thread, '<p>Hola</p>');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'replies_off', message: expect.any(String) });
    expect(((await call(w.parentA, 'GET', `people/${w.parentA.id}/threads/feed/${off.thread}`)).json() as Thread).canReply).toBe(false);

    const expired = await publishPost(t, w.teacherA, [w.parentA], { replies: 'all', expirationDate: new Date(Date.now() - 60_000).toISOString() });
    const late = await reply(w.parentA, expired.thread, '<p>Hola</p>');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: 'expired', message: 'the message is expired' });
    expect(((await call(w.parentA, 'GET', `people/${w.parentA.id}/threads/feed/${expired.thread}`)).json() as Thread).canReply).toBe(false);
    const byAuthor = await reply(w.teacherA, expired.thread, '<p>Hola</p>');
    expect(byAuthor.statusCode).toBe(409);
    expect(await postsIn(off.thread)).toBe(1);
    expect(await postsIn(expired.thread)).toBe(1);

    const future = await publishPost(t, w.teacherA, [w.parentA], { expirationDate: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await reply(w.parentA, future.thread, '<p>A tiempo</p>')).statusCode).toBe(201);
  });

  it('sanitises the reply; empty after sanitising is 400 and over 1 MB is 413, writing nothing', async () => {
    const first = await publishPost(t, w.teacherA, [w.parentA], { replies: 'author' });
    const res = await reply(w.parentA, first.thread, '<p onclick="x()">Hola <a href="javascript:alert(1)">aquí</a></p><script>alert(1)</script><img src="https://x.example/a.png" onerror="y()">');
    expect(res.statusCode, res.body).toBe(201);
    const html = res.json().description as string;
    expect(html).not.toMatch(/script|onclick|onerror|javascript/);
    expect(html).toContain('Hola');

    for (const empty of ['<script>alert(1)</script>', '   ', '<p></p>', '<style>p{}</style>']) {
      const blank = await reply(w.parentA, first.thread, empty);
      expect(blank.statusCode, empty).toBe(400);
      expect(blank.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    for (const bad of ['', 12, null, 'a\u0000b']) expect((await reply(w.parentA, first.thread, bad)).statusCode, String(bad)).toBe(400);
    const big = await reply(w.parentA, first.thread, `<p>${'a'.repeat(1_000_001)}</p>`);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: 'payload_too_large' });
    const huge = await reply(w.parentA, first.thread, 'a'.repeat(3_000_000));
    expect(huge.statusCode).toBe(413);
    expect(await postsIn(first.thread)).toBe(2);
  });

  it('lets only readers reply (404), and only in their own box (403)', async () => {
    const first = await publishPost(t, w.teacherA, [w.parentA], { replies: 'all' });
    const norteParent = await norteParentOf(t, w);
    for (const person of [w.parentB, w.studentA, w.teacherB, w.driver, w.employee, norteParent, w.otherAdmin]) {
      expect((await reply(person, first.thread, '<p>Intruso</p>')).statusCode, person.firstName).toBe(404);
    }
    expect((await call(w.parentB, 'POST', `people/${w.parentA.id}/threads/feed/${first.thread}`, { description: '<p>x</p>' })).statusCode).toBe(403);
    expect((await reply(w.parentA, 2_000_000_000, '<p>x</p>')).statusCode).toBe(404);
    expect(await postsIn(first.thread)).toBe(1);
    // An administrator reads every thread of the school and may answer it like any reader.
    const byAdmin = await reply(w.admin, first.thread, '<p>La rectoría</p>');
    expect(byAdmin.statusCode).toBe(201);
    expect(await holders(byAdmin.json().id)).toEqual(sorted(w.parentA, w.teacherA));
  });

  it('brings the replier’s own stubs of the thread back to the inbox', async () => {
    const first = await publishPost(t, w.teacherA, [w.parentA], { replies: 'author' });
    await call(w.parentA, 'POST', `people/${w.parentA.id}/threads/trash`, [first.thread]);
    expect((await reply(w.parentA, first.thread, '<p>Perdón, sí voy</p>')).statusCode).toBe(201);
    const folders = await t.db.selectFrom('stubs').select('folder').where('org_id', '=', w.school.id).where('person_id', '=', w.parentA.id).where('thread_id', '=', first.thread).execute();
    expect(folders.map((f) => f.folder)).toEqual(['feed']);
  });

  it('makes 20 posts of 20 identical replies sent at once', async () => {
    const first = await publishPost(t, w.teacherA, [w.parentA], { replies: 'author' });
    const replies = await Promise.all(Array.from({ length: 20 }, () => reply(w.parentA, first.thread, '<p>Confirmo</p>')));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(replies.map((r) => r.json().id)).size).toBe(20);
    expect(await postsIn(first.thread)).toBe(21);
    const teacherStubs = await t.db.selectFrom('stubs').select('id').where('org_id', '=', w.school.id).where('person_id', '=', w.teacherA.id).where('thread_id', '=', first.thread).execute();
    expect(teacherStubs).toHaveLength(20);
  });
});
