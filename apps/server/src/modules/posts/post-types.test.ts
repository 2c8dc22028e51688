import { POST_TYPE_KEYS } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { as, norteAccount } from './posts.fixtures';

describeOnDatabases('post types', (t) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('lists the 18 kinds in order, named in the caller’s language with all six for editing', async () => {
    const res = await as(t, w.parentA, 'GET', 'post-types');
    expect(res.statusCode).toBe(200);
    const types = res.json();
    expect(types.map((x: { type: string }) => x.type)).toEqual([...POST_TYPE_KEYS]);
    const circular = types.find((x: { type: string }) => x.type === 'circular');
    expect(circular).toMatchObject({ singular: 'Circular', plural: 'Circulares', icon: 'file-description', color: '#1C89B8', visible: true });
    expect(circular.names.en).toEqual({ singular: 'Circular', plural: 'Circulars' });
    expect(types.find((x: { type: string }) => x.type === 'urgent_notice')).toMatchObject({ singular: 'Aviso urgente', plural: 'Avisos urgentes' });
    expect(types.find((x: { type: string }) => x.type === 'urgent_notice').names.de).toEqual({ singular: 'Dringende Mitteilung', plural: 'Dringende Mitteilungen' });
  });

  it('falls back to English for a person without a language, and speaks German to a German reader', async () => {
    await t.db.updateTable('people').set({ language: null }).where('org_id', '=', w.school.id).where('id', '=', w.teacherB.id).execute();
    const english = (await as(t, w.teacherB, 'GET', 'post-types')).json();
    expect(english.find((x: { type: string }) => x.type === 'urgent_notice')).toMatchObject({ singular: 'Urgent notice', plural: 'Urgent notices' });
    await t.db.updateTable('people').set({ language: 'de' }).where('org_id', '=', w.school.id).where('id', '=', w.teacherB.id).execute();
    const german = (await as(t, w.teacherB, 'GET', 'post-types')).json();
    expect(german.find((x: { type: string }) => x.type === 'poll')).toMatchObject({ singular: 'Umfrage', plural: 'Umfragen' });
  });

  it('lets administrators rename, recolour and hide a kind; the answer is the updated kind', async () => {
    const res = await as(t, w.admin, 'PUT', 'post-types/news', { names: { es: { singular: 'Novedad', plural: 'Novedades' } }, color: '#112233', visible: false, icon: 'news' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'news', singular: 'Novedad', plural: 'Novedades', color: '#112233', visible: false });
    expect(res.json().names.en).toEqual({ singular: 'News item', plural: 'News' });
    const listed = (await as(t, w.parentB, 'GET', 'post-types')).json().find((x: { type: string }) => x.type === 'news');
    expect(listed).toMatchObject({ singular: 'Novedad', visible: false });
    // Norte's kind of the same key is untouched.
    const norte = (await as(t, w.otherAdmin, 'GET', 'post-types')).json().find((x: { type: string }) => x.type === 'news');
    expect(norte).toMatchObject({ singular: 'Noticia', visible: true, color: '#5C7CFA' });
  });

  it('refuses bad input with 400 and everyone but administrators with 403', async () => {
    for (const body of [{ color: 'red' }, { icon: 'Bad Icon!' }, { names: { xx: { singular: 'a', plural: 'b' } } }, { names: { es: { singular: '', plural: 'b' } } }, { shape: 'round' }]) {
      const res = await as(t, w.admin, 'PUT', 'post-types/circular', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await as(t, w.admin, 'PUT', 'post-types/gossip', { visible: false })).statusCode).toBe(400);
    for (const person of [w.teacherA, w.parentA, w.studentA, w.employee, w.driver]) {
      expect((await as(t, person, 'PUT', 'post-types/circular', { visible: false })).statusCode).toBe(403);
    }
    // Norte's administrator on this school's base: a token of another school.
    const norteAdmin = await norteAccount(t, w, 'admin');
    const res = await t.request({ method: 'PUT', url: `/api/${w.school.code}/post-types/circular`, token: await t.signIn(norteAdmin), body: { visible: false } });
    expect([401, 403]).toContain(res.statusCode);
    expect((await as(t, w.parentA, 'GET', 'post-types')).json().find((x: { type: string }) => x.type === 'circular').visible).toBe(true);
  });

  it('gives every kind to a school created later, and to schools that lack them when the server starts', async () => {
    const fresh = await t.makeSchool();
    const admin = await t.makePerson(fresh, { role: 'admin' });
    expect((await as(t, admin, 'GET', 'post-types')).json()).toHaveLength(POST_TYPE_KEYS.length);

    const old = await t.makeSchool();
    await t.db.deleteFrom('post_types').where('org_id', '=', old.id).execute();
    const second = await buildApp(t.config);
    try {
      const rows = await t.db.selectFrom('post_types').select('key').where('org_id', '=', old.id).execute();
      expect(rows.map((r) => r.key).sort()).toEqual([...POST_TYPE_KEYS].sort());
    } finally {
      await second.close();
    }
  });
});
