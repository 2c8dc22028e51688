import { expect, it } from 'vitest';
import { defaultMapTiles } from '../../config';
import { vapidKeysFor } from '../../platform/push/vapid-keys';
import { describeOnDatabases } from '../../test/harness';

describeOnDatabases('GET vue/settings', (t) => {
  it('answers defaults for a school without settings, without a token', async () => {
    const school = await t.makeSchool({ title: 'Colegio Sin Ajustes' });
    const res = await t.request({ method: 'GET', url: `/api/${school.code}/vue/settings` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      title: 'Colegio Sin Ajustes',
      color: '#1C89B8',
      logo: null,
      signIn: { google: false, office: false, apple: false },
      signInByEmail: false,
      signInLink: true,
      language: 'es',
      legacyHost: null,
      timeZone: 'America/Bogota',
      vapidPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
      mapTiles: defaultMapTiles,
    });
  });

  it('shows the public keys and which providers are configured, never their secrets', async () => {
    const school = await t.makeSchool({
      logo: 'https://example.com/logo.png',
      settings: {
        color: '#aa3300',
        public: { currencyPostfix: 'COP', tuCompra: true },
        signIn: { google: { clientId: 'g-id', clientSecret: 'g-secret' }, office: { clientId: '' }, apple: {} },
      },
    });
    const res = await t.request({ method: 'GET', url: `/api/${school.code}/vue/settings`, token: 'not-even-a-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      title: school.title,
      color: '#aa3300',
      logo: 'https://example.com/logo.png',
      signIn: { google: true, office: false, apple: false },
      signInByEmail: false,
      signInLink: true,
      language: 'es',
      legacyHost: null,
      timeZone: 'America/Bogota',
      currencyPostfix: 'COP',
      tuCompra: true,
      vapidPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
      mapTiles: defaultMapTiles,
    });
    expect(res.body).not.toContain('g-secret');
    // The private half of the push keys never leaves the server.
    expect(res.body).not.toContain(vapidKeysFor(t.config).privateKey);
  });

  it('answers 404 for an unknown school', async () => {
    expect((await t.request({ method: 'GET', url: '/api/zz-unknown/vue/settings' })).statusCode).toBe(404);
  });
});
