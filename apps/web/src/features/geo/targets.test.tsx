import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { ME, position, route, signedIn } from '../transport/transport.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;

async function open(path: string, routes: Routes) {
  const stub = stubFetch(BASE, { 'GET vue/settings': { body: {} }, ...routes });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn() });
  return { ...stub, ...app };
}

describe('GPS targets and feed', { timeout: 30_000 }, () => {
  it('lists the trackers with their route and last update, each leading to its tracker', async () => {
    await open('/geo/targets', {
      'GET geo/targets': {
        body: [
          { id: 5, name: 'Bus 1', routeId: 1, enabled: true, lastPosition: position(180), canReport: true },
          { id: 6, name: 'Bus de reserva', routeId: null, enabled: false, lastPosition: null, canReport: false },
        ],
      },
      'GET transport/routes?page=1&limit=100': { body: [route()] },
    });
    const list = await screen.findByRole('list', { name: 'Rastreadores GPS' }, { timeout: 20_000 });
    expect(within(list).getByRole('link', { name: 'Bus 1' }).getAttribute('href')).toBe('/geo/targets/5');
    expect(await within(list).findByText('Ruta: Ruta 1')).toBeTruthy();
    expect(within(list).getByText('Actualizado hace 3 minutos')).toBeTruthy();
    expect(within(list).getByText('Sin ruta asignada')).toBeTruthy();
    expect(within(list).getByText('Desactivado')).toBeTruthy();
    expect(within(list).getByText('El bus todavía no ha enviado su ubicación')).toBeTruthy();
  });

  it('shows the latest positions on a map and as a list', async () => {
    await open('/geo/feed', {
      [`GET people/${ME}/geo/feed`]: {
        body: [
          { target: { id: 5, name: 'Bus 1', routeId: 1 }, position: position(10), running: true },
          { target: { id: 6, name: 'Bus 2', routeId: null }, position: null, running: false },
        ],
      },
    });
    expect(await screen.findByRole('region', { name: 'Mapa de las últimas posiciones' }, { timeout: 20_000 })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Rastreadores' });
    expect(within(list).getByRole('link', { name: 'Ver el mapa de Bus 1' }).getAttribute('href')).toBe('/transport/routes/1/map');
    expect(within(list).getByText('El bus todavía no ha enviado su ubicación')).toBeTruthy();
    expect(document.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1);
  });
});
