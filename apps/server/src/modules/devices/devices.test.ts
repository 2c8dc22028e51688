import { expect, it } from 'vitest';
import { findDevices } from './devices.queries';
import { describeOnDatabases } from '../../test/harness';

const device = { token: 'push-token-1', platform: 'android', model: 'Pixel 8', uuid: 'uuid-1' };

describeOnDatabases('devices', (t) => {
  it('registers, updates by uuid and removes a device of the person', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const token = await t.signIn(ana);
    const url = `/api/${school.code}/people/${ana.id}/devices`;

    const created = await t.request({ method: 'POST', url, token, body: device });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ uuid: 'uuid-1', platform: 'android', model: 'Pixel 8' });
    expect(created.json().token).toBeUndefined();

    const updated = await t.request({ method: 'POST', url, token, body: { ...device, token: 'push-token-2' } });
    expect(updated.statusCode).toBe(201);
    const rows = await findDevices(t.db, school.id, ana.id);
    expect(rows).toEqual([{ uuid: 'uuid-1', token: 'push-token-2', platform: 'android', model: 'Pixel 8' }]);

    expect((await t.request({ method: 'DELETE', url: `${url}/uuid-1`, token })).statusCode).toBe(204);
    expect(await findDevices(t.db, school.id, ana.id)).toEqual([]);
    const again = await t.request({ method: 'DELETE', url: `${url}/uuid-1`, token });
    expect(again.statusCode).toBe(404);
  });

  it("moves a device to whoever signs in on it next", async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const bea = await t.makePerson(school);
    await t.request({ method: 'POST', url: `/api/${school.code}/people/${ana.id}/devices`, token: await t.signIn(ana), body: device });
    await t.request({ method: 'POST', url: `/api/${school.code}/people/${bea.id}/devices`, token: await t.signIn(bea), body: device });
    expect(await findDevices(t.db, school.id, ana.id)).toEqual([]);
    expect(await findDevices(t.db, school.id, bea.id)).toHaveLength(1);
  });

  it("refuses someone else's devices with 403, even for an admin", async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const admin = await t.makePerson(school, { role: 'admin' });
    const url = `/api/${school.code}/people/${ana.id}/devices`;
    await t.request({ method: 'POST', url, token: await t.signIn(ana), body: device });
    const token = await t.signIn(admin);
    expect((await t.request({ method: 'POST', url, token, body: device })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `${url}/uuid-1`, token })).statusCode).toBe(403);
    expect(await findDevices(t.db, school.id, ana.id)).toHaveLength(1);
  });

  it('validates the registration with field details', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const res = await t.request({
      method: 'POST',
      url: `/api/${school.code}/people/${ana.id}/devices`,
      token: await t.signIn(ana),
      body: { platform: 'ios' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['token', 'uuid']);
  });

  it("takes a browser's PushSubscription only when it is one, on https", async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const url = `/api/${school.code}/people/${ana.id}/devices`;
    const token = await t.signIn(ana);
    const keys = { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };
    const web = (subscription: unknown) => ({ token: JSON.stringify(subscription), platform: 'web', model: 'Firefox', uuid: 'browser-1' });
    const refused = [
      [web({ endpoint: 'https://push.example.org/x' }), 'invalid_subscription'],
      [web({ endpoint: 'https://push.example.org/x', keys: { ...keys, auth: 'short' } }), 'invalid_subscription'],
      [{ ...web({}), token: 'not json' }, 'invalid_subscription'],
      [web({ endpoint: 'http://push.example.org/x', keys }), 'endpoint_not_allowed'],
      [web({ endpoint: 'file:///etc/passwd', keys }), 'endpoint_not_allowed'],
      [web({ endpoint: 'https://user:secret@push.example.org/x', keys }), 'endpoint_not_allowed'],
    ] as const;
    for (const [body, error] of refused) {
      const res = await t.request({ method: 'POST', url, token, body });
      expect(res.statusCode, body.token).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect(await findDevices(t.db, school.id, ana.id)).toEqual([]);
    const ok = await t.request({ method: 'POST', url, token, body: web({ endpoint: 'https://push.example.org/x', keys }) });
    expect(ok.statusCode).toBe(201);
  });
});
