import { MAX_DESCRIPTION_BYTES } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { as, norteAccount, postTo, rowCounts } from './posts.fixtures';

describeOnDatabases('drafts', (t) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(t);
  });
  const drafts = (me: { id: number }) => `people/${me.id}/posts/drafts`;

  it('starts a draft from nothing or from part of a post, and lists the caller’s drafts last saved first', async () => {
    const empty = await as(t, w.teacherA, 'POST', drafts(w.teacherA), {});
    expect(empty.statusCode).toBe(201);
    const partial = await as(t, w.teacherA, 'POST', drafts(w.teacherA), { title: 'Circular de mayo', settings: { highlight: true } });
    expect(partial.statusCode).toBe(201);
    const list = await as(t, w.teacherA, 'GET', drafts(w.teacherA));
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((d: { id: number }) => d.id)).toEqual([partial.json().id, empty.json().id]);
    expect(list.json()[0]).toMatchObject({
      type: 'message', title: 'Circular de mayo', description: '', audience: { people: [], rules: null, relatives: false },
      settings: { highlight: true, notifications: true, recipientsVisible: false, replies: 'author', forward: false }, publishDate: null,
    });
    const page = await as(t, w.teacherA, 'GET', `${drafts(w.teacherA)}?limit=1&page=2`);
    expect(page.json().map((d: { id: number }) => d.id)).toEqual([empty.json().id]);
    expect(page.headers['x-total-count']).toBe('2');
    // Nobody else's drafts show up.
    expect((await as(t, w.teacherB, 'GET', drafts(w.teacherB))).json()).toEqual([]);
  });

  it('autosaves the whole post, sanitised, and reopens it; recipients are not checked in a draft', async () => {
    const started = await as(t, w.parentA, 'POST', drafts(w.parentA));
    expect(started.statusCode, started.body).toBe(201);
    const { id } = started.json();
    const body = postTo([w.studentB], { description: '<p onclick="x()">Hola<script>alert(1)</script></p>', audience: { people: [w.studentB.id], rules: { field: 'role', op: 'eq', args: ['student'] } } });
    const saved = await as(t, w.parentA, 'PUT', `posts/${id}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id, title: 'Salida pedagógica', description: '<p>Hola</p>', audience: { people: [w.studentB.id] } });
    const opened = await as(t, w.parentA, 'GET', `${drafts(w.parentA)}/${id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual(saved.json());
  });

  it('lets only the author open, change or discard a draft', async () => {
    const { id } = (await as(t, w.teacherA, 'POST', drafts(w.teacherA), { title: 'Privado' })).json();
    for (const other of [w.teacherB, w.parentA, w.admin, w.driver]) {
      expect((await as(t, other, 'GET', `${drafts(other)}/${id}`)).statusCode, other.firstName).toBe(404);
      // Nobody else may read a draft: 404, as GET posts/{id} answers them (item 4).
      expect((await as(t, other, 'PUT', `posts/${id}`, postTo([]))).statusCode, other.firstName).toBe(404);
      expect((await as(t, other, 'DELETE', `posts/${id}`)).statusCode, other.firstName).toBe(404);
    }
    // {me} must be the caller.
    expect((await as(t, w.admin, 'GET', `${drafts(w.teacherA)}/${id}`)).statusCode).toBe(403);
    expect((await as(t, w.admin, 'GET', drafts(w.teacherA))).statusCode).toBe(403);
    expect((await as(t, w.admin, 'POST', drafts(w.teacherA), {})).statusCode).toBe(403);
    // Norte's people, on their own base with this school's id: nothing there.
    for (const username of ['admin', 'teacher', 'parent'] as const) {
      const norte = await norteAccount(t, w, username);
      expect((await as(t, norte, 'PUT', `posts/${id}`, postTo([]))).statusCode).toBe(404);
      expect((await as(t, norte, 'DELETE', `posts/${id}`)).statusCode).toBe(404);
      expect((await as(t, norte, 'GET', `${drafts(norte)}/${id}`)).statusCode).toBe(404);
    }
    const still = await as(t, w.teacherA, 'GET', `${drafts(w.teacherA)}/${id}`);
    expect(still.json().title).toBe('Privado');
  });

  it('discards a draft (204) with its thread, and refuses to change or discard a published post (409)', async () => {
    const before = await rowCounts(t, w.school.id);
    const { id } = (await as(t, w.teacherA, 'POST', drafts(w.teacherA), postTo([w.parentA]))).json();
    expect((await as(t, w.teacherA, 'DELETE', `posts/${id}`)).statusCode).toBe(204);
    expect(await rowCounts(t, w.school.id)).toEqual(before);
    expect((await as(t, w.teacherA, 'GET', `${drafts(w.teacherA)}/${id}`)).statusCode).toBe(404);

    const sent = (await as(t, w.teacherA, 'POST', `people/${w.teacherA.id}/posts/sent`, postTo([w.parentA]))).json();
    const put = await as(t, w.teacherA, 'PUT', `posts/${sent.id}`, postTo([w.parentA], { title: 'Changed' }));
    expect(put.statusCode).toBe(409);
    expect(put.json()).toMatchObject({ error: 'not_a_draft' });
    expect((await as(t, w.teacherA, 'DELETE', `posts/${sent.id}`)).statusCode).toBe(409);
    expect((await as(t, w.teacherA, 'GET', `${drafts(w.teacherA)}/${sent.id}`)).statusCode).toBe(404);
  });

  it('refuses NUL characters and descriptions over 1 MB, and writes nothing', async () => {
    const { id } = (await as(t, w.teacherA, 'POST', drafts(w.teacherA), { title: 'Kept' })).json();
    const before = await rowCounts(t, w.school.id);
    const nul = await as(t, w.teacherA, 'POST', drafts(w.teacherA), { title: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ error: 'invalid_characters' });
    expect((await as(t, w.teacherA, 'PUT', `posts/${id}`, postTo([], { description: '<p>\u0000</p>' }))).statusCode).toBe(400);
    const huge = `<p>${'a'.repeat(MAX_DESCRIPTION_BYTES)}</p>`;
    const created = await as(t, w.teacherA, 'POST', drafts(w.teacherA), { description: huge });
    expect(created.statusCode).toBe(413);
    expect(created.json()).toMatchObject({ error: 'payload_too_large', message: expect.any(String) });
    const saved = await as(t, w.teacherA, 'PUT', `posts/${id}`, postTo([], { description: huge }));
    expect(saved.statusCode).toBe(413);
    // Far beyond any post: the server's own limit answers, in the same shape.
    const enormous = await as(t, w.teacherA, 'PUT', `posts/${id}`, postTo([], { description: 'x'.repeat(5 * MAX_DESCRIPTION_BYTES) }));
    expect(enormous.statusCode).toBe(413);
    expect(enormous.json()).toMatchObject({ error: 'payload_too_large', message: expect.any(String) });
    expect(await rowCounts(t, w.school.id)).toEqual(before);
    expect((await as(t, w.teacherA, 'GET', `${drafts(w.teacherA)}/${id}`)).json().title).toBe('Kept');
  });

  it('validates the shape of a draft (400), and guests get 401', async () => {
    const bad = [{ type: 'gossip' }, { settings: { replies: 'everyone' } }, { audience: { people: ['x'] } }, { publishDate: 'tomorrow' }, { colour: 'red' }, { title: 'x'.repeat(301) }];
    for (const body of bad) expect((await as(t, w.teacherA, 'POST', drafts(w.teacherA), body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/${drafts(w.teacherA)}` })).statusCode).toBe(401);
  });
});
