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
    await renderApp({ path: '/test/popups', session: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prueba de ventanas emergentes' })).toBeTruthy();
    expect(screen.getByText(/«Prueba de ventanas emergentes» llegará en una próxima versión de Patio/)).toBeTruthy();
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
    for (const path of ['highlights', 'highlights/threads/feed/:threadId', 'dashboard/:dashboardId', 'inbox', 'calendar/threads/feed/:threadId', 'launcher', 'id', 'hidden', 'threads/feed/:threadId', 'archive', 'trash', 'compose', 'sent', 'sent/:postId', 'classroom', 'people/:personId/classroom/:groupId/posts/:postId', 'people/:personId/children', 'teaching/:personId', 'billing/:personId', 'billing/debits/:debitId', 'billing/credits/:creditId', 'billing/admin', 'people', 'person/:personId', 'settings', 'settings/notifications', 'post/types/:type', 'attendance/admin', 'attendance/checkpoint/:nodeId', 'transport/routes', 'transport/routes/:routeId/log', 'transport/routes/:routeId/map', 'transport/routes/:routeId/setup', 'geo/targets/:targetId', 'geo/feed', 'nodes', 'nodes/:nodeId/posts/:type', 'nodes/:nodeId/people', 'nodes/:nodeId/nodes', 'nodes/:nodeId/import', 'test/calendar/calendar/thread/:threadId', 'test/popups', 'test/datepicker', 'admin/extracurricular', 'admin/dashboards', 'admin/test', 'admin/blocks/:blockId', 'admin/jobs', 'admin/sign-in', 'admin/invitations', 'person/:personId/announcements', 'person/:personId/highlights', 'person/:personId/calendar', 'person/:personId/mail', 'person/:personId/profile', 'person/:personId/blocks/:blockId']) {
      expect(paths, path).toContain(path);
    }
    // Every screen is its own chunk; a route that only redirects (people/:personId) has no screen.
    for (const route of deckRoutes.filter((r) => !r.loader)) expect(typeof route.lazy, String(route.path)).toBe('function');
    expect(deckRoutes.find((r) => r.path === 'highlights')?.handle).toMatchObject({ order: 1, exitOnBack: true });
  });

  it('item 1: the admin tab and the person tab are declared by their routes, with a screen for every child', () => {
    const admin = deckRoutes.find((r) => r.path === 'admin');
    const person = deckRoutes.find((r) => r.path === 'person/:personId');
    expect(admin?.handle).toMatchObject({ screen: 'admin', workspace: 'admin' });
    expect(person?.handle).toMatchObject({ screen: 'person', workspace: 'person' });
    for (const child of [...(admin?.children ?? []), ...(person?.children ?? [])]) expect(typeof child.lazy, String(child.path)).toBe('function');
    expect(admin?.children?.some((c) => c.index)).toBe(true);
    expect(person?.children?.some((c) => c.index)).toBe(true);
    // The admin pages outside the tab keep their own routes.
    for (const path of ['admin/jobs', 'admin/sign-in', 'admin/invitations']) expect(deckRoutes.find((r) => r.path === path)?.handle, path).not.toHaveProperty('workspace');
  });
});
