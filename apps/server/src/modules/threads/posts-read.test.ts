import type { Post, TrailEntry } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { contentRow } from '../posts/posts.delivery';
import { insertPost, insertThread } from '../posts/posts.delivery.queries';
import { api, norteParentOf, publishPost } from './threads.fixtures';

/** `ms` as ISO 8601 in a zone `offsetMinutes` east of UTC: "2026-11-23T03:30:00.000-05:00". */
function withOffset(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, -1);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

describeOnDatabases('threads: posts, trails and highlights', (t) => {
  let w: World;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    w = await makeWorld(t);
    call = api(t);
  });

  const reply = async (person: TestPerson, threadId: number, text: string) => {
    const res = await call(person, 'POST', `people/${person.id}/threads/feed/${threadId}`, { description: `<p>${text}</p>` });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Post;
  };
  const draftBy = async (author: TestPerson, status: 'draft' | 'scheduled') => {
    const now = new Date().toISOString();
    const settings = { highlight: true, notifications: true, recipientsVisible: false, replies: 'author' as const, forward: false };
    const content = contentRow({
      type: 'news',
      title: 'Borrador',
      description: '<p>Aún no</p>',
      settings,
      audience: { people: [w.parentA.id], rules: null, relatives: false },
      quotes: [],
      publishDate: status === 'scheduled' ? '2099-01-01T00:00:00.000Z' : null,
      expirationDate: null,
    });
    const thread = await insertThread(t.db, w.school.id, now);
    return insertPost(t.db, { ...content, org_id: w.school.id, thread_id: thread, author_id: author.id, status, created_at: now });
  };

  it('shows a post to its author, its recipients and administrators, and 404 to everyone else', async () => {
    const post = await publishPost(t, w.teacherA, [w.parentA], { title: 'Boletín', type: 'bulletin' });
    for (const person of [w.teacherA, w.parentA, w.admin]) {
      const res = await call(person, 'GET', `posts/${post.id}`);
      expect(res.statusCode, person.firstName).toBe(200);
      expect(res.json()).toMatchObject({ id: post.id, title: 'Boletín', type: 'bulletin', status: 'published', audienceCount: 1 });
    }
    const norteParent = await norteParentOf(t, w);
    for (const person of [w.parentB, w.studentA, w.teacherB, w.employee, w.driver, w.otherAdmin, norteParent]) {
      const res = await call(person, 'GET', `posts/${post.id}`);
      expect(res.statusCode, person.firstName).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
    expect((await call(w.parentA, 'GET', 'posts/2000000000')).statusCode).toBe(404);
    expect((await call(w.parentA, 'GET', 'posts/abc')).statusCode).toBe(400);
  });

  it('shows drafts and scheduled posts to their author alone', async () => {
    const draft = await draftBy(w.teacherA, 'draft');
    const scheduled = await draftBy(w.teacherA, 'scheduled');
    expect((await call(w.teacherA, 'GET', `posts/${draft}`)).json()).toMatchObject({ id: draft, status: 'draft' });
    expect((await call(w.teacherA, 'GET', `posts/${scheduled}`)).json()).toMatchObject({ id: scheduled, status: 'scheduled', publishDate: '2099-01-01T00:00:00.000Z' });
    for (const person of [w.admin, w.parentA, w.teacherB]) {
      expect((await call(person, 'GET', `posts/${draft}`)).statusCode).toBe(404);
      expect((await call(person, 'GET', `posts/${scheduled}`)).statusCode).toBe(404);
    }
  });

  it('walks the trail from a post to the posts it answers, up to the limit', async () => {
    const first = await publishPost(t, w.teacherA, [w.parentA, w.parentB], { replies: 'all', description: '<p>Uno</p>' });
    // Each one opens the thread first, so each reply answers the one before it.
    const readThenReply = async (person: TestPerson, text: string) => {
      await call(person, 'GET', `people/${person.id}/threads/feed/${first.thread}`);
      return reply(person, first.thread, text);
    };
    const two = await readThenReply(w.parentA, 'Dos');
    const three = await readThenReply(w.teacherA, 'Tres');
    const four = await readThenReply(w.parentB, 'Cuatro');
    const trail = (await call(w.parentA, 'GET', `posts/${four.id}/trail`)).json() as TrailEntry[];
    expect(trail.map((e) => e.id)).toEqual([four.id, three.id, two.id, first.id]);
    expect(trail[0]).toMatchObject({ author: { firstName: 'Berta' }, description: '<p>Cuatro</p>', publishDate: expect.any(String) });
    expect(((await call(w.parentA, 'GET', `posts/${four.id}/trail?limit=2`)).json() as TrailEntry[]).map((e) => e.id)).toEqual([four.id, three.id]);
    for (const limit of ['0', '51', 'x', '-1']) expect((await call(w.parentA, 'GET', `posts/${four.id}/trail?limit=${limit}`)).statusCode, limit).toBe(400);
  });

  it('stops the trail before the first post the caller may not read', async () => {
    const first = await publishPost(t, w.teacherA, [w.parentA, w.parentB], { replies: 'author' });
    // Parent A answers the teacher alone; the teacher's answer goes to both families.
    const toTeacher = await reply(w.parentA, first.thread, 'Solo a la profesora');
    await call(w.teacherA, 'GET', `people/${w.teacherA.id}/threads/feed/${first.thread}`);
    const answer = await reply(w.teacherA, first.thread, 'A todos');
    expect(answer.replyTo).toBe(toTeacher.id);
    const forB = (await call(w.parentB, 'GET', `posts/${answer.id}/trail`)).json() as TrailEntry[];
    expect(forB.map((e) => e.id)).toEqual([answer.id]);
    const forA = (await call(w.parentA, 'GET', `posts/${answer.id}/trail`)).json() as TrailEntry[];
    expect(forA.map((e) => e.id)).toEqual([answer.id, toTeacher.id, first.id]);
    expect((await call(w.parentB, 'GET', `posts/${toTeacher.id}/trail`)).statusCode).toBe(404);
    expect((await call(w.otherAdmin, 'GET', `posts/${answer.id}/trail`)).statusCode).toBe(404);
  });

  it('puts highlighted posts on the board of their recipients and author, newest first, without trash or expired ones', async () => {
    const older = await publishPost(t, w.teacherA, [w.parentA, w.parentB], { highlight: true, title: 'Primero' });
    await publishPost(t, w.teacherA, [w.parentA], { title: 'Sin destacar' });
    await publishPost(t, w.teacherA, [w.parentA], { highlight: true, expirationDate: new Date(Date.now() - 1000).toISOString() });
    // Expiration dates keep the author's offset: compared as instants, not as text.
    await publishPost(t, w.teacherA, [w.parentA], { highlight: true, expirationDate: withOffset(Date.now() - 2 * 3_600_000, 9 * 60) });
    const newer = await publishPost(t, w.admin, [w.parentA], { highlight: true, title: 'Segundo', expirationDate: withOffset(Date.now() + 2 * 3_600_000, -5 * 60) });
    await draftBy(w.teacherA, 'draft'); // highlighted but unpublished
    const board = async (person: TestPerson, query = '') => {
      const res = await call(person, 'GET', `people/${person.id}/highlights${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return { ids: (res.json() as Post[]).map((p) => p.id), total: Number(res.headers['x-total-count']) };
    };
    expect(await board(w.parentA)).toEqual({ ids: [newer.id, older.id], total: 2 });
    expect(await board(w.parentA, '?limit=1&page=2')).toEqual({ ids: [older.id], total: 2 });
    expect(await board(w.parentB)).toEqual({ ids: [older.id], total: 1 });
    expect(await board(w.teacherA)).toEqual({ ids: [older.id], total: 1 });
    expect(await board(w.admin)).toEqual({ ids: [newer.id], total: 1 });
    for (const person of [w.studentA, w.teacherB, w.employee]) expect((await board(person)).total).toBe(0);
    // Norte's parent has norte's own board (its seed may hold highlights), never a post of this school.
    const norteBoard = await board(await norteParentOf(t, w));
    expect(norteBoard.ids.filter((id) => [older.id, newer.id].includes(id))).toEqual([]);

    await call(w.parentA, 'POST', `people/${w.parentA.id}/threads/trash`, [older.thread]);
    expect(await board(w.parentA)).toEqual({ ids: [newer.id], total: 1 });
    await call(w.parentA, 'POST', `people/${w.parentA.id}/threads/archive`, [older.thread]);
    expect((await board(w.parentA)).ids).toEqual([newer.id, older.id]);
  });

  it('keeps highlights to their owner', async () => {
    expect((await call(w.parentB, 'GET', `people/${w.parentA.id}/highlights`)).statusCode).toBe(403);
    expect((await call(w.otherAdmin, 'GET', `people/${w.parentA.id}/highlights`)).statusCode).toBe(404);
    expect((await call(w.parentA, 'GET', `people/${w.parentA.id}/highlights?limit=1000`)).statusCode).toBe(400);
  });
});
