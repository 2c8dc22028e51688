import { DEFAULT_NOTIFICATION_SETTINGS } from '@patio/core';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld } from '../../test/world';
import { as } from '../posts/posts.fixtures';

const chosen = {
  channels: { email: true, sms: true, ios: false, android: true, web: false },
  types: { news: { email: false }, urgent_notice: { sms: true, web: true } },
  quietHours: { start: '22:00', end: '06:30' },
  digest: true,
  digestTime: '07:15',
  guardianSummary: true,
};

describeOnDatabases('notification settings', (t) => {
  it('start from the defaults, then keep what the person chose', async () => {
    const w = await makeWorld(t);
    const path = `people/${w.parentA.id}/settings/notifications`;
    const first = await as(t, w.parentA, 'GET', path);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(first.json()).toMatchObject({ channels: { email: true, sms: false, ios: true, android: true, web: true }, quietHours: null, digest: false });

    const saved = await as(t, w.parentA, 'PUT', path, chosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(chosen);
    expect((await as(t, w.parentA, 'GET', path)).json()).toEqual(chosen);
    // Someone else's settings are untouched.
    expect((await as(t, w.parentB, 'GET', `people/${w.parentB.id}/settings/notifications`)).json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('refuse bad input with the field named, and change nothing', async () => {
    const w = await makeWorld(t);
    const path = `people/${w.parentB.id}/settings/notifications`;
    await as(t, w.parentB, 'PUT', path, chosen);
    const bad = [
      { ...chosen, quietHours: { start: '25:00', end: '06:00' } },
      { ...chosen, digestTime: '7:15' },
      { ...chosen, channels: { ...chosen.channels, fax: true } },
      { ...chosen, types: { gossip: { email: false } } },
      { ...chosen, channels: { email: true } },
      { ...chosen, digest: 'yes' },
      { ...chosen, quietHours: { start: '22:00\u0000', end: '06:00' } },
      { ...chosen, types: { news: { email: 'x'.repeat(100_000) } } },
    ];
    for (const body of bad) {
      const res = await as(t, w.parentB, 'PUT', path, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await as(t, w.parentB, 'GET', path)).json()).toEqual(chosen);
  });

  it('keep one row under 20 parallel writes', async () => {
    const w = await makeWorld(t);
    const path = `people/${w.teacherA.id}/settings/notifications`;
    const writes = Array.from({ length: 20 }, (_, i) => as(t, w.teacherA, 'PUT', path, { ...chosen, digestTime: `07:${String(i).padStart(2, '0')}` }));
    expect((await Promise.all(writes)).map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.db.selectFrom('notification_settings').select('settings').where('org_id', '=', w.school.id).where('person_id', '=', w.teacherA.id).execute();
    expect(rows).toHaveLength(1);
    expect((await as(t, w.teacherA, 'GET', path)).json().digestTime).toMatch(/^07:(0\d|1\d)$/);
  });

  it("are nobody else's: a relative, an administrator and another school get 403", async () => {
    const w = await makeWorld(t);
    const path = `people/${w.studentA.id}/settings/notifications`;
    for (const caller of [w.parentA, w.admin, w.teacherA]) {
      expect((await as(t, caller, 'GET', path)).statusCode).toBe(403);
      expect((await as(t, caller, 'PUT', path, chosen)).statusCode).toBe(403);
    }
    const norte = await t.request({ method: 'GET', url: `/api/${w.school.code}/${path}`, token: await t.signIn(w.otherAdmin) });
    expect([401, 403]).toContain(norte.statusCode);
  });

  it('GET vue/settings gives browsers the VAPID public key to subscribe with', async () => {
    const w = await makeWorld(t);
    const res = await t.request({ method: 'GET', url: `/api/${w.school.code}/vue/settings` });
    expect(res.statusCode).toBe(200);
    // An uncompressed P-256 point, base64url: 65 bytes.
    expect(Buffer.from(res.json().vapidPublicKey, 'base64url')).toHaveLength(65);
    const again = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/vue/settings` });
    expect(again.json().vapidPublicKey).toBe(res.json().vapidPublicKey);
  });
});
