import { screen, waitFor, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { deckRoutes } from '../../app/routes';
import { deckTabs } from '../../app/deck/deckTabs';
import { BASE, stubFetch } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { NotAvailablePage } from '../placeholder/NotAvailablePage';
import { POST_TYPES } from '../posts/posts.fixtures';

const session = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(3) });
const me = (extra: Record<string, unknown> = {}) => ({
  body: { id: 3, firstName: 'Laura', lastName: 'Ruiz', lastName2: null, avatar: null, relatives: [], groups: [], ...extra },
});
const TEACHES_7A = { groups: [{ nodeId: 70, nodeName: '7A', typeKey: 'course', role: 'teacher', enrollmentStatus: null, outcome: null, schoolYear: '2026' }] };

async function open(path: string) {
  const app = await renderApp({ path, session: session() });
  await app.services.session.restore();
  return app;
}

/** The addresses the tiles (or More's rows) lead to, once the list stops changing. */
async function linksOf(name: string): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name }, { timeout: 15_000 });
  await new Promise((resolve) => setTimeout(resolve, 100));
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href') ?? '');
}

describe('the launcher', { timeout: 30_000 }, () => {
  it('item /launcher: the four tabs and exactly the More entries the person may open, as tiles', async () => {
    const routes = { 'GET people/3': me(), 'POST allowed': { body: { '/registrations': true, '/nodes': true } }, 'GET post-types': { body: POST_TYPES } };
    vi.stubGlobal('fetch', stubFetch(BASE, routes).fetchMock);
    const more = await open('/more');
    await screen.findByRole('link', { name: 'Registros de familias' });
    const moreLinks = (await Promise.all(['Mensajería', 'Colegio', 'Cuenta'].map(linksOf))).flat();
    more.unmount();
    localStorage.clear();

    vi.stubGlobal('fetch', stubFetch(BASE, routes).fetchMock);
    await open('/launcher');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accesos directos' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Registros de familias' });
    const tiles = await linksOf('Módulos');
    const tabs = deckTabs.filter((tab) => tab.key !== 'more').map((tab) => tab.to);
    // One source: the tabs, then More's entries in More's order, nothing else.
    expect(tiles).toEqual([...tabs, ...moreLinks]);
    expect(tiles).toContain('/nodes');
    expect(tiles).not.toContain('/launcher');
    expect(within(screen.getByRole('navigation', { name: 'Módulos' })).getByRole('link', { name: 'Cartelera' }).getAttribute('href')).toBe('/highlights');
  });

  it('item /launcher: every tile opens a built screen, never the "not available yet" page', async () => {
    const everything = { '/registrations': true, '/nodes': true, '/admin/jobs': true, 'billing/debtors': true, 'attendance/day': true, 'PUT post-types/message': true, invitations: true };
    const hidden = POST_TYPES.map((type) => (type.type === 'message' ? { ...type, visible: false } : type));
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET people/3': me({ roles: ['teacher'] }), 'POST allowed': { body: everything }, 'GET post-types': { body: hidden } }).fetchMock);
    await open('/launcher');
    await screen.findByRole('link', { name: /Mensajes ocultos/ });
    await screen.findByRole('link', { name: 'Tareas en segundo plano' });
    for (const path of await linksOf('Módulos')) {
      const matched = matchRoutes(deckRoutes, path);
      const route = matched?.[matched.length - 1]?.route;
      expect(route?.path, path).not.toBe('*');
      const loaded = typeof route?.lazy === 'function' ? await route.lazy() : route;
      expect(loaded?.Component, path).toBeTruthy();
      expect(loaded?.Component, path).not.toBe(NotAvailablePage);
    }
  });

  it('item /launcher: leaves out what POST allowed refuses, children and hidden messages where they do not apply', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET people/3': me(), 'POST allowed': { body: {} }, 'GET post-types': { body: POST_TYPES } }).fetchMock);
    await open('/launcher');
    expect(await screen.findByRole('link', { name: 'Mi perfil' })).toBeTruthy();
    const tiles = await linksOf('Módulos');
    for (const staffOnly of ['/registrations', '/nodes', '/admin/jobs', '/billing/admin', '/post/types', '/admin/invitations', '/attendance/admin']) {
      expect(tiles, staffOnly).not.toContain(staffOnly);
    }
    expect(tiles).not.toContain('/people/3/children');
    expect(tiles).not.toContain('/hidden');
    expect(tiles).toContain('/person/3/profile');
    expect(tiles).toContain('/billing/3');
  });

  it('item /launcher: shows what waits on each tile: unread threads, families to decide, turn-ins to review, hidden unread', async () => {
    const hidden = POST_TYPES.map((type) => (type.type === 'message' ? { ...type, visible: false } : type));
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET people/3': me({ ...TEACHES_7A, roles: ['teacher'] }),
      'POST allowed': { body: { '/registrations': true } },
      'GET post-types': { body: hidden },
      'GET people/3/threads2/types?limit=100': {
        body: [
          { id: 'circular', singular: 'Circular', plural: 'Circulares', icon: 'file-text', color: '#1971c2', unread: 2 },
          { id: 'news', singular: 'Noticia', plural: 'Noticias', icon: 'news', color: '#1971c2', unread: 1 },
        ],
        headers: { 'X-Total-Count': '2' },
      },
      'GET registrations?status=pending&limit=1': { body: [{ personId: 40 }], headers: { 'X-Total-Count': '4' } },
      'GET people/3/threads/feed?hidden=true&status=unread&limit=1': { body: [], headers: { 'X-Total-Count': '5' } },
      'GET teaching/3': {
        body: {
          groups: [
            { id: 70, name: '7A', students: 3, tasks: 4, toReview: 2, completion: 0.8, nextDueDate: null },
            { id: 71, name: '8B', students: 28, tasks: 2, toReview: 4, completion: null, nextDueDate: null },
          ],
          upcoming: [],
          toReview: [],
        },
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await open('/launcher');
    const nav = await screen.findByRole('navigation', { name: 'Módulos' }, { timeout: 15_000 });
    expect(await within(nav).findByRole('link', { name: 'Mensajes (3 conversaciones sin leer)' })).toBeTruthy();
    expect(await within(nav).findByRole('link', { name: 'Registros de familias (4 familias esperan una decisión)' })).toBeTruthy();
    expect(await within(nav).findByRole('link', { name: 'Aula (6 entregas por revisar)' })).toBeTruthy();
    expect(await within(nav).findByRole('link', { name: 'Mensajes ocultos (5 mensajes ocultos sin leer)' })).toBeTruthy();
    // Each count reads one row at most: the totals come from X-Total-Count.
    expect(calls.filter((c) => c.url.includes('registrations')).map((c) => c.url)).toEqual([`${BASE}registrations?status=pending&limit=1`]);
  });

  it('item /launcher: asks no count a person has no use for (no teaching, no registrations)', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'GET people/3': me(), 'POST allowed': { body: {} }, 'GET post-types': { body: POST_TYPES } });
    vi.stubGlobal('fetch', fetchMock);
    await open('/launcher');
    expect(await screen.findByRole('link', { name: 'Mi perfil' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('post-types'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.some((c) => c.url.includes('teaching/'))).toBe(false);
    expect(calls.some((c) => c.url.includes('registrations'))).toBe(false);
    expect(calls.some((c) => c.url.includes('hidden=true'))).toBe(false);
  });

  it('is reached from More', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET people/3': me(), 'POST allowed': { body: {} } }).fetchMock);
    await open('/more');
    expect((await screen.findByRole('link', { name: 'Accesos directos' })).getAttribute('href')).toBe('/launcher');
  });
});
