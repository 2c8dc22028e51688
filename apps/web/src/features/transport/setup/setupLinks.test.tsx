import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp';
import { BASE, stubFetch, type StubAnswer } from '../../../test/fetchStub';
import { ME, route, signedIn } from '../transport.fixtures';

const person = (extra: Record<string, unknown> = {}) => ({ body: { id: ME, firstName: 'Laura', lastName: 'Ruiz', lastName2: null, avatar: null, roles: [], relatives: [], ...extra } });

async function open(path: string, routes: Record<string, StubAnswer>) {
  const stub = stubFetch(BASE, {
    'GET vue/settings': { body: {} },
    [`GET people/${ME}`]: person(),
    'POST allowed': { body: {} },
    'GET transport/routes/1/log?page=1&limit=20': { body: [], headers: { 'X-Total-Count': '0' } },
    'GET transport/routes/1/alerts': { status: 404, body: { error: 'not_found', message: 'No alert' } },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  return renderApp({ path, session: signedIn() });
}

describe('the way to a route’s setup', { timeout: 30_000 }, () => {
  it('is on the route’s map for those who may set it up', async () => {
    await open('/transport/routes/1/map', { 'GET transport/routes/1': { body: route({ canManage: true }) } });
    const link = await screen.findByRole('link', { name: 'Configurar la ruta' }, { timeout: 20_000 });
    expect(link.getAttribute('href')).toBe('/transport/routes/1/setup');
  });

  it('is not on the route’s map for anyone else', async () => {
    await open('/transport/routes/1/map', { 'GET transport/routes/1': { body: route({ canManage: false }) } });
    await screen.findByRole('heading', { name: 'Aviso de llegada' }, { timeout: 20_000 });
    expect(screen.queryByRole('link', { name: /Configurar/ })).toBeNull();
  });

  it('is on each route card for an administrator, and not for a family', async () => {
    await open('/transport/routes', {
      [`GET people/${ME}`]: person({ roles: ['administrator'], isAdmin: true }),
      'GET transport/routes?page=1&limit=100': { body: [route({ canManage: true }), route({ id: 2, name: 'Ruta 2', canManage: false })] },
    });
    const first = await screen.findByRole('article', { name: /Ruta 1/ }, { timeout: 20_000 });
    expect((await within(first).findByRole('link', { name: 'Configurar la ruta Ruta 1' })).getAttribute('href')).toBe('/transport/routes/1/setup');
    expect(within(screen.getByRole('article', { name: /Ruta 2/ })).queryByRole('link', { name: /Configurar/ })).toBeNull();
  });

  it('tells someone who may create groups, and has no route yet, how to create one', async () => {
    await open('/transport/routes', {
      [`GET people/${ME}`]: person({ roles: ['administrator'], isAdmin: true }),
      'GET transport/routes?page=1&limit=100': { body: [] },
      'POST allowed': { body: { 'POST nodes': true } },
    });
    expect(await screen.findByRole('heading', { name: 'La institución aún no tiene rutas' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText(/Cada ruta escolar es un grupo de tipo «Ruta»/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a Grupos para crear una ruta' }).getAttribute('href')).toBe('/nodes');
    expect(screen.queryByRole('heading', { name: 'No tienes rutas de transporte' })).toBeNull();
  });
});
