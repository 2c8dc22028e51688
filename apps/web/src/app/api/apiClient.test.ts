import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/renderApp';
import { ApiError } from './ApiError';
import { createApiClient, resolveUrl } from './apiClient';
import { requestCounter } from './requestCounter';

const BASE = 'http://school.test/api/demo/';

describe('api client (spec §7, §8)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('trims the slashes of relative paths and joins them to the school base', () => {
    expect(resolveUrl(BASE, '/people/7/')).toEqual({ url: `${BASE}people/7`, relative: true });
    expect(resolveUrl(BASE, 'https://other.test/x')).toEqual({ url: 'https://other.test/x', relative: false });
  });

  it('sends the bearer token on relative paths only', async () => {
    const { fetchMock, calls } = mockFetch({ [`${BASE}a`]: { body: {} }, 'https://other.test/b': { body: {} } });
    vi.stubGlobal('fetch', fetchMock);
    const api = createApiClient({ getBaseUrl: () => BASE, getToken: () => 'tok' });
    await api.get('/a/');
    await api.get('https://other.test/b');
    expect(new Headers(calls[0].init?.headers).get('Authorization')).toBe('Bearer tok');
    expect(new Headers(calls[1].init?.headers).get('Authorization')).toBeNull();
  });

  it('throws non-OK answers as ApiError with status and JSON body, null when not JSON', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('json') ? new Response('{"error":"forbidden","message":"No"}', { status: 403 }) : new Response('<html>', { status: 502 }),
    );
    const api = createApiClient({ getBaseUrl: () => BASE, getToken: () => null });
    const json = await api.get('json').catch((e: unknown) => e);
    expect(json).toBeInstanceOf(ApiError);
    expect(json).toMatchObject({ status: 403, body: { error: 'forbidden', message: 'No' }, code: 'forbidden' });
    await expect(api.get('html')).rejects.toMatchObject({ status: 502, body: null });
  });

  it('reports a refused bearer token and counts requests in flight', async () => {
    let seen = -1;
    vi.stubGlobal('fetch', async () => {
      seen = requestCounter.get();
      return new Response(null, { status: 401 });
    });
    const onUnauthorized = vi.fn();
    const api = createApiClient({ getBaseUrl: () => BASE, getToken: () => 'tok', onUnauthorized });
    await expect(api.get('people/7')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toBe(1);
    expect(requestCounter.get()).toBe(0);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('item 2: a 401 for a token this device has already replaced (a password change) does not sign it out', async () => {
    let token = 'old';
    vi.stubGlobal('fetch', async () => {
      // The answer of the password change arrives while this request is on its way.
      token = 'new';
      return new Response('{"error":"token_revoked"}', { status: 401 });
    });
    const onUnauthorized = vi.fn();
    const api = createApiClient({ getBaseUrl: () => BASE, getToken: () => token, onUnauthorized });
    await expect(api.get('people/7')).rejects.toMatchObject({ status: 401, code: 'token_revoked' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a family still waiting for approval (403 registration_pending), and no other refusal', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      new Response(JSON.stringify({ error: url.endsWith('people') ? 'registration_pending' : 'forbidden', message: 'No' }), { status: 403 }),
    );
    const onRegistrationPending = vi.fn();
    const api = createApiClient({ getBaseUrl: () => BASE, getToken: () => 'tok', onRegistrationPending });
    await expect(api.get('nodes')).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expect(onRegistrationPending).not.toHaveBeenCalled();
    await expect(api.get('people')).rejects.toMatchObject({ status: 403, code: 'registration_pending' });
    expect(onRegistrationPending).toHaveBeenCalledOnce();
  });

  it('reads a page with its X-Total-Count total, the query serialised and the bearer sent', async () => {
    let seen: { url: string; auth: string | null } | null = null;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen = { url, auth: new Headers(init.headers).get('Authorization') };
      return new Response('[{"id":1},{"id":2}]', { status: 200, headers: { 'X-Total-Count': '120' } });
    });
    const api = createApiClient({ getBaseUrl: () => BASE, getToken: () => 'tok' });
    const page = await api.getPage<{ id: number }>('/people/', { query: { q: 'ana gómez', role: '', page: 2, limit: 50 } });
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 120 });
    expect(seen).toEqual({ url: `${BASE}people?q=ana%20g%C3%B3mez&page=2&limit=50`, auth: 'Bearer tok' });
  });

  it('counts the items when a page has no total header, and reads the {items,total} shape', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url.includes('wrapped') ? new Response('{"items":[{"id":3}],"total":"7"}') : new Response('[{"id":1},{"id":2}]'),
    );
    const api = createApiClient({ getBaseUrl: () => BASE, getToken: () => null });
    expect(await api.getPage('bare')).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(await api.getPage('wrapped')).toEqual({ items: [{ id: 3 }], total: 7 });
  });

  it('handles a refused page like any request: 401 reported, ApiError thrown', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"error":"unauthorized"}', { status: 401 }));
    const onUnauthorized = vi.fn();
    const api = createApiClient({ getBaseUrl: () => BASE, getToken: () => 'tok', onUnauthorized });
    await expect(api.getPage('people', { query: { page: 1 } })).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(requestCounter.get()).toBe(0);
  });
});
