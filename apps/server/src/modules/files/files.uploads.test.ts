import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { tinyPng } from '../../test/multipart';
import { makeWorld, type World } from '../../test/world';
import { ANON_UPLOADS_PER_HOUR } from './files.anon';
import { rowsOf, uploadTo } from './files.fixtures';
import { storageKeysOf } from './files.remove';

// A person's own uploads and the signed-out folder (contract "Folder routes"; spec §6 and §7).

const key = 'k3y-of-this-browser-0001';
const otherKey = 'k3y-of-another-browser-02';

describeOnDatabases("people's uploads and signed-out uploads", (t) => {
  let w: World;
  const api = (path: string) => `/api/${w.school.code}/${path}`;
  const mine = (id: number) => `people/${id}/uploads`;

  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('keeps a person\'s uploads theirs, newest first, the first new one carrying url', async () => {
    const first = await uploadTo(t, w.school.code, w.parentA, mine(w.parentA.id), [{ filename: 'uno.png', data: tinyPng }]);
    expect(first.statusCode).toBe(201);
    expect(first.json()[0].url).toMatch(new RegExp(`^/api/${w.school.code}/files/\\d+/original\\?expires=0&sig=`));
    await uploadTo(t, w.school.code, w.parentA, mine(w.parentA.id), [{ filename: 'dos.txt', data: 'dos' }]);
    const token = await t.signIn(w.parentA);
    const listed = (await t.request({ method: 'GET', url: api(mine(w.parentA.id)), token })).json();
    expect(listed.map((f: { name: string }) => f.name)).toEqual(['dos.txt', 'uno.png']);
    expect(listed[1]).toMatchObject({ endpoint: mine(w.parentA.id), name: 'uno.png' });

    // Nobody else: not the other parent, not the child, not an administrator, not signed out.
    for (const other of [w.parentB, w.studentA, w.admin, w.teacherA]) {
      expect((await t.request({ method: 'GET', url: api(mine(w.parentA.id)), token: await t.signIn(other) })).statusCode, other.firstName).toBe(403);
      expect((await uploadTo(t, w.school.code, other, mine(w.parentA.id), [{ filename: 'x.txt', data: 'x' }])).statusCode).toBe(403);
      const item = `${mine(w.parentA.id)}/${listed[0].id}`;
      expect((await t.request({ method: 'PUT', url: api(item), token: await t.signIn(other), body: { deleteDate: 1 } })).statusCode).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: api(mine(w.parentA.id)) })).statusCode).toBe(401);
    const registrant = await makeRegistrant(t, w.school);
    expect((await uploadTo(t, w.school.code, registrant, mine(registrant.id), [{ filename: 'x.txt', data: 'x' }])).json()).toMatchObject({ error: 'registration_pending' });
    // Another person's file id under one's own folder is not there.
    const theirs = (await uploadTo(t, w.school.code, w.parentB, mine(w.parentB.id), [{ filename: 'b.txt', data: 'b' }])).json()[0];
    expect((await t.request({ method: 'DELETE', url: api(`${mine(w.parentA.id)}/${theirs.id}`), token })).statusCode).toBe(404);
  });

  it('soft-deletes an upload with deleteDate, downloads and removes one with the bearer token', async () => {
    const token = await t.signIn(w.teacherA);
    const [a, b] = (await uploadTo(t, w.school.code, w.teacherA, mine(w.teacherA.id), [{ filename: 'a.txt', data: 'aa' }, { filename: 'b.txt', data: 'bb' }])).json();
    const deleted = await t.request({ method: 'PUT', url: api(`${mine(w.teacherA.id)}/${a.id}`), token, body: { ...a, deleteDate: 1 } });
    expect(deleted.json().deleteDate).not.toBeNull();
    expect((await t.request({ method: 'GET', url: api(`${mine(w.teacherA.id)}/${b.id}?download=1`), token })).headers['content-disposition']).toMatch(/^attachment/);
    const keys = (await rowsOf(t, w.school.id, mine(w.teacherA.id))).flatMap(storageKeysOf);
    for (const file of [a, b]) expect((await t.request({ method: 'DELETE', url: api(`${mine(w.teacherA.id)}/${file.id}`), token })).statusCode).toBe(204);
    for (const k of keys) expect(await t.app.patio.storage.stat(k)).toBeNull();
    expect((await t.request({ method: 'GET', url: api(mine(w.teacherA.id)), token })).json()).toEqual([]);
  });

  it('needs an upload key signed out and shows each browser only its own files', async () => {
    for (const header of [{} as Record<string, string>, { 'x-upload-key': 'short' }, { 'x-upload-key': 'x'.repeat(129) }, { 'x-upload-key': 'has spaces in it, sixteen+' }]) {
      const res = await t.request({ method: 'GET', url: api('people/anon/uploads'), headers: header });
      expect([res.statusCode, res.json().error]).toEqual([400, 'invalid_upload_key']);
    }
    const sent = await uploadTo(t, w.school.code, null, 'people/anon/uploads', [{ filename: 'hoja.pdf', data: '%PDF', contentType: 'application/pdf' }], { 'x-upload-key': key });
    expect(sent.statusCode).toBe(201);
    const [file] = sent.json();
    expect(file.url).toContain('expires=0');
    const listed = await t.request({ method: 'GET', url: api('people/anon/uploads'), headers: { 'x-upload-key': key } });
    expect(listed.json().map((f: { id: number }) => f.id)).toEqual([file.id]);
    expect((await t.request({ method: 'GET', url: api('people/anon/uploads'), headers: { 'x-upload-key': otherKey } })).json()).toEqual([]);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.request({ method, url: api(`people/anon/uploads/${file.id}`), headers: { 'x-upload-key': otherKey }, body: method === 'PUT' ? { title: 'mío' } : undefined });
      expect(res.statusCode, method).toBe(404);
    }
    const stored = (await rowsOf(t, w.school.id, 'people/anon/uploads')).find((r) => r.id === file.id)!;
    expect(stored.anon_key).not.toContain(key);
    expect(stored.anon_key).toHaveLength(64);
    // The same key on norte's base finds nothing of the world's school.
    expect((await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/people/anon/uploads`, headers: { 'x-upload-key': key } })).json()).toEqual([]);
    const renamed = await t.request({ method: 'PUT', url: api(`people/anon/uploads/${file.id}`), headers: { 'x-upload-key': key }, body: { title: 'Certificado' } });
    expect(renamed.json().title).toBe('Certificado');
  });

  it('removes signed-out files a day later, rows and bytes, through the queued job', async () => {
    const [old] = (await uploadTo(t, w.school.code, null, 'people/anon/uploads', [{ filename: 'viejo.png', data: tinyPng }], { 'x-upload-key': key })).json();
    const job = await t.db.selectFrom('jobs').select(['id', 'run_at', 'key']).where('org_id', '=', w.school.id).where('kind', '=', 'files.anon-expiry').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const runAt = new Date(job.run_at).getTime();
    expect(runAt - Date.now()).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(runAt - Date.now()).toBeLessThan(25 * 3600_000 + 120_000);
    const row = (await rowsOf(t, w.school.id, 'people/anon/uploads')).find((r) => r.id === old.id)!;
    expect(storageKeysOf(row)).toHaveLength(4);

    // A day passes: the file is older than 24 hours and its job is due.
    const dayAgo = new Date(Date.now() - 24 * 3600_000 - 1000).toISOString();
    await t.db.updateTable('files').set({ created_at: dayAgo }).where('org_id', '=', w.school.id).where('id', '=', old.id).execute();
    expect((await t.request({ method: 'GET', url: api('people/anon/uploads'), headers: { 'x-upload-key': key } })).json().map((f: { id: number }) => f.id)).not.toContain(old.id);
    expect((await t.request({ method: 'GET', url: old.url })).statusCode).toBe(404);
    await t.db.updateTable('jobs').set({ run_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', job.id).execute();
    await t.drainJobs();
    expect((await rowsOf(t, w.school.id, 'people/anon/uploads')).map((r) => r.id)).not.toContain(old.id);
    for (const k of storageKeysOf(row)) expect(await t.app.patio.storage.stat(k), k).toBeNull();
    // Younger files stay.
    expect((await rowsOf(t, w.school.id, 'people/anon/uploads')).length).toBeGreaterThan(0);
  });

  it(`limits signed-out uploads to ${ANON_UPLOADS_PER_HOUR} an hour per network (429)`, async () => {
    const headers = { 'x-upload-key': key };
    const statuses: number[] = [];
    for (let i = 0; i < ANON_UPLOADS_PER_HOUR + 1; i++) {
      statuses.push((await uploadTo(t, w.school.code, null, 'people/anon/uploads', [{ filename: `${i}.txt`, data: 'x' }], headers)).statusCode);
    }
    // Earlier tests of this suite already used some of the hour's uploads from this address.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(ANON_UPLOADS_PER_HOUR);
  });
});
