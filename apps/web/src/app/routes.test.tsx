import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../test/makeToken';
import { mockFetch, renderApp } from '../test/renderApp';
import { deckRoutes } from './routes';

const BASE = 'http://school.test/api/demo/';
const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Los Andes', logo: null }, language: 'es-CO', token: validToken(7) });

describe('routes and guard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a newcomer from / to /code', async () => {
    const { router } = await renderApp({ path: '/' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/code'));
  });

  it('sends a guest with a school to /login', async () => {
    const { router } = await renderApp({ path: '/inbox', session: { ...signedIn(), token: null } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Finbox');
  });

  it('redirects a signed-in / to the highlights inside the deck', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    const { router } = await renderApp({ path: '/', session: signedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/highlights'));
    expect(await screen.findByRole('navigation', { name: 'Navegación principal' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cartelera' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the honest not-available page naming the screen, with a way back', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    await renderApp({ path: '/dashboard/3', session: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tablero de datos' })).toBeTruthy();
    expect(screen.getByText(/«Tablero de datos» llegará en una próxima versión de Patio/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver a la página anterior' })).toBeTruthy();
  });

  it('names the deepest screen of a nested route', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    await renderApp({ path: '/highlights/threads/feed/12', session: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversación' })).toBeTruthy();
  });

  it('shows a translated not-found page for unknown paths', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    await renderApp({ path: '/no/such/page', session: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeTruthy();
  });

  it('registers every screen of the spec §2 table lazily, with its metadata', () => {
    const paths = deckRoutes.flatMap((r) => [r.path, ...(r.children ?? []).map((c) => `${r.path}/${c.path}`)]);
    for (const path of ['highlights', 'highlights/threads/feed/:threadId', 'dashboard/:dashboardId', 'inbox', 'calendar/threads/feed/:threadId', 'launcher', 'id', 'hidden', 'threads/feed/:threadId', 'archive', 'trash', 'compose', 'sent', 'sent/:postId', 'classroom', 'people/:personId/classroom/:groupId/posts/:postId', 'people/:personId/children', 'teaching/:personId', 'billing/:personId', 'billing/debits/:debitId', 'billing/credits/:creditId', 'billing/admin', 'people', 'person/:personId', 'settings', 'settings/notifications', 'post/types/:type', 'attendance/admin', 'attendance/checkpoint/:nodeId', 'transport/routes', 'transport/routes/:routeId/log', 'transport/routes/:routeId/map', 'transport/routes/:routeId/setup', 'geo/targets/:targetId', 'geo/feed', 'nodes', 'nodes/:nodeId/posts/:type', 'nodes/:nodeId/people', 'nodes/:nodeId/nodes', 'nodes/:nodeId/import', 'test/calendar/calendar/thread/:threadId', 'test/popups', 'test/datepicker']) {
      expect(paths, path).toContain(path);
    }
    // Every screen is its own chunk; a route that only redirects (people/:personId) has no screen.
    for (const route of deckRoutes.filter((r) => !r.loader)) expect(typeof route.lazy, String(route.path)).toBe('function');
    expect(deckRoutes.find((r) => r.path === 'highlights')?.handle).toMatchObject({ order: 1, exitOnBack: true });
  });
});
