import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { csvRows, xlsxRows } from '../../platform/spreadsheet/spreadsheet.fixtures';
import { as, norteAccount, postTo, publishAs } from './posts.fixtures';

describeOnDatabases('sent posts and read receipts', (t) => {
  let w: World;
  let postId: number;
  let hacker: TestPerson;
  const readAt = '2026-03-02T15:04:05.000Z';

  beforeAll(async () => {
    w = await makeWorld(t);
    hacker = await t.makePerson(w.school, { role: 'student', node: w.tree.classA, firstName: 'Zoe', lastName: '=HYPERLINK("http://x","y")' });
    const res = await publishAs(t, w.teacherA, postTo([w.parentA, w.studentA, hacker], { title: 'Recibos', description: '<p>Primera <strong>línea</strong></p><p>segunda</p>' }));
    postId = res.json().id;
    await t.db.updateTable('stubs').set({ read_date: readAt }).where('org_id', '=', w.school.id).where('post_id', '=', postId).where('person_id', '=', w.parentA.id).execute();
  });

  it('lists what the caller sent, newest first, with audience and read counts, paged', async () => {
    const older = (await publishAs(t, w.teacherA, postTo([w.parentA], { title: 'Older' }))).json().id;
    await t.db.updateTable('posts').set({ publish_date: '2020-01-01T00:00:00.000Z' }).where('org_id', '=', w.school.id).where('id', '=', older).execute();
    const res = await as(t, w.teacherA, 'GET', `people/${w.teacherA.id}/posts/sent`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json().map((p: { id: number }) => p.id)).toEqual([postId, older]);
    expect(res.json()[0]).toMatchObject({ id: postId, type: 'circular', title: 'Recibos', excerpt: 'Primera línea segunda', status: 'published', audienceCount: 3, readCount: 1 });
    const page2 = await as(t, w.teacherA, 'GET', `people/${w.teacherA.id}/posts/sent?limit=1&page=2`);
    expect(page2.json().map((p: { id: number }) => p.id)).toEqual([older]);
    // Drafts, replies and other people's posts are not in it.
    await as(t, w.teacherA, 'POST', `people/${w.teacherA.id}/posts/drafts`, { title: 'Draft' });
    expect((await as(t, w.teacherA, 'GET', `people/${w.teacherA.id}/posts/sent`)).headers['x-total-count']).toBe('2');
    expect((await as(t, w.teacherB, 'GET', `people/${w.teacherB.id}/posts/sent`)).json()).toEqual([]);
    expect((await as(t, w.admin, 'GET', `people/${w.teacherA.id}/posts/sent`)).statusCode).toBe(403);
  });

  it('lists the recipients in name order with their read date, filtered by status and name', async () => {
    const res = await as(t, w.teacherA, 'GET', `posts/${postId}/stubs`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const byId = new Map(res.json().map((s: { person: { id: number } }) => [s.person.id, s]));
    expect(byId.get(w.parentA.id)).toMatchObject({ folder: 'feed', readDate: readAt, person: { firstName: 'Pablo' } });
    expect(byId.get(w.studentA.id)).toMatchObject({ readDate: null });
    const read = await as(t, w.teacherA, 'GET', `posts/${postId}/stubs?status=read`);
    expect(read.json().map((s: { person: { id: number } }) => s.person.id)).toEqual([w.parentA.id]);
    const unread = await as(t, w.teacherA, 'GET', `posts/${postId}/stubs?status=unread`);
    expect(unread.headers['x-total-count']).toBe('2');
    const named = await as(t, w.teacherA, 'GET', `posts/${postId}/stubs?q=alba`);
    expect(named.json().map((s: { person: { id: number } }) => s.person.id)).toEqual([w.studentA.id]);
    const paged = await as(t, w.teacherA, 'GET', `posts/${postId}/stubs?limit=2&page=2`);
    expect(paged.json()).toHaveLength(1);
    expect((await as(t, w.teacherA, 'GET', `posts/${postId}/stubs/counts`)).json()).toEqual({ total: 3, read: 1, unread: 2 });
  });

  it('exports the receipts as spreadsheet-safe CSV with a BOM, titled in the asked language', async () => {
    const res = await as(t, w.teacherA, 'GET', `posts/${postId}/stubs/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const body = res.rawPayload.toString('utf8');
    // Spanish by default, so semicolons (issue 34 §3: the delimiter follows the language).
    expect(body.startsWith('\uFEFFDestinatario;Leído;Fecha de lectura\r\n')).toBe(true);
    expect(body).toContain(`;Sí;${readAt}\r\n`);
    // A name that a spreadsheet would run as a formula gets a leading apostrophe.
    expect(body).toContain(`"'=HYPERLINK(""http://x"",""y""), Zoe";No;\r\n`);
    const english = (await as(t, w.teacherA, 'GET', `posts/${postId}/stubs/export?lang=en&status=read`)).rawPayload.toString('utf8');
    expect(english).toBe(`\uFEFFRecipient,Read,Read date\r\n"${w.parentA.lastName}, Pablo",Yes,${readAt}\r\n`);
  });

  it('item 3: offers the read receipts as XLSX with the same rows as the CSV, to the same callers', async () => {
    for (const [lang, delimiter] of [['es', ';'], ['de', ';'], ['en', ',']] as const) {
      const csv = (await as(t, w.teacherA, 'GET', `posts/${postId}/stubs/export?lang=${lang}`)).rawPayload.toString('utf8');
      const xlsx = await as(t, w.teacherA, 'GET', `posts/${postId}/stubs/export?lang=${lang}&format=xlsx`);
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(xlsx.headers['content-disposition']).toMatch(new RegExp(`-${postId}\\.xlsx"`));
      const rows = await xlsxRows(xlsx.rawPayload, delimiter === ';' ? ',' : '.');
      expect(rows, lang).toEqual(csvRows(csv, delimiter));
      expect(rows).toHaveLength(4);
    }
    const filtered = await xlsxRows((await as(t, w.teacherA, 'GET', `posts/${postId}/stubs/export?status=read&format=xlsx&lang=en`)).rawPayload, '.');
    expect(filtered).toEqual([['Recipient', 'Read', 'Read date'], [`${w.parentA.lastName}, Pablo`, 'Yes', readAt]]);
    expect((await as(t, w.parentA, 'GET', `posts/${postId}/stubs/export?format=xlsx`)).statusCode).toBe(403);
  });

  it('item 4: shows receipts to the author and administrators only; recipients hear 403, and whoever may not read the post 404 as for the post itself', async () => {
    for (const path of [`posts/${postId}/stubs`, `posts/${postId}/stubs/counts`, `posts/${postId}/stubs/export`]) {
      expect((await as(t, w.teacherA, 'GET', path)).statusCode, path).toBe(200);
      expect((await as(t, w.admin, 'GET', path)).statusCode, path).toBe(200);
      for (const person of [w.parentA, w.studentA]) {
        const res = await as(t, person, 'GET', path);
        expect(res.statusCode, `${path} as ${person.firstName}`).toBe(403);
        expect(res.json()).toMatchObject({ error: 'forbidden', message: expect.any(String) });
      }
      for (const person of [w.parentB, w.teacherB, w.driver, w.employee]) {
        const post = await as(t, person, 'GET', `posts/${postId}`);
        const res = await as(t, person, 'GET', path);
        expect({ status: res.statusCode, body: res.json() }, `${path} as ${person.firstName}`).toEqual({ status: post.statusCode, body: post.json() });
        expect(res.statusCode).toBe(404);
      }
      const registrant = await makeRegistrant(t, w.school);
      expect((await as(t, registrant, 'GET', path)).statusCode).toBe(403);
      for (const username of ['admin', 'teacher', 'parent'] as const) {
        const norte = await norteAccount(t, w, username);
        expect((await as(t, norte, 'GET', path)).statusCode, `${path} as norte ${username}`).toBe(404);
        const there = await t.request({ method: 'GET', url: `/api/${w.school.code}/${path}`, token: await t.signIn(norte) });
        expect(there.statusCode).toBe(403);
      }
      expect((await as(t, w.admin, 'GET', path.replace(String(postId), '999999'))).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/${path}` })).statusCode).toBe(401);
    }
  });
});
