import { HTML_BODY_MAX } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { addBlock, as } from './blocks.fixtures';
import { norteParentOf, publishPost } from '../threads/threads.fixtures';

describeOnDatabases('html items', (t) => {
  let w: World;
  const call = as(t);
  beforeAll(async () => {
    w = await makeWorld(t);
  });

  /** An html item of teacher A in a published post to parent A. */
  async function htmlInPost(body = '<p>Itinerario</p>') {
    const html = (await call(w.teacherA, 'POST', 'media/html', { body })).json() as { id: number; body: string };
    const post = await publishPost(t, w.teacherA, [w.parentA]);
    await addBlock(t, w.teacherA, post.id, 'html', `media/html/${html.id}`);
    return { html, post };
  }

  it('stores a body sanitised like a post description and answers it', async () => {
    const res = await call(w.teacherA, 'POST', 'media/html', {
      body: '<p onclick="x()">Hola <strong>familias</strong><script>alert(1)</script></p><a href="javascript:alert(1)">mal</a><img src="/api/x/files/1/preview?expires=0&amp;sig=a" alt="foto"><iframe src="https://evil"></iframe>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, body } = res.json();
    expect(body).toContain('<strong>familias</strong>');
    expect(body).toContain('<img src="/api/x/files/1/preview?expires=0&amp;sig=a" alt="foto" />');
    for (const gone of ['onclick', '<script', 'alert(1)', 'javascript:', '<iframe']) expect(body).not.toContain(gone);
    expect((await call(w.teacherA, 'GET', `media/html/${id}`)).json()).toEqual({ id, body });
  });

  it('is read by its owner, administrators and the readers of a post that carries it; nobody else learns it exists', async () => {
    const { html } = await htmlInPost();
    for (const who of [w.teacherA, w.admin, w.parentA]) {
      const res = await call(who, 'GET', `media/html/${html.id}`);
      expect(res.statusCode, who.firstName).toBe(200);
      expect(res.json().body).toBe('<p>Itinerario</p>');
    }
    const registrant = await makeRegistrant(t, w.school);
    for (const who of [w.parentB, w.teacherB, w.studentA, w.driver, w.employee]) expect((await call(who, 'GET', `media/html/${html.id}`)).statusCode, who.firstName).toBe(404);
    expect((await call(registrant, 'GET', `media/html/${html.id}`)).statusCode).toBe(403);
    expect((await call(w.otherAdmin, 'GET', `media/html/${html.id}`)).statusCode).toBe(404);
    expect((await call(await norteParentOf(t, w), 'GET', `media/html/${html.id}`)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/media/html/${html.id}`, token: await t.signIn(w.otherAdmin) })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/media/html/${html.id}` })).statusCode).toBe(401);
  });

  it('is not read through a draft or a post the reader did not get', async () => {
    const html = (await call(w.teacherA, 'POST', 'media/html', { body: '<p>Borrador</p>' })).json();
    const draft = (await call(w.teacherA, 'POST', `people/${w.teacherA.id}/posts/drafts`, {})).json().id;
    await addBlock(t, w.teacherA, draft, 'html', `media/html/${html.id}`);
    expect((await call(w.parentA, 'GET', `media/html/${html.id}`)).statusCode).toBe(404);
    const toB = await publishPost(t, w.teacherA, [w.parentB]);
    await addBlock(t, w.teacherA, toB.id, 'html', `media/html/${html.id}`);
    expect((await call(w.parentA, 'GET', `media/html/${html.id}`)).statusCode).toBe(404);
    expect((await call(w.parentB, 'GET', `media/html/${html.id}`)).statusCode).toBe(200);
  });

  it('is saved and deleted by its owner or an administrator; readers get 403 and change nothing', async () => {
    const { html } = await htmlInPost();
    const saved = await call(w.teacherA, 'PUT', `media/html/${html.id}`, { body: '<p>Nuevo <em>itinerario</em></p><style>p{}</style>' });
    expect(saved.json()).toEqual({ id: html.id, body: '<p>Nuevo <em>itinerario</em></p>' });
    expect((await call(w.parentA, 'PUT', `media/html/${html.id}`, { body: '<p>Hackeado</p>' })).statusCode).toBe(403);
    expect((await call(w.parentA, 'DELETE', `media/html/${html.id}`)).statusCode).toBe(403);
    expect((await call(w.parentB, 'PUT', `media/html/${html.id}`, { body: '<p>Hackeado</p>' })).statusCode).toBe(404);
    expect((await call(w.admin, 'PUT', `media/html/${html.id}`, { body: '<p>Revisado</p>' })).statusCode).toBe(200);
    expect((await call(w.parentA, 'GET', `media/html/${html.id}`)).json().body).toBe('<p>Revisado</p>');
    expect((await call(w.teacherA, 'DELETE', `media/html/${html.id}`)).statusCode).toBe(204);
    expect((await call(w.teacherA, 'GET', `media/html/${html.id}`)).statusCode).toBe(404);
    expect((await call(w.parentA, 'GET', `media/html/${html.id}`)).statusCode).toBe(404);
  });

  it('refuses bad and huge bodies without a 500 and without writing', async () => {
    const { html } = await htmlInPost();
    for (const body of [{}, { body: 42 }, { body: 'a\u0000b' }, { body: 'x'.repeat(HTML_BODY_MAX + 1) }]) {
      expect((await call(w.teacherA, 'POST', 'media/html', body)).statusCode).toBe(400);
      expect((await call(w.teacherA, 'PUT', `media/html/${html.id}`, body)).statusCode).toBe(400);
    }
    expect((await call(w.teacherA, 'PUT', `media/html/${html.id}`, { body: 'x'.repeat(3_000_000) })).statusCode).toBe(413);
    expect((await call(w.teacherA, 'GET', `media/html/${html.id}`)).json().body).toBe('<p>Itinerario</p>');
    expect((await call(w.teacherA, 'GET', 'media/html/99999999')).statusCode).toBe(404);
    expect((await call(w.teacherA, 'GET', 'media/html/-1')).statusCode).toBe(400);
  });
});
