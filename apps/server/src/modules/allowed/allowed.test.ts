import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { parseAllowedPath } from './allowed.service';

describeOnDatabases('POST allowed', (t) => {
  it('answers exactly what the endpoints then do', async () => {
    const school = await t.makeSchool();
    const child = await t.makePerson(school, { role: 'student' });
    const parent = await t.makePerson(school, { relativeOf: child });
    const admin = await t.makePerson(school, { role: 'admin' });
    const paths = [
      `people/${child.id}`,
      `people/${parent.id}`,
      'people/999999',
      `POST people/${child.id}/login-tokens`,
      `POST people/${parent.id}/devices`,
      `POST people/${child.id}/devices`,
      `DELETE people/${parent.id}/devices/some-uuid`,
      'vue/settings',
      'vue/i18n/languages/es',
      'POST allowed',
    ];
    const bodies: Record<string, unknown> = {
      devices: { token: 't', platform: 'android', model: '', uuid: 'some-uuid' },
      'login-tokens': {},
      allowed: [],
    };
    for (const caller of [parent, admin]) {
      const token = await t.signIn(caller);
      const res = await t.request({ method: 'POST', url: `/api/${school.code}/allowed`, token, body: paths });
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      for (const entry of paths) {
        const { method, path } = parseAllowedPath(entry)!;
        const body = bodies[path.split('/').pop()!];
        const real = await t.request({ method, url: `/api/${school.code}/${path}`, token, body });
        // "Allowed" means the endpoint does not refuse (401/403/404); a missing resource counts as no.
        const permitted = ![401, 403, 404].includes(real.statusCode);
        expect({ caller: caller.username, entry, allowed: answer[entry] }).toEqual({ caller: caller.username, entry, allowed: permitted });
      }
    }
  });

  it('answers false for unknown, malformed and foreign paths and 401 for guests', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const token = await t.signIn(ana);
    const paths = ['nope', 'people/abc', 'PATCH people/1', 'FOO people/1', '', `/people/${ana.id}/`, `people/${ana.id}?x=1`];
    const res = await t.request({ method: 'POST', url: `/api/${school.code}/allowed`, token, body: paths });
    expect(res.json()).toEqual({
      nope: false,
      'people/abc': false,
      'PATCH people/1': false,
      'FOO people/1': false,
      '': false,
      [`/people/${ana.id}/`]: true,
      [`people/${ana.id}?x=1`]: true,
    });
    expect((await t.request({ method: 'POST', url: `/api/${school.code}/allowed`, body: paths })).statusCode).toBe(401);
    const notArray = await t.request({ method: 'POST', url: `/api/${school.code}/allowed`, token, body: { paths } });
    expect(notArray.statusCode).toBe(400);
  });
});

describeOnDatabases('POST allowed with hostile paths', (t) => {
  it('item 18: POST allowed answers false for constructor, __proto__ and prototype instead of dropping them', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const paths = ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'people/constructor', 'vue/settings'];
    const res = await t.request({ method: 'POST', url: `/api/${school.code}/allowed`, token: await t.signIn(ana), body: paths });
    expect(res.statusCode).toBe(200);
    // JSON.parse makes "__proto__" an own key, so a dropped path would show here.
    const answer = JSON.parse(res.body) as Record<string, boolean>;
    expect(Object.keys(answer).sort()).toEqual([...paths].sort());
    for (const path of paths) expect({ path, allowed: Object.getOwnPropertyDescriptor(answer, path)?.value }).toEqual({ path, allowed: path === 'vue/settings' });
  });

  it('item 10: a malformed %-escape in POST allowed answers 400 invalid_path, not a URIError 500', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    for (const bad of ['people/%E0%A4%A', 'people/%', `people/${ana.id}%ZZ`, 'POST people/%C0/devices']) {
      const res = await t.request({ method: 'POST', url: `/api/${school.code}/allowed`, token: await t.signIn(ana), body: ['vue/settings', bad] });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_path', message: expect.stringContaining('%-escape') });
    }
  });
});

