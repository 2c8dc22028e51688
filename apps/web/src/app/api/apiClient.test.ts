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
});
