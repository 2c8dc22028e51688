import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../test/makeToken';
import { mockFetch, renderApp } from '../test/renderApp';

// The first screen a guest sees must not wait for the signed-in screens: opening / sends them to
// /code (or /login) directly, and the chunk of the deck's screens (the highlights) is never asked for.
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('../features/highlights/HighlightsPage', async (original) => {
  loaded.push('HighlightsPage');
  return original();
});

const BASE = 'http://school.test/api/demo/';
const school = { code: 'demo', title: 'Colegio Los Andes', logo: null };

describe('a guest opening /', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const visited = (router: Awaited<ReturnType<typeof renderApp>>['router']) => {
    const paths = [router.state.location.pathname];
    router.subscribe((state) => paths.push(state.location.pathname, state.navigation.location?.pathname ?? ''));
    return paths;
  };

  it('goes straight to /code with no school, without loading the highlights screen', async () => {
    const { router } = await renderApp({ path: '/' });
    const paths = visited(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/code'));
    expect(router.state.location.search).toBe('');
    expect(paths).not.toContain('/highlights');
    expect(loaded).toEqual([]);
  });

  it('goes straight to /login with a school chosen, keeping no next for the home page', async () => {
    const { router } = await renderApp({ path: '/', session: { url: BASE, school, language: 'es-CO', token: null } });
    const paths = visited(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(paths).not.toContain('/highlights');
    expect(loaded).toEqual([]);
  });

  it('still lands a signed-in person on the highlights', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    const { router } = await renderApp({ path: '/', session: { url: BASE, school, language: 'es-CO', token: validToken(7) } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/highlights'));
    await waitFor(() => expect(loaded).toEqual(['HighlightsPage']));
  });
});
