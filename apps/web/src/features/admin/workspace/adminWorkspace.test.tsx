import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../test/makeToken';
import { mockFetch, renderApp } from '../../../test/renderApp';

const BASE = 'http://school.test/api/demo/';
const session = { url: BASE, school: { code: 'demo', title: 'Colegio Los Andes', logo: null }, language: 'es-CO', token: validToken(7) };
const person = (change: object) => ({ id: 7, firstName: 'Marta', lastName: 'Díaz', lastName2: null, avatar: null, roles: [], relatives: [], ...change });

describe('item 1: the admin tab frame', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('item 1: an administrator gets the header, the menu (Inicio, Extraescolares, Contenidos › Dashboards, Test) and the test screens', async () => {
    vi.stubGlobal('fetch', mockFetch({ [`${BASE}people/7`]: { body: person({ isAdmin: true }) } }).fetchMock);
    await renderApp({ path: '/admin/test', session });
    const menu = await screen.findByRole('navigation', { name: 'Menú de administración' });
    expect(within(menu).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Inicio', '/admin'],
      ['Extraescolares', '/admin/extracurricular'],
      ['Dashboards', '/admin/dashboards'],
      ['Test', '/admin/test'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Test' }).getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByRole('list', { name: 'Contenidos' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Prueba de calendario/ }).getAttribute('href')).toBe('/test/calendar');
    expect(screen.getByRole('link', { name: /Prueba de ventanas emergentes/ }).getAttribute('href')).toBe('/test/popups');
    expect(screen.getByRole('link', { name: /Prueba de selector de fechas/ }).getAttribute('href')).toBe('/test/datepicker');
  });

  it('item 1: Extraescolares is the activities screen (issue 37 §2): the term’s activities and "Nueva actividad"', async () => {
    vi.stubGlobal('fetch', mockFetch({ [`${BASE}people/7`]: { body: person({ isAdmin: true }) }, [`${BASE}activities`]: { body: [] } }).fetchMock);
    await renderApp({ path: '/admin/extracurricular', session });
    expect(await screen.findByRole('heading', { name: 'Aún no hay actividades en este periodo' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Extraescolares' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nueva actividad' })).toBeTruthy();
  });

  it('item 1: a teacher who reaches /admin gets the administrators’ refusal and no menu', async () => {
    vi.stubGlobal('fetch', mockFetch({ [`${BASE}people/7`]: { body: person({ roles: ['teacher'] }) } }).fetchMock);
    await renderApp({ path: '/admin/test', session });
    expect(await screen.findByRole('heading', { name: 'Esta sección es para administradores' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Menú de administración' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Prueba de calendario/ })).toBeNull();
  });
});
