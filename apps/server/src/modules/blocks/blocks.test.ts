import { BLOCKS_PER_POST_MAX } from '@patio/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { addBlock, as } from './blocks.fixtures';
import { norteParentOf, publishPost } from '../threads/threads.fixtures';

describeOnDatabases('blocks of a post', (t) => {
  let w: World;
  const call = as(t);
  beforeAll(async () => {
    w = await makeWorld(t);
  });
  const circular = () => publishPost(t, w.teacherA, [w.parentA], { title: 'Con bloques' });
  const draftOf = async (author = w.teacherA) => (await call(author, 'POST', `people/${author.id}/posts/drafts`, {})).json().id as number;
  const makeForm = async (owner: typeof w.teacherA) => (await call(owner, 'POST', 'data/entities', { title: 'Encuesta' })).json().id as number;
  const orderOf = async (postId: number) => (await call(w.teacherA, 'GET', `posts/${postId}/blocks`)).json().map((b: { id: number }) => b.id);

  it('adds blocks at the end, lists them in order to the post\'s readers and shows them on the post card', async () => {
    const post = await circular();
    const files = await addBlock(t, w.teacherA, post.id, 'files', `posts/${post.id}/resources/files/block-4821`, { gallery: 1 });
    const video = await addBlock(t, w.teacherA, post.id, 'youtube', 'https://youtu.be/dQw4w9WgXcQ');
    const empty = await addBlock(t, w.teacherA, post.id, 'html', null);
    expect(files).toEqual({ id: expect.any(Number), type: 'files', url: `posts/${post.id}/resources/files/block-4821`, options: { gallery: 1 } });
    expect(empty).toMatchObject({ type: 'html', url: null, options: {} });

    for (const reader of [w.teacherA, w.parentA, w.admin]) {
      const res = await call(reader, 'GET', `posts/${post.id}/blocks`);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((b: { id: number }) => b.id)).toEqual([files.id, video.id, empty.id]);
    }
    const card = await call(w.parentA, 'GET', `posts/${post.id}`);
    expect(card.json().blocks.map((b: { id: number }) => b.id)).toEqual([files.id, video.id, empty.id]);
  });

  it('lets the author add blocks to a draft, which only the author reads', async () => {
    const draft = await draftOf();
    await addBlock(t, w.teacherA, draft, 'googleDocument', 'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOp/preview');
    expect((await call(w.teacherA, 'GET', `posts/${draft}/blocks`)).json()).toHaveLength(1);
    expect((await call(w.admin, 'GET', `posts/${draft}/blocks`)).statusCode).toBe(404);
  });

  it('moves a block to an index and shifts the others, in one step', async () => {
    const post = await circular();
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await addBlock(t, w.teacherA, post.id, 'html', null)).id);
    const moved = await call(w.teacherA, 'PUT', `posts/${post.id}/blocks/${ids[3]}`, { position: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await orderOf(post.id)).toEqual([ids[3], ids[0], ids[1], ids[2]]);
    await call(w.teacherA, 'PUT', `posts/${post.id}/blocks/${ids[3]}`, { position: 2 });
    expect(await orderOf(post.id)).toEqual([ids[0], ids[1], ids[3], ids[2]]);
    // Past the end is last.
    await call(w.teacherA, 'PUT', `posts/${post.id}/blocks/${ids[0]}`, { position: 50 });
    expect(await orderOf(post.id)).toEqual([ids[1], ids[3], ids[2], ids[0]]);
    // Removing one closes the gap; positions stay 0…n-1.
    expect((await call(w.teacherA, 'DELETE', `posts/${post.id}/blocks/${ids[3]}`)).statusCode).toBe(204);
    expect(await orderOf(post.id)).toEqual([ids[1], ids[2], ids[0]]);
    const positions = await t.db.selectFrom('post_blocks').select('position').where('org_id', '=', w.school.id).where('post_id', '=', post.id).orderBy('position').execute();
    expect(positions.map((p) => p.position)).toEqual([0, 1, 2]);
  });

  it('changes url and options, and keeps what the body leaves out', async () => {
    const post = await circular();
    const block = await addBlock(t, w.teacherA, post.id, 'files', null);
    const url = `posts/${post.id}/resources/files/block-77`;
    const res = await call(w.teacherA, 'PUT', `posts/${post.id}/blocks/${block.id}`, { url });
    expect(res.json()).toEqual({ ...block, url });
    const gallery = await call(w.teacherA, 'PUT', `posts/${post.id}/blocks/${block.id}`, { options: { gallery: 1 } });
    expect(gallery.json()).toEqual({ ...block, url, options: { gallery: 1 } });
  });

  describe('urls are checked per type', () => {
    it('accepts what each type can show', async () => {
      const post = await circular();
      const form = await makeForm(w.teacherA);
      const html = (await call(w.teacherA, 'POST', 'media/html', { body: '<p>Hola</p>' })).json().id;
      const good: [string, string][] = [
        ['files', `posts/${post.id}/resources/files/block-1234567890123456`],
        ['form', `data/entities/${form}`],
        ['html', `media/html/${html}`],
        ['image', `/api/${w.school.code}/files/12/preview?expires=0&sig=abc`],
        ['image', 'https://example.org/photo.jpg'],
        ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
        ['youtube', 'https://vimeo.com/76979871'],
        ['googleDocument', 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view'],
        ['googleDocument', 'https://onedrive.live.com/embed?resid=ABC!123'],
        ['v3', 'modulos/boletines/ver?id=4'],
        ['v3', 'modulos/ver%20boletin'],
        ['v3', 'https://legacy.example.org/modulo/4'],
      ];
      for (const [type, url] of good) {
        const res = await call(w.teacherA, 'POST', `posts/${post.id}/blocks`, { type, url });
        expect(res.statusCode, `${type} ${url}: ${res.body}`).toBe(201);
        expect(res.json().url).toBe(url);
      }
      // An administrator may put anyone's form in a post of theirs.
      const adminPost = await publishPost(t, w.admin, [w.parentB]);
      expect((await call(w.admin, 'POST', `posts/${adminPost.id}/blocks`, { type: 'form', url: `data/entities/${form}` })).statusCode).toBe(201);
    });

    it('refuses anything else with 400 invalid_block_url and writes nothing', async () => {
      const post = await circular();
      const other = await circular();
      const foreignForm = await makeForm(w.teacherB);
      const foreignHtml = (await call(w.teacherB, 'POST', 'media/html', { body: '<p>Otra</p>' })).json().id;
      const norteForm = await makeForm(w.otherAdmin);
      const bad: [string, string][] = [
        ['files', `posts/${other.id}/resources/files/block-1`],
        ['files', `posts/${post.id}/resources/files/block-12345678901234567`],
        ['files', `posts/${post.id}/resources/files/block-1/../../x`],
        ['files', `posts/${post.id}/resources/files/other`],
        ['form', `data/entities/${foreignForm}`],
        ['form', `data/entities/${norteForm}`],
        ['form', 'data/entities/999999'],
        ['form', 'data/entities/01'],
        ['html', `media/html/${foreignHtml}`],
        ['html', 'media/html/abc'],
        ['image', `/api/${w.otherSchool.code}/files/12/preview?expires=0&sig=abc`],
        ['image', `/api/${w.school.code}/files/12/secret`],
        ['image', 'http://example.org/photo.jpg'],
        ['image', 'javascript:alert(1)'],
        ['image', 'data:image/png;base64,AAAA'],
        ['youtube', 'https://youtube.com/watch?v=short'],
        ['youtube', 'https://example.org/video'],
        ['googleDocument', 'https://example.org/document'],
        ['googleDocument', 'http://docs.google.com/document/d/1AbCdEfGhIjKlMnOp/edit'],
        ['v3', '../admin'],
        ['v3', 'modulos/%2e%2e/%2E%2E/admin'],
        ['v3', '//evil.example.org/x'],
        ['v3', 'javascript:alert(1)'],
        ['v3', 'http://legacy.example.org/x'],
        ['v3', 'modulos\\..\\admin'],
        ['v3', 'modulos/ver id'],
        ['v3', 'modulos/ver%00id'],
        ['v3', 'modulos/%2e%2e%5cadmin'],
        ['v3', 'modulos/%zz'],
      ];
      for (const [type, url] of bad) {
        const res = await call(w.teacherA, 'POST', `posts/${post.id}/blocks`, { type, url });
        expect(res.statusCode, `${type} ${url}`).toBe(400);
        expect(res.json().error).toBe('invalid_block_url');
      }
      const block = await addBlock(t, w.teacherA, post.id, 'youtube', null);
      const put = await call(w.teacherA, 'PUT', `posts/${post.id}/blocks/${block.id}`, { url: 'https://example.org/not-a-video', position: 0 });
      expect(put.json()).toMatchObject({ error: 'invalid_block_url', message: expect.stringContaining('This is not a valid video URL') });
      expect(await orderOf(post.id)).toEqual([block.id]);
      expect((await call(w.teacherA, 'GET', `posts/${post.id}/blocks`)).json()[0].url).toBeNull();
    });
  });

  it('is for the author to change: readers 403, strangers and other schools 404, guests 401, registrants 403', async () => {
    const post = await circular();
    const block = await addBlock(t, w.teacherA, post.id, 'html', null);
    const norteParent = await norteParentOf(t, w);
    const registrant = await makeRegistrant(t, w.school);
    const attempts = [
      { who: w.parentA, status: 403 },
      { who: w.admin, status: 403 },
      { who: w.parentB, status: 404 },
      { who: w.teacherB, status: 404 },
      { who: w.driver, status: 404 },
      { who: w.employee, status: 404 },
      { who: registrant, status: 403 },
    ];
    for (const { who, status } of attempts) {
      expect((await call(who, 'POST', `posts/${post.id}/blocks`, { type: 'html' })).statusCode, who.firstName).toBe(status);
      expect((await call(who, 'PUT', `posts/${post.id}/blocks/${block.id}`, { position: 0 })).statusCode, who.firstName).toBe(status);
      expect((await call(who, 'DELETE', `posts/${post.id}/blocks/${block.id}`)).statusCode, who.firstName).toBe(status);
    }
    for (const who of [w.parentB, w.teacherB, w.driver]) expect((await call(who, 'GET', `posts/${post.id}/blocks`)).statusCode).toBe(404);
    // Norte's people on their own school's base with the world's ids, and on the world's base.
    for (const who of [w.otherAdmin, norteParent]) {
      expect((await call(who, 'GET', `posts/${post.id}/blocks`)).statusCode).toBe(404);
      expect((await call(who, 'POST', `posts/${post.id}/blocks`, { type: 'html' })).statusCode).toBe(404);
      const foreign = await t.request({ method: 'POST', url: `/api/${w.school.code}/posts/${post.id}/blocks`, token: await t.signIn(who), body: { type: 'html' } });
      expect(foreign.statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/posts/${post.id}/blocks` })).statusCode).toBe(401);
    expect(await orderOf(post.id)).toEqual([block.id]);
  });

  it('answers 404 for a block of another post, and 400 for malformed ids', async () => {
    const post = await circular();
    const other = await circular();
    const block = await addBlock(t, w.teacherA, other.id, 'html', null);
    expect((await call(w.teacherA, 'PUT', `posts/${post.id}/blocks/${block.id}`, { position: 0 })).statusCode).toBe(404);
    expect((await call(w.teacherA, 'DELETE', `posts/${post.id}/blocks/${block.id}`)).statusCode).toBe(404);
    expect((await call(w.teacherA, 'PUT', `posts/${post.id}/blocks/1e3`, {})).statusCode).toBe(400);
    expect((await call(w.teacherA, 'GET', 'posts/..%2F1/blocks')).statusCode).toBe(400);
  });

  it('refuses bad input with 400 and huge input with 400 or 413, on both databases', async () => {
    const post = await circular();
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    const cases: unknown[] = [
      { type: 'video' },
      { type: 'html', extra: 1 },
      { type: 'html', options: tooMany },
      { type: 'html', options: { ['k'.repeat(61)]: 1 } },
      { type: 'html', options: { note: 'x'.repeat(201) } },
      { type: 'html', options: { nested: { a: 1 } } },
      { type: 'v3', url: 'modulo\u0000' },
      { type: 'v3', url: `https://legacy.example.org/${'a'.repeat(2000)}` },
      { type: 'html', options: { ['clave\u0000']: 1 } },
    ];
    for (const body of cases) {
      const res = await call(w.teacherA, 'POST', `posts/${post.id}/blocks`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const huge = await call(w.teacherA, 'POST', `posts/${post.id}/blocks`, { type: 'v3', url: 'a'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(await orderOf(post.id)).toEqual([]);
  });

  it(`never passes ${BLOCKS_PER_POST_MAX} blocks, even with 20 requests at once`, async () => {
    const post = await circular();
    for (let i = 0; i < BLOCKS_PER_POST_MAX - 5; i++) await addBlock(t, w.teacherA, post.id, 'html', null);
    const token = await t.signIn(w.teacherA);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.request({ method: 'POST', url: `/api/${w.school.code}/posts/${post.id}/blocks`, token, body: { type: 'html' } })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(results.find((r) => r.statusCode === 409)!.json().error).toBe('too_many_blocks');
    const rows = await t.db.selectFrom('post_blocks').select('position').where('org_id', '=', w.school.id).where('post_id', '=', post.id).execute();
    expect(rows).toHaveLength(BLOCKS_PER_POST_MAX);
    expect(new Set(rows.map((r) => r.position)).size).toBe(BLOCKS_PER_POST_MAX);
  });

  it('keeps one block per position when moves run at once', async () => {
    const post = await circular();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await addBlock(t, w.teacherA, post.id, 'html', null)).id);
    const token = await t.signIn(w.teacherA);
    await Promise.all(
      ids.map((id, i) => t.request({ method: 'PUT', url: `/api/${w.school.code}/posts/${post.id}/blocks/${id}`, token, body: { position: (i * 7) % 6 } })),
    );
    const positions = (await t.db.selectFrom('post_blocks').select('position').where('org_id', '=', w.school.id).where('post_id', '=', post.id).execute()).map((r) => r.position);
    expect(positions.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await orderOf(post.id)).sort()).toEqual([...ids].sort());
  });
});
