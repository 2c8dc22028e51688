import type { AddressedPosts } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import type { Delivered } from '../posts/index';
import { api, publishPost } from '../threads/threads.fixtures';

describeOnDatabases('person tab: posts addressed to a person', (t) => {
  let w: World;
  let call: ReturnType<typeof api>;
  const p = {} as Record<'news' | 'homework' | 'whisper' | 'board' | 'expired', Delivered>;

  const addressed = async (viewer: TestPerson, query = '', person = w.studentA) => {
    const res = await call(viewer, 'GET', `people/${person.id}/addressed${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AddressedPosts;
  };
  const titles = (a: AddressedPosts) => a.items.map((i) => i.title);

  beforeAll(async () => {
    w = await makeWorld(t);
    call = api(t);
    p.expired = await publishPost(t, w.admin, [w.studentA], { type: 'announcement', title: 'Vencido', highlight: true, expirationDate: '2020-01-01T00:00:00Z' });
    p.news = await publishPost(t, w.admin, [w.studentA, w.parentA], { type: 'announcement', title: 'Izada de bandera', highlight: true });
    p.homework = await publishPost(t, w.teacherA, [w.studentA], { title: 'Tarea', description: '<p>Leer el <strong>capítulo 3</strong></p>' });
    p.whisper = await publishPost(t, w.teacherB, [w.studentA], { type: 'message', title: 'Privado' });
    p.board = await publishPost(t, w.teacherB, [w.studentA, w.studentB], { title: 'Cartelera de B', highlight: true, replies: 'all' });
    // A reply reaches the teacher: a reply is no announcement of anyone's.
    expect((await call(w.studentA, 'POST', `people/${w.studentA.id}/threads/feed/${p.board.thread}`, { description: '<p>Gracias</p>' })).statusCode).toBe(201);
  });

  it('item 1: announcements are every first post but private messages, newest first, that the viewer may read too', async () => {
    const all = await addressed(w.admin);
    expect(titles(all)).toEqual(['Cartelera de B', 'Tarea', 'Izada de bandera', 'Vencido']);
    expect(all.total).toBe(4);
    expect(all.items[1]).toMatchObject({
      postId: p.homework.id,
      threadId: p.homework.thread,
      type: 'circular',
      excerpt: 'Leer el capítulo 3',
      author: { id: w.teacherA.id, firstName: 'Teresa' },
      publishDate: expect.any(String),
      read: false,
    });
    // Teachers see only what they may read themselves (threads' readsPost rule): their own posts here.
    expect(titles(await addressed(w.teacherA))).toEqual(['Tarea']);
    expect(titles(await addressed(w.teacherB))).toEqual(['Cartelera de B']);
    expect(titles(await addressed(w.employee))).toEqual([]);
    // The person sees what reached them; the private message is not an announcement.
    expect(titles(await addressed(w.studentA))).toEqual(['Cartelera de B', 'Tarea', 'Izada de bandera', 'Vencido']);
  });

  it('item 1: highlights are the person’s board: highlighted, not expired, not in their trash', async () => {
    expect(titles(await addressed(w.admin, '?list=highlights'))).toEqual(['Cartelera de B', 'Izada de bandera']);
    expect(titles(await addressed(w.teacherB, '?list=highlights'))).toEqual(['Cartelera de B']);
    expect(titles(await addressed(w.teacherA, '?list=highlights'))).toEqual([]);
    const trashed = await call(w.studentB, 'POST', `people/${w.studentB.id}/threads/trash`, [p.board.thread]);
    expect(trashed.statusCode, trashed.body).toBe(200);
    expect(titles(await addressed(w.admin, '?list=highlights', w.studentB))).toEqual([]);
    expect(titles(await addressed(w.admin, '', w.studentB))).toEqual(['Cartelera de B']); // still addressed to them
  });

  it('item 1: read is the author’s and the administrators’ to know', async () => {
    expect((await addressed(w.teacherA)).items[0].read).toBe(false);
    expect((await call(w.studentA, 'GET', `people/${w.studentA.id}/threads/feed/${p.homework.thread}`)).statusCode).toBe(200);
    expect((await addressed(w.teacherA)).items[0].read).toBe(true);
    expect((await addressed(w.admin)).items.find((i) => i.postId === p.homework.id)?.read).toBe(true);
    expect((await addressed(w.admin)).items.find((i) => i.postId === p.news.id)?.read).toBe(false);
    // Student A reads their own list, but whether they read a post is not shown as someone else's receipt.
    expect((await addressed(w.studentA)).items.map((i) => i.read)).toEqual([null, null, null, null]);
  });

  it('item 1: pages with page and limit', async () => {
    const second = await addressed(w.admin, '?limit=1&page=2');
    expect(second.total).toBe(4);
    expect(titles(second)).toEqual(['Tarea']);
    expect((await addressed(w.admin, '?limit=2&page=9')).items).toEqual([]);
    for (const bad of ['?list=spam', '?limit=0', '?limit=51', '?page=0', '?page=abc', '?list=%00', `?list=${'a'.repeat(5000)}`]) {
      const res = await call(w.admin, 'GET', `people/${w.studentA.id}/addressed${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it('item 1: families, drivers and other schools may not call it', async () => {
    for (const viewer of [w.parentA, w.parentB, w.studentB, w.driver]) {
      expect((await call(viewer, 'GET', `people/${w.studentA.id}/addressed`)).statusCode).toBe(403);
    }
    const atHome = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/people/${w.studentA.id}/addressed`, token: await t.signIn(w.otherAdmin) });
    expect(atHome.statusCode).toBe(404);
    const here = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.studentA.id}/addressed`, token: await t.signIn(w.otherAdmin) });
    expect(here.statusCode).toBe(403);
    expect((await call(w.admin, 'GET', 'people/2147483647/addressed')).statusCode).toBe(404);
  });
});
