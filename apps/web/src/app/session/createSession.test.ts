import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/renderApp';
import { validToken } from '../../test/makeToken';
import { createApiClient } from '../api/apiClient';
import { createSession } from './createSession';
import { INSTALL_ID_KEY, setPushTokenSource } from './device';
import { createSessionStore, SESSION_STORAGE_KEY } from './sessionStore';

const BASE = 'http://school.test/api/demo/';
const person = { id: 7, firstName: 'Ana', lastName: 'Ruiz', lastName2: null, avatar: null };

function setUp(routes: Parameters<typeof mockFetch>[0], isNative = false) {
  const { fetchMock, calls } = mockFetch(routes);
  vi.stubGlobal('fetch', fetchMock);
  const store = createSessionStore({ storage: localStorage });
  store.update({ url: BASE });
  const api = createApiClient({ getBaseUrl: () => store.getState().url, getToken: () => store.getState().token });
  const exitApp = vi.fn();
  const session = createSession({ store, api, storage: localStorage, isNativeApp: () => isNative, exitApp });
  return { store, session, calls, exitApp };
}

describe('session (spec §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    setPushTokenSource({ getToken: async () => null, unsubscribe: async () => {} });
  });

  it('authenticate sets the token, loads the person with the bearer token and skips push without a push token', async () => {
    const token = validToken(7);
    const { store, session, calls } = setUp({ [`${BASE}people/7`]: { body: person } });
    await session.authenticate(token);
    expect(store.getState()).toMatchObject({ token, user: person });
    const headers = new Headers(calls[0].init?.headers);
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET ${BASE}people/7`]);
  });

  it("authenticate switches to the person's own language, whatever the sign-in screens were in", async () => {
    const { store, session } = setUp({ [`${BASE}people/7`]: { body: { ...person, language: 'de' } } });
    store.update({ language: 'fr' });
    await session.authenticate(validToken(7));
    expect(store.getState().language).toBe('de');
    const spanish = setUp({ [`${BASE}people/7`]: { body: { ...person, language: 'es' } } });
    await spanish.session.authenticate(validToken(7));
    expect(spanish.store.getState().language).toBe('es-CO');
  });

  it('authenticate keeps the language of the sign-in screens for a person without one', async () => {
    const { store, session } = setUp({ [`${BASE}people/7`]: { body: person } });
    store.update({ language: 'it' });
    await session.authenticate(validToken(7));
    expect(store.getState().language).toBe('it');
  });

  it('restores the person of a kept token once, however many ask at the same time', async () => {
    const { store, session, calls } = setUp({ [`${BASE}people/7`]: { body: person } });
    store.update({ token: validToken(7) });
    await Promise.all([session.restore(), session.restore()]);
    expect(store.getState().user).toEqual(person);
    await session.restore();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET ${BASE}people/7`]);
  });

  it('authenticate registers the device once a push token exists', async () => {
    setPushTokenSource({ getToken: async () => 'push-address', unsubscribe: async () => {} });
    const { session, calls } = setUp({
      [`${BASE}people/7`]: { body: person },
      [`POST ${BASE}people/7/devices`]: { status: 201, body: {} },
    });
    await session.authenticate(validToken(7));
    const registration = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(registration?.init?.body))).toMatchObject({
      token: 'push-address',
      platform: 'web',
      uuid: localStorage.getItem(INSTALL_ID_KEY),
    });
  });

  it('authenticate refuses a malformed token before storing anything', async () => {
    const { store, session } = setUp({});
    await expect(session.authenticate('a.b')).rejects.toThrow('JWT must have 3 parts');
    expect(store.getState().token).toBeNull();
  });

  it('logout deletes the device, clears local storage but keeps the install id, and signs out', async () => {
    const { store, session, calls } = setUp({
      [`${BASE}people/7`]: { body: person },
      [`DELETE ${BASE}people/7/devices/install-1`]: { status: 500, body: { error: 'boom', message: 'x' } },
    });
    await session.authenticate(validToken(7));
    localStorage.setItem(INSTALL_ID_KEY, 'install-1');
    localStorage.setItem('some.cache', 'x');
    await session.logout();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/devices/install-1'))).toBe(true);
    expect(localStorage.getItem('some.cache')).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(INSTALL_ID_KEY)).toBe('install-1');
    expect(store.getState()).toMatchObject({ token: null, user: null, url: BASE });
  });

  it('logout exits the mobile app after 800 ms', async () => {
    vi.useFakeTimers();
    const { session, exitApp } = setUp({}, true);
    await session.logout();
    vi.advanceTimersByTime(799);
    expect(exitApp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(exitApp).toHaveBeenCalledOnce();
  });

  it('reset clears url, token, user and settings', () => {
    const { store, session } = setUp({});
    store.update({ token: validToken(), user: person, settings: { title: 'x', color: '#000', logo: null, signIn: { google: false, office: false, apple: false } } });
    session.reset();
    expect(store.getState()).toMatchObject({ url: null, token: null, user: null, settings: null });
  });
});
