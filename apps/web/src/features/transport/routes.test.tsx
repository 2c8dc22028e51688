import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { ME, logEntry, position, route, signedIn, stop } from './transport.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
const person = (extra: Record<string, unknown> = {}) => ({ body: { id: ME, firstName: 'Laura', lastName: 'Ruiz', lastName2: null, avatar: null, roles: [], relatives: [], ...extra } });

async function open(path: string, routes: Routes) {
  const stub = stubFetch(BASE, { 'GET vue/settings': { body: {} }, [`GET people/${ME}`]: person(), 'POST allowed': { body: {} }, ...routes });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn() });
  return { ...stub, ...app };
}

const second = route({ id: 2, name: 'Ruta 2', vehicle: 'Bus XYZ-987', targetId: 6, run: null, lastPosition: position(7200, 4.6, -74.1), stops: [stop(201, 'Suba'), stop(202, 'Colegio')] });

describe('transport routes screen', { timeout: 30_000 }, () => {
  it('shows staff every route on one map and in a list with its state and links', async () => {
    await open('/transport/routes', {
      [`GET people/${ME}`]: person({ roles: ['employee'] }),
      'GET transport/routes?page=1&limit=100': { body: [route({ canDrive: true }), { ...second, canDrive: true }] },
    });
    const map = await screen.findByRole('region', { name: 'Mapa de todas las rutas' }, { timeout: 20_000 });
    expect(map.getAttribute('aria-describedby')).toContain('transport-routes-list');
    const list = screen.getByRole('list', { name: 'Rutas' });
    const first = within(list).getByRole('article', { name: /Ruta 1/ });
    expect(within(first).getByText('En camino')).toBeTruthy();
    expect(within(first).getByText('Conductor: Jorge Páez')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Ver el mapa de Ruta 1' }).getAttribute('href')).toBe('/transport/routes/1/map');
    expect(within(first).getByRole('link', { name: 'Abrir el rastreador de Ruta 1' }).getAttribute('href')).toBe('/geo/targets/5');
    expect(within(first).getByRole('link', { name: 'Ver la bitácora de Ruta 1' }).getAttribute('href')).toBe('/transport/routes/1/log');
    const other = within(list).getByRole('article', { name: /Ruta 2/ });
    expect(within(other).getByText('Sin recorrido en curso')).toBeTruthy();
    expect(within(other).getByText('Actualizado hace 2 horas')).toBeTruthy();
  });

  it('lists a family’s routes with their map only', async () => {
    await open('/transport/routes', { [`GET people/${ME}`]: person({ roles: [], relatives: [{ id: 40, kind: 'daughter' }] }), 'GET transport/routes?page=1&limit=100': { body: [route()] } });
    const card = await screen.findByRole('article', { name: /Ruta 1/ }, { timeout: 20_000 });
    expect(within(card).getByRole('link', { name: 'Ver el mapa de Ruta 1' })).toBeTruthy();
    expect(within(card).queryByRole('link', { name: /rastreador/ })).toBeNull();
    expect(within(card).queryByRole('link', { name: /bitácora/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Mapa de todas las rutas' })).toBeNull();
  });

  it('says what to expect when a family has no route', async () => {
    await open('/transport/routes', { 'GET transport/routes?page=1&limit=100': { body: [] } });
    expect(await screen.findByRole('heading', { name: 'No tienes rutas de transporte' }, { timeout: 20_000 })).toBeTruthy();
  });
});

describe('route log screen', { timeout: 30_000 }, () => {
  it('lists what happened, newest first, in words, and pages on', async () => {
    const firstPage = Array.from({ length: 20 }, (_, i) => logEntry(100 + i, 'stop_reached', { stop: { id: 102, name: 'Calle 80' }, at: 1_790_000_000 + i }));
    const { calls } = await open('/transport/routes/1/log', {
      'GET transport/routes/1': { body: route({ canDrive: true }) },
      'GET transport/routes/1/log?page=1&limit=20': { body: firstPage, headers: { 'X-Total-Count': '23' } },
      'GET transport/routes/1/log?page=2&limit=20': {
        body: [
          logEntry(3, 'boarded', { person: { id: 40, name: 'Ana Ruiz' }, stop: { id: 102, name: 'Calle 80' }, at: 1_789_999_000 }),
          logEntry(2, 'delayed', { minutes: 10, at: 1_789_998_000 }),
          logEntry(1, 'started', { at: 1_789_997_000 }),
        ],
        headers: { 'X-Total-Count': '23' },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bitácora de Ruta 1' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByText('23 registros')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Bitácora de Ruta 1' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getAllByText('El bus llegó a Calle 80')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(23));
    const texts = within(list).getAllByRole('listitem').slice(20).map((li) => li.querySelector('span')?.textContent);
    expect(texts).toEqual(['Ana Ruiz subió en Calle 80', 'Retraso de 10 minutos reportado', 'Recorrido iniciado']);
    expect(within(list).getAllByText(/por Jorge Páez/).length).toBe(23);
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
    expect(calls.filter((c) => c.url.includes('/log?')).map((c) => c.url.slice(BASE.length))).toEqual(['transport/routes/1/log?page=1&limit=20', 'transport/routes/1/log?page=2&limit=20']);
  });
});
