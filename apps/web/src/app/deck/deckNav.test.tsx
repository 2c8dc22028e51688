import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BASE, stubFetch } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { activeTabOf } from './deckTabs';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Los Andes', logo: null }, language: 'es-CO', token: validToken(7) });
const me = { id: 7, firstName: 'Ana', lastName: 'Ruiz', lastName2: null, avatar: null, relatives: [] };

/** The tab marked as the current one, by its label; null when none is. */
function currentTab(): string | null {
  const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
  const current = within(nav).queryAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
  expect(current.length).toBeLessThanOrEqual(1);
  return current[0]?.textContent ?? null;
}

describe('which tab a screen belongs to', () => {
  it('follows the path, with one’s own profile and children under More and no tab on a not-found page', () => {
    expect(activeTabOf('/highlights/threads/feed/3', 7)).toBe('highlights');
    expect(activeTabOf('/threads/feed/3', 7)).toBe('inbox');
    expect(activeTabOf('/people/', 7)).toBe('contacts');
    expect(activeTabOf('/person/12', 7)).toBe('contacts');
    expect(activeTabOf('/people/12/children', 7)).toBe('contacts');
    expect(activeTabOf('/people/7/children', 7)).toBe('more');
    expect(activeTabOf('/person/7', 7)).toBe('more');
    expect(activeTabOf('/person/7/profile', 7)).toBe('more');
    expect(activeTabOf('/person/12/profile', 7)).toBe('contacts');
    expect(activeTabOf('/people/12/classroom/3', 7)).toBe('more');
    expect(activeTabOf('/nodes/4/people', 7)).toBe('more');
    expect(activeTabOf('/anything', 7, 'none')).toBeNull();
  });
});

describe('the navigation bar', () => {
  it.each([
    ['/inbox', 'Mensajes'],
    ['/highlights/threads/feed/12', 'Cartelera'],
    ['/people/12/children', 'Contactos'],
    ['/people/7/children', 'Más'],
    ['/person/7', 'Más'],
    ['/settings', 'Más'],
    ['/no/such/page', null],
  ])('on %s highlights %s', async (path, tab) => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET people/7': { body: me } }).fetchMock);
    await renderApp({ path, session: signedIn() });
    await screen.findByRole('navigation', { name: 'Navegación principal' });
    await waitFor(() => expect(currentTab()).toBe(tab));
  }, 20_000);

  it('shows who is signed in, with their profile and sign out in a menu', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET people/7': { body: me } });
    vi.stubGlobal('fetch', fetchMock);
    const { router, services } = await renderApp({ path: '/inbox', session: signedIn() });
    const account = await screen.findByRole('button', { name: 'Ana Ruiz' });
    expect(account.textContent).toContain('Ana Ruiz');
    fireEvent.click(account);
    const profile = await screen.findByRole('menuitem', { name: 'Mi perfil' });
    // One's own data, which for staff is the Datos personales entry of their own tab.
    expect(profile.getAttribute('href')).toBe('/person/7/profile');
    expect(screen.getByRole('menuitem', { name: 'Ajustes' }).getAttribute('href')).toBe('/settings');
    await act(async () => fireEvent.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(services.store.getState().token).toBeNull();
  }, 20_000);
});
