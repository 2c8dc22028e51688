import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

/** The app as main.tsx starts it: the signed-in user (GET people/{uid}) is restored at start. */
async function openMore() {
  const app = await renderApp({ path: '/more', session: session() });
  await app.services.session.restore();
  return app;
}

const session = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(3) });
const me = (relatives: Array<{ id: number; kind: string }>) => ({
  body: {
    id: 3,
    firstName: 'Laura',
    lastName: 'Ruiz',
    lastName2: null,
    avatar: null,
    relatives: relatives.map((r) => ({ ...r, firstName: `N${r.id}`, lastName: 'Ruiz', lastName2: null, avatar: null })),
  },
});

describe('more menu', { timeout: 20_000 }, () => {
  it('offers a parent their profile and their children', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET people/3': me([{ id: 4, kind: 'daughter' }]), 'POST allowed': { body: {} } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect((await screen.findByRole('link', { name: 'Mis hijos' })).getAttribute('href')).toBe('/people/3/children');
    expect(screen.getByRole('link', { name: 'Mi perfil' }).getAttribute('href')).toBe('/person/3');
  });

  it('leaves out "My children" for someone without children', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'GET people/3': me([{ id: 2, kind: 'mother' }]), 'POST allowed': { body: {} } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect(await screen.findByRole('link', { name: 'Mi perfil' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === `${BASE}people/3`)).toBe(true));
    expect(screen.queryByRole('link', { name: 'Mis hijos' })).toBeNull();
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

  it('hides family registrations from those who may not list them', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET people/3': me([]), 'POST allowed': { body: { '/registrations': false } } });
    vi.stubGlobal('fetch', fetchMock);
    await openMore();
    expect(await screen.findByRole('link', { name: 'Mi perfil' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: 'Registros de familias' })).toBeNull();
  });
});
