import { fireEvent, screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { deckRoutes } from '../../app/routes';
import { NotAvailablePage } from '../placeholder/NotAvailablePage';
import { moreSections } from './moreMenu';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';
import { POST_TYPES } from '../posts/posts.fixtures';

/** The app as main.tsx starts it: the signed-in user (GET people/{uid}) is restored at start. */
async function openMore() {
  const app = await renderApp({ path: '/more', session: session() });
  await app.services.session.restore();
  return app;
}

const session = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(3) });
const me = (relatives: Array<{ id: number; kind: string }>, roles: string[] = []) => ({
  body: {
    id: 3,
    roles,
    firstName: 'Laura',
    lastName: 'Ruiz',
    lastName2: null,
    avatar: null,
    relatives: relatives.map((r) => ({ ...r, firstName: `N${r.id}`, lastName: 'Ruiz', lastName2: null, avatar: null })),
  },
});

describe('more menu', { timeout: 20_000 }, () => {
  it('item 6: every entry opens a built screen, never the "not available yet" page', async () => {
    const entries = moreSections.flatMap((section) => section.entries);
    for (const entry of entries) {
      const matched = matchRoutes(deckRoutes, entry.path.replace('{uid}', '3'));
      const route = matched?.[matched.length - 1]?.route;
      expect(route?.path, entry.path).not.toBe('*');
      const loaded = typeof route?.lazy === 'function' ? await route.lazy() : route;
      expect(loaded?.Component, entry.path).toBeTruthy();
      expect(loaded?.Component, entry.path).not.toBe(NotAvailablePage);
    }
  });

  it('item 6: More offers "Aula" (issue 35) to everyone, and "Mensajes ocultos" only where the school hides a post type', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET people/3': me([{ id: 4, kind: 'daughter' }]), 'POST allowed': { body: {} }, 'GET post-types': { body: POST_TYPES } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect(await screen.findByRole('link', { name: 'Papelera' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aula' }).getAttribute('href')).toBe('/classroom');
    // Issue 37 §2: the term's activities, where families request places.
    expect(screen.getByRole('link', { name: 'Extraescolares' }).getAttribute('href')).toBe('/activities');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /Mensajes ocultos/ })).toBeNull();
  });

  it('issue 36 §3: offers "Mensajes ocultos" where the school hides a post type, with its unread count', async () => {
    const hiddenTypes = POST_TYPES.map((type) => (type.type === 'message' ? { ...type, visible: false } : type));
    const { fetchMock } = stubFetch(BASE, {
      'GET people/3': me([]),
      'POST allowed': { body: {} },
      'GET post-types': { body: hiddenTypes },
      'GET people/3/threads/feed?hidden=true&status=unread&limit=1': { body: [], headers: { 'X-Total-Count': '2' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    const entry = await screen.findByRole('link', { name: 'Mensajes ocultos (2 mensajes ocultos sin leer)' });
    expect(entry.getAttribute('href')).toBe('/hidden');
  });

  it('offers a parent their profile and their children', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET people/3': me([{ id: 4, kind: 'daughter' }]), 'POST allowed': { body: {} } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect((await screen.findByRole('link', { name: 'Mis hijos' })).getAttribute('href')).toBe('/people/3/children');
    expect(screen.getByRole('link', { name: 'Mi perfil' }).getAttribute('href')).toBe('/person/3/profile');
    expect(screen.getByRole('link', { name: 'Carné digital' }).getAttribute('href')).toBe('/id');
  });

  it('issue 36 §3: offers the school ID card to a student, and not to an adult without children', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET people/3': me([], ['student']), 'POST allowed': { body: {} } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect((await screen.findByRole('link', { name: 'Carné digital' })).getAttribute('href')).toBe('/id');
  });

  it('leaves out "My children" for someone without children', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'GET people/3': me([{ id: 2, kind: 'mother' }]), 'POST allowed': { body: {} } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect(await screen.findByRole('link', { name: 'Mi perfil' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === `${BASE}people/3`)).toBe(true));
    expect(screen.queryByRole('link', { name: 'Mis hijos' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Carné digital' })).toBeNull();
  });

  it('shows family registrations only when POST allowed says the person may list them', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'GET people/3': me([]), 'POST allowed': { body: { '/registrations': true } } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect((await screen.findByRole('link', { name: 'Registros de familias' })).getAttribute('href')).toBe('/registrations');
    const asked = JSON.parse(String(calls.find((c) => c.url.endsWith('allowed'))?.init?.body)) as string[];
    expect(asked).toContain('/registrations');
  });

  it('offers the background jobs when POST allowed says the person may open admin/jobs', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'GET people/3': me([]), 'POST allowed': { body: { '/admin/jobs': true } } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect((await screen.findByRole('link', { name: 'Tareas en segundo plano' })).getAttribute('href')).toBe('/admin/jobs');
    const asked = JSON.parse(String(calls.find((c) => c.url.endsWith('allowed'))?.init?.body)) as string[];
    expect(asked).toContain('/admin/jobs');
  });

  it('offers Groups only to those the server lets list groups (staff and drivers, never families or students)', async () => {
    for (const mayList of [true, false]) {
      const { fetchMock } = stubFetch(BASE, { 'GET people/3': me([]), 'POST allowed': { body: { '/nodes': mayList } } });
      vi.stubGlobal('fetch', fetchMock);
      const app = await openMore();
      expect(await screen.findByRole('link', { name: 'Mi perfil' })).toBeTruthy();
      if (mayList) expect((await screen.findByRole('link', { name: 'Grupos' })).getAttribute('href')).toBe('/nodes');
      else {
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(screen.queryByRole('link', { name: 'Grupos' })).toBeNull();
      }
      app.unmount();
      localStorage.clear();
    }
  });

  it('shows how many families wait for a decision, from the total of a one-family page', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET people/3': me([]),
      'POST allowed': { body: { '/registrations': true } },
      'GET registrations?status=pending&limit=1': { body: [{ personId: 40 }], headers: { 'X-Total-Count': '3' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    const entry = await screen.findByRole('link', { name: 'Registros de familias (3 familias esperan una decisión)' });
    expect(entry.textContent).toContain('3');
    // The badge never reads the whole list.
    expect(calls.filter((c) => c.url.includes('registrations')).map((c) => c.url)).toEqual([`${BASE}registrations?status=pending&limit=1`]);
  });

  it('asks for no count and shows no badge to those who may not decide registrations', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'GET people/3': me([]), 'POST allowed': { body: { '/registrations': false } } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect(await screen.findByRole('link', { name: 'Mi perfil' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.url.includes('registrations'))).toBe(false);
  });

  it('counts again after a decision', async () => {
    let pending = [40, 50];
    const family = (personId: number) => ({
      personId, firstName: `F${personId}`, lastName: 'Rojas', email: 'f@example.com', document: null, match: null, emailVerified: true,
      status: 'pending', createdAt: '2026-03-02T15:00:00.000Z', children: [], relatives: [],
    });
    const { fetchMock } = stubFetch(BASE, {
      'GET people/3': me([]),
      'POST allowed': { body: { '/registrations': true } },
      'GET registrations?status=pending': () => ({ body: pending.map(family), headers: { 'X-Total-Count': String(pending.length) } }),
      'GET registrations?status=pending&limit=1': () => ({ body: pending.slice(0, 1).map(family), headers: { 'X-Total-Count': String(pending.length) } }),
      'POST registrations/40/approve': () => {
        pending = [50];
        return { body: { ...family(40), status: 'approved' } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await openMore();
    fireEvent.click(await screen.findByRole('link', { name: 'Registros de familias (2 familias esperan una decisión)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Aprobar el registro de F40 Rojas' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Aprobar el registro de F40 Rojas' })).toBeNull());
    await router.navigate('/more');
    expect(await screen.findByRole('link', { name: 'Registros de familias (1 familia espera una decisión)' })).toBeTruthy();
  });

  it('offers family invitations to those who may list them (GET invitations), linking to their screen', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'GET people/3': me([]), 'POST allowed': { body: { invitations: true } } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect((await screen.findByRole('link', { name: 'Invitaciones a familias' })).getAttribute('href')).toBe('/admin/invitations');
    const asked = JSON.parse(String(calls.find((c) => c.url.endsWith('allowed'))?.init?.body)) as string[];
    expect(asked).toContain('invitations');
  });

  it('offers the post types to those PUT post-types lets through (administrators)', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'GET people/3': me([]), 'POST allowed': { body: { 'PUT post-types/message': true } } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect((await screen.findByRole('link', { name: 'Tipos de publicación' })).getAttribute('href')).toBe('/post/types');
    const asked = JSON.parse(String(calls.find((c) => c.url.endsWith('allowed'))?.init?.body)) as string[];
    expect(asked).toContain('PUT post-types/message');
  });

  it('hides family registrations from those who may not list them', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET people/3': me([]), 'POST allowed': { body: { '/registrations': false } } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect(await screen.findByRole('link', { name: 'Mi perfil' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Registros de familias' })).toBeNull();
  });
  it('offers Transport to those who can see a bus route and the GPS trackers to its crew, both to staff', async () => {
    const route = { id: 1, name: 'Ruta 1', vehicle: '', driver: null, monitor: null, targetId: 5, stops: [], riders: [], run: null, lastPosition: null, canDrive: false, canShare: true, canManage: false };
    for (const [person, routes, shown, trackers] of [
      [me([{ id: 4, kind: 'daughter' }]), [route], true, false],
      [me([{ id: 4, kind: 'daughter' }]), [], false, false],
      [me([]), [{ ...route, canDrive: true }], true, true],
      [{ body: { ...me([]).body, roles: ['teacher'] } }, [], true, true],
    ] as const) {
      const { fetchMock } = stubFetch(BASE, { 'GET people/3': person, 'POST allowed': { body: {} }, 'GET transport/routes?page=1&limit=100': { body: routes } });
      vi.stubGlobal('fetch', fetchMock);
      const app = await openMore();
      expect(await screen.findByRole('link', { name: 'Mi perfil' })).toBeTruthy();
      if (shown) expect((await screen.findByRole('link', { name: 'Rutas escolares' })).getAttribute('href')).toBe('/transport/routes');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('link', { name: 'Rutas escolares' }) !== null).toBe(shown);
      expect(screen.queryByRole('link', { name: 'Rastreadores GPS' }) !== null).toBe(trackers);
      app.unmount();
      localStorage.clear();
    }
  });
});
