import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, useParams, type RouteObject } from 'react-router';
import type { PersonProfile } from '@patio/core/schemas/people';
import { AppProviders } from '../AppProviders';
import { DeckProviders } from '../deck/DeckProviders';
import { applyLanguage, createI18n } from '../i18n/createI18n';
import type { RouteHandle } from '../routeHandle';
import { createAppServices } from '../services';
import { SESSION_STORAGE_KEY } from '../session/sessionStore';
import { validToken } from '../../test/makeToken';
import { useWorkspaceTabTitle, personTabId } from './index';
import { WorkspaceProvider, WorkspaceTracker } from './WorkspaceContext';
import { WorkspaceSlot } from './WorkspaceSlot';
import { workspaceStorageKey } from './workspaceTabs';

const BASE = 'http://school.test/api/demo/';
const NAMES: Record<string, string> = { '4': 'Ana Ruiz', '5': 'Luis Pérez' };
const KEY = workspaceStorageKey('demo', 7);

/** A stand-in for PersonTabLayout: it names its tab as the real one does once the person loads. */
function PersonLayout() {
  const { personId = '' } = useParams();
  useWorkspaceTabTitle(personTabId(personId), NAMES[personId] ?? null);
  return (
    <p>
      person {personId} <Outlet />
    </p>
  );
}

function Shell() {
  return (
    <DeckProviders>
      <WorkspaceProvider>
        <WorkspaceTracker />
        <WorkspaceSlot />
        <main>
          <Outlet />
        </main>
      </WorkspaceProvider>
    </DeckProviders>
  );
}

const routes: RouteObject[] = [
  {
    path: '/',
    Component: Shell,
    children: [
      { path: 'highlights', element: <p>highlights</p> },
      { path: 'admin', handle: { workspace: 'admin' } satisfies RouteHandle, element: <Outlet />, children: [{ index: true, element: <p>admin home</p> }, { path: 'test', element: <p>admin test</p> }] },
      { path: 'person/:personId', handle: { workspace: 'person' } satisfies RouteHandle, Component: PersonLayout, children: [{ index: true, element: null }, { path: 'mail', element: <span>mail</span> }] },
    ],
  },
];

function viewer(change: Partial<PersonProfile>): PersonProfile {
  return { id: 7, firstName: 'Marta', lastName: 'Díaz', lastName2: null, avatar: null, roles: [], ...change } as PersonProfile;
}

async function start(path: string, user: PersonProfile) {
  // Nothing here needs the server; the school's own terms are simply not found.
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: 'not_found', message: 'Not found' }), { status: 404 }));
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ url: BASE, school: { code: 'demo', title: 'Colegio', logo: null }, language: 'es-CO', token: validToken(7) }));
  const i18n = await createI18n();
  const services = createAppServices(i18n, localStorage);
  await applyLanguage(i18n, 'es-CO');
  services.store.update({ user });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders services={services}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const go = (to: string) => act(() => router.navigate(to));
  return { router, go };
}

const strip = () => screen.findByRole('navigation', { name: 'Pestañas abiertas' });
const tabNames = (nav: HTMLElement) => within(nav).getAllByRole('link').map((link) => link.textContent);

describe('item 1: the workspace tab strip', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('item 1: an administrator’s routes open tabs titled by name, focus an open one and return to its last path', async () => {
    const { go, router } = await start('/person/4', viewer({ isAdmin: true }));
    // The list's code arrives a moment after the shell (staff only): the first tab shows when it has.
    await strip();
    await go('/person/5/mail');
    await go('/admin/test');
    await go('/person/4/mail');
    const nav = await strip();
    await waitFor(() => expect(tabNames(nav)).toEqual(['Ana Ruiz', 'Luis Pérez', 'Administración']));
    expect(within(nav).getByRole('link', { name: 'Ana Ruiz' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Luis Pérez' }).getAttribute('href')).toBe('/person/5/mail');
    expect(within(nav).getByRole('link', { name: 'Administración' }).getAttribute('href')).toBe('/admin/test');

    fireEvent.click(within(nav).getByRole('link', { name: 'Administración' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/test'));
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}').tabs).toEqual([
      { id: 'person:4', path: '/person/4/mail', title: 'Ana Ruiz' },
      { id: 'person:5', path: '/person/5/mail', title: 'Luis Pérez' },
      { id: 'admin', path: '/admin/test', title: null },
    ]);
  });

  it('item 1: closing the tab on screen opens its neighbour; closing the last goes to the highlights and hides the strip', async () => {
    const { go, router } = await start('/person/4', viewer({ isAdmin: true }));
    await strip();
    await go('/person/5');
    const nav = await strip();
    // A tab in the background closes without leaving the screen.
    fireEvent.click(await within(nav).findByRole('button', { name: 'Cerrar Ana Ruiz' }));
    await waitFor(() => expect(tabNames(nav)).toEqual(['Luis Pérez']));
    expect(router.state.location.pathname).toBe('/person/5');

    await go('/admin');
    fireEvent.click(await within(nav).findByRole('button', { name: 'Cerrar Administración' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/person/5'));
    fireEvent.click(within(await strip()).getByRole('button', { name: 'Cerrar Luis Pérez' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/highlights'));
    expect(screen.queryByRole('navigation', { name: 'Pestañas abiertas' })).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('item 1: the tabs and their names come back after a reload, before the people load', async () => {
    localStorage.setItem(KEY, JSON.stringify({ v: 1, tabs: [{ id: 'admin', path: '/admin', title: null }, { id: 'person:9', path: '/person/9/mail', title: 'Sara Gil' }] }));
    await start('/highlights', viewer({ isAdmin: true }));
    const nav = await strip();
    expect(tabNames(nav)).toEqual(['Administración', 'Sara Gil']);
    expect(within(nav).queryByRole('link', { current: 'page' })).toBeNull();
  });

  it('item 1: a teacher gets person tabs but no admin tab', async () => {
    const { go } = await start('/admin', viewer({ roles: ['teacher'] }));
    expect(screen.queryByRole('navigation', { name: 'Pestañas abiertas' })).toBeNull();
    await go('/person/5');
    expect(tabNames(await strip())).toEqual(['Luis Pérez']);
  });

  it('item 1: a family never gets a workspace, even with tabs stored on the device', async () => {
    localStorage.setItem(KEY, JSON.stringify({ v: 1, tabs: [{ id: 'person:4', path: '/person/4', title: 'Ana Ruiz' }] }));
    const { go } = await start('/person/4', viewer({ roles: ['relative'] }));
    await go('/person/5');
    await screen.findByText(/person 5/);
    expect(screen.queryByRole('navigation', { name: 'Pestañas abiertas' })).toBeNull();
    expect(screen.queryByRole('button', { name: /pestañas? abiertas?/ })).toBeNull();
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}').tabs).toHaveLength(1);
  });

  it('item 1: on a phone the switcher button counts the tabs and lists them with close buttons', async () => {
    const { go } = await start('/person/4', viewer({ isAdmin: true }));
    await screen.findByRole('button', { name: '1 pestaña abierta' });
    await go('/admin');
    const button = await screen.findByRole('button', { name: '2 pestañas abiertas' });
    fireEvent.click(button);
    const navs = await screen.findAllByRole('navigation', { name: 'Pestañas abiertas' });
    const list = navs[navs.length - 1];
    expect(tabNames(list)).toEqual(['Ana Ruiz', 'Administración']);
    fireEvent.click(within(list).getByRole('button', { name: 'Cerrar Ana Ruiz' }));
    expect(await screen.findByRole('button', { name: '1 pestaña abierta' })).toBeTruthy();
  });
});
