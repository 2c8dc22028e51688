import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeToken, validToken } from '../../test/makeToken';
import { createSessionStore, isSignedIn, SESSION_STORAGE_KEY } from './sessionStore';

const stored = () => JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null');

describe('session store (spec §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves url, language and token 420 ms after the last change, not before', () => {
    const store = createSessionStore({ storage: localStorage });
    store.update({ url: 'http://x/api/demo/' });
    vi.advanceTimersByTime(300);
    store.update({ language: 'de' });
    vi.advanceTimersByTime(419);
    expect(stored()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(stored()).toMatchObject({ url: 'http://x/api/demo/', language: 'de', token: null });
  });

  it('never stores the person or the settings', () => {
    const store = createSessionStore({ storage: localStorage });
    store.update({ user: { id: 1, firstName: 'Ana', lastName: 'Ruiz', lastName2: null, avatar: null } });
    vi.advanceTimersByTime(420);
    expect(stored()).not.toHaveProperty('user');
    expect(stored()).not.toHaveProperty('settings');
  });

  it('restores a stored session, defaulting to es-CO', () => {
    const token = validToken();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ url: 'http://x/api/demo/', token }));
    const store = createSessionStore({ storage: localStorage });
    expect(store.getState()).toMatchObject({ url: 'http://x/api/demo/', token, language: 'es-CO' });
    expect(isSignedIn(store.getState())).toBe(true);
  });

  it('treats an expired or unreadable token at start as signed out', () => {
    const expired = makeToken({ sub: '7', uid: 7, org: 'demo', iat: 1, exp: 2 });
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ url: 'http://x/', token: expired }));
    expect(createSessionStore({ storage: localStorage }).getState().token).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ url: 'http://x/', token: 'not-a-jwt' }));
    expect(createSessionStore({ storage: localStorage }).getState().token).toBeNull();
  });

  it('keeps a token without expiry', () => {
    const forever = makeToken({ sub: '7', uid: 7, org: 'demo', iat: 1 });
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ url: 'http://x/', token: forever }));
    expect(createSessionStore({ storage: localStorage }).getState().token).toBe(forever);
  });

  it('writes a pending save at once on flush', () => {
    const store = createSessionStore({ storage: localStorage });
    store.update({ language: 'fr' });
    store.flush();
    expect(stored()).toMatchObject({ language: 'fr' });
  });
});
