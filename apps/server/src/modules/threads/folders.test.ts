import type { ThreadSummary } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { api, norteParentOf, publishPost } from './threads.fixtures';

describeOnDatabases('threads: folder lists', (t) => {
  let w: World;
  let call: ReturnType<typeof api>;
  const posts = {} as Record<'trip' | 'meeting' | 'payment', { id: number; thread: number }>;

  beforeAll(async () => {
    w = await makeWorld(t);
    call = api(t);
    posts.trip = await publishPost(t, w.teacherA, [w.parentA, w.parentB], { title: 'Salida pedagógica', description: '<p>Vamos al <strong>Museo</strong> del Oro.</p>' });
    posts.meeting = await publishPost(t, w.teacherB, [w.parentB], { type: 'meeting', title: 'Reunión de padres' });
    posts.payment = await publishPost(t, w.admin, [w.parentA], { type: 'payment', title: 'Número de cuenta', highlight: true });
  });

  const list = async (person = w.parentA, query = '', folder = 'feed') => {
    const res = await call(person, 'GET', `people/${person.id}/threads/${folder}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json() as ThreadSummary[], total: Number(res.headers['x-total-count']) };
  };
  const ids = (items: ThreadSummary[]) => items.map((i) => i.id);

  it('lists the caller’s inbox newest first, with the first post, the latest post and the unread count', async () => {
    const { items, total } = await list();
    expect(total).toBe(2);
    expect(ids(items)).toEqual([posts.payment.thread, posts.trip.thread]);
    const trip = items[1];
    expect(trip).toMatchObject({
      folder: 'feed',
      type: 'circular',
      title: 'Salida pedagógica',
      audienceCount: 2,
      authorId: w.teacherA.id,
      posts: 1,
      unread: true,
      unreadCount: 1,
      highlight: false,
      latest: { id: posts.trip.id, excerpt: 'Vamos al Museo del Oro.', author: { id: w.teacherA.id, firstName: 'Teresa' } },
    });
    expect(items[0]).toMatchObject({ type: 'payment', highlight: true });
  });

  it('pages with limit and page and puts the total in X-Total-Count', async () => {
    const second = await list(w.parentA, '?limit=1&page=2');
    expect(second.total).toBe(2);
    expect(ids(second.items)).toEqual([posts.trip.thread]);
    expect((await list(w.parentA, '?limit=1&page=3')).items).toEqual([]);
  });

  it('shows another family only its own threads, and the archive and trash empty', async () => {
    expect(ids((await list(w.parentB)).items).sort()).toEqual([posts.trip.thread, posts.meeting.thread].sort());
    expect((await list(w.studentA)).total).toBe(0);
    expect((await list(w.parentA, '', 'archive')).total).toBe(0);
    expect((await list(w.parentA, '', 'trash')).total).toBe(0);
  });

  it('refuses another person’s folders (403) and ids of nobody in the school (404)', async () => {
    expect((await call(w.parentB, 'GET', `people/${w.parentA.id}/threads/feed`)).statusCode).toBe(403);
    expect((await call(w.admin, 'GET', `people/${w.parentA.id}/threads/feed`)).statusCode).toBe(403);
    expect((await call(w.parentA, 'GET', `people/999999/threads/feed`)).statusCode).toBe(404);
    expect((await call(w.parentA, 'GET', `people/${w.parentA.id}/threads/spam`)).statusCode).toBe(400);
  });

  it('keeps norte apart: its people see nothing here and cannot reach the world’s ids', async () => {
    const norteParent = await norteParentOf(t, w);
    // Norte's parent has norte's own inbox (its seed may hold posts), never a thread of this school.
    const worldThreads = Object.values(posts).map((p) => p.thread);
    const norteInbox = await list(norteParent);
    expect(ids(norteInbox.items).filter((id) => worldThreads.includes(id))).toEqual([]);
    for (const q of ['?q=salida', '?q=numero', `?sender=${w.teacherA.id}`, '?type=payment', '?subject=cuenta']) {
      expect(ids((await list(norteParent, q)).items).filter((id) => worldThreads.includes(id)), q).toEqual([]);
    }
    expect((await call(w.otherAdmin, 'GET', `people/${w.parentA.id}/threads/feed`)).statusCode).toBe(404);
    const foreignToken = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.parentA.id}/threads/feed`, token: await t.signIn(w.otherAdmin) });
    expect(foreignToken.statusCode).toBe(403);
  });

  it('filters by text in a title or description, without regard to case or accents', async () => {
    expect(ids((await list(w.parentA, '?q=SALIDA%20PEDAGOGICA')).items)).toEqual([posts.trip.thread]);
    expect(ids((await list(w.parentA, '?q=museo%20del')).items)).toEqual([posts.trip.thread]);
    expect(ids((await list(w.parentA, '?q=numero')).items)).toEqual([posts.payment.thread]);
    expect(ids((await list(w.parentA, `?q=${encodeURIComponent('NÚMERO DE')}`)).items)).toEqual([posts.payment.thread]);
    expect((await list(w.parentA, '?q=biblioteca')).total).toBe(0);
    // LIKE wildcards are text like any other.
    expect((await list(w.parentA, '?q=%25')).total).toBe(0);
    expect((await list(w.parentA, '?q=_')).total).toBe(0);
  });

  it('filters by subject, sender, type and status', async () => {
    expect(ids((await list(w.parentA, '?subject=cuenta')).items)).toEqual([posts.payment.thread]);
    expect((await list(w.parentA, '?subject=museo')).total).toBe(0); // the description is not the subject
    expect(ids((await list(w.parentA, `?sender=${w.teacherA.id}`)).items)).toEqual([posts.trip.thread]);
    expect((await list(w.parentA, `?sender=${w.teacherB.id}`)).total).toBe(0);
    expect(ids((await list(w.parentA, '?type=payment')).items)).toEqual([posts.payment.thread]);
    expect((await list(w.parentA, '?status=read')).total).toBe(0);
    expect((await list(w.parentA, '?status=unread')).total).toBe(2);
    expect((await call(w.parentA, 'GET', `people/${w.parentA.id}/threads/feed/${posts.payment.thread}`)).statusCode).toBe(200);
    expect(ids((await list(w.parentA, '?status=read')).items)).toEqual([posts.payment.thread]);
    expect(ids((await list(w.parentA, '?status=unread')).items)).toEqual([posts.trip.thread]);
    expect((await list(w.parentA, '?type=payment&status=unread')).total).toBe(0);
  });

  it('filters by latest activity around a day, by days, weeks or months', async () => {
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    expect((await list(w.parentA, `?around=${day(0)}`)).total).toBe(2);
    expect((await list(w.parentA, `?around=${day(1)}&unit=days`)).total).toBe(2);
    expect((await list(w.parentA, `?around=${day(3)}&unit=days`)).total).toBe(0);
    expect((await list(w.parentA, `?around=${day(6)}&unit=weeks`)).total).toBe(2);
    expect((await list(w.parentA, `?around=${day(20)}&unit=weeks`)).total).toBe(0);
    expect((await list(w.parentA, `?around=${day(25)}&unit=months`)).total).toBe(2);
    expect((await list(w.parentA, '?around=2000-01-01&unit=months')).total).toBe(0);
    expect((await call(w.parentA, 'GET', `people/${w.parentA.id}/threads/feed?around=2026-02-30`)).statusCode).toBe(400);
  });

  it('never lets a filter find what the caller may not read (no oracle)', async () => {
    // Parent A answers the teacher only: parent B holds the thread but not the reply.
    const res = await call(w.parentA, 'POST', `people/${w.parentA.id}/threads/feed/${posts.trip.thread}`, { description: '<p>Autorizo la salida: contraseña girasol</p>' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await list(w.parentB, '?q=girasol')).total).toBe(0);
    expect(ids((await list(w.parentA, '?q=girasol')).items)).toEqual([posts.trip.thread]);
    expect(ids((await list(w.teacherA, '?q=girasol')).items)).toEqual([posts.trip.thread]);
    // The latest post each one may read.
    const forB = (await list(w.parentB)).items.find((i) => i.id === posts.trip.thread)!;
    expect(forB.latest.id).toBe(posts.trip.id);
    expect(forB.posts).toBe(1);
    const forA = (await list(w.parentA)).items.find((i) => i.id === posts.trip.thread)!;
    expect(forA.latest.id).toBe(res.json().id);
    expect(forA.posts).toBe(2);
    // Nobody else's threads answer a sender filter either.
    expect((await list(w.parentB, `?sender=${w.admin.id}`)).total).toBe(0);
    expect((await list(w.studentA, `?sender=${w.teacherA.id}`)).total).toBe(0);
  });

  it('answers 400 to NUL bytes and overlong filters, never 500', async () => {
    for (const query of ['?q=a%00b', '?subject=%00', `?q=${'x'.repeat(10_000)}`, `?subject=${'é'.repeat(5_000)}`, '?sender=abc', '?sender=0', '?type=spam', '?limit=0', '?page=-1']) {
      const res = await call(w.parentA, 'GET', `people/${w.parentA.id}/threads/feed${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    // Long but allowed text and odd characters are just text.
    for (const q of ['x'.repeat(200), "'; drop table stubs; --", '\\', '!', '🙂', '\u202e']) {
      const res = await call(w.parentA, 'GET', `people/${w.parentA.id}/threads/feed?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });

  it('builds the same page through the compiled path and the filtered path', async () => {
    const plain = await list(w.parentB);
    expect(plain.total).toBe(2);
    // A window that holds everything takes the built query, which must agree with the compiled one.
    const today = new Date().toISOString().slice(0, 10);
    expect(await list(w.parentB, `?around=${today}&unit=months`)).toEqual(plain);
    expect(await list(w.parentB, '?q=%20%20')).toEqual(plain); // blank text filters nothing
  });

  it('item 1: with={personId} keeps the threads that person takes part in, never one the caller could not tell', async () => {
    // People of their own, so the counts of the other tests stand.
    const teacher = await t.makePerson(w.school, { role: 'teacher', node: w.tree.classA, firstName: 'Tania' });
    const [p1, p2, p3] = [await t.makePerson(w.school, { firstName: 'Pía' }), await t.makePerson(w.school, { firstName: 'Paco' }), await t.makePerson(w.school, { firstName: 'Pilar' })];
    const outing = await publishPost(t, teacher, [p1, p2], { title: 'Excursión', replies: 'author' });
    const note = await publishPost(t, teacher, [p3], { title: 'Nota' });
    // p1 answers the teacher only: p2 holds the thread but not the answer.
    const answer = await call(p1, 'POST', `people/${p1.id}/threads/feed/${outing.thread}`, { description: '<p>Autorizo</p>' });
    expect(answer.statusCode, answer.body).toBe(201);

    // The author knows every recipient and every writer of the threads in their box.
    expect(ids((await list(teacher, `?with=${p1.id}`)).items)).toEqual([outing.thread]);
    expect(ids((await list(teacher, `?with=${p2.id}`)).items)).toEqual([outing.thread]); // p2 got the teacher's own post
    expect((await list(teacher, `?with=${p3.id}`)).total).toBe(0); // the note never came back to the teacher's box
    expect(ids((await list(p1, `?with=${teacher.id}`)).items)).toEqual([outing.thread]);
    expect(ids((await list(p3, `?with=${teacher.id}`)).items)).toEqual([note.thread]);
    // p2 may not learn that p1 got the same circular (recipients hidden), nor read p1's answer.
    expect((await list(p2, `?with=${p1.id}`)).total).toBe(0);
    expect((await list(p2, `?with=${p3.id}`)).total).toBe(0);
    expect(ids((await list(p2, `?with=${teacher.id}`)).items)).toEqual([outing.thread]);
    // Another school's person, nobody, or the other filters together.
    const norteParent = await norteParentOf(t, w);
    expect((await list(teacher, `?with=${norteParent.id}`)).total).toBe(0);
    expect((await list(teacher, '?with=2147483647')).total).toBe(0);
    expect((await list(p1, `?with=${teacher.id}&status=unread`)).total).toBe(1);
    expect((await list(p1, `?with=${teacher.id}&q=zzz`)).total).toBe(0);
    for (const bad of ['abc', '0', '-1', '1.5', '%00']) expect((await call(p1, 'GET', `people/${p1.id}/threads/feed?with=${bad}`)).statusCode, bad).toBe(400);
    // Still the caller's own box only.
    expect((await call(teacher, 'GET', `people/${p1.id}/threads/feed?with=${teacher.id}`)).statusCode).toBe(403);
  });
});
