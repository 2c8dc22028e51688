import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { GeoTarget, TransportRoute } from '@patio/core/schemas/transport';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { ago, position, route, signedIn, stop } from '../transport/transport.fixtures';

export type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
export const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));

export const target = (extra: Partial<GeoTarget> = {}): GeoTarget => ({ id: 5, name: 'Bus 1', routeId: 1, enabled: true, lastPosition: position(90), canReport: true, ...extra });

/** Route 1 driven by the signed-in person, with a run on (run 900) and two riders. */
export const driving = (extra: Partial<TransportRoute> = {}) =>
  route({
    canDrive: true,
    stops: [stop(101, 'Portería norte', { reached: true }), stop(102, 'Calle 80', { eta: ago(-240) }), stop(103, 'Colegio')],
    riders: [
      { person: { id: 40, name: 'Ana Ruiz' }, pickupStopId: 102, dropoffStopId: 103, state: 'waiting' },
      { person: { id: 41, name: 'Luis Gómez' }, pickupStopId: 101, dropoffStopId: 103, state: 'boarded' },
    ],
    ...extra,
  });

/** Opens /geo/targets/5 (Bus 1 on route 1) as its driver, with `extra` answers besides the page's own. */
export async function openTrackerPage(extra: Routes = {}) {
  const stub = stubFetch(BASE, {
    'GET geo/targets/5': { body: target() },
    'GET transport/routes/1': { body: driving() },
    'GET vue/settings': { body: {} },
    ...extra,
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path: '/geo/targets/5', session: signedIn() });
  await screen.findByRole('heading', { level: 1, name: 'Bus 1' }, { timeout: 20_000 });
  await screen.findByRole('heading', { level: 2, name: 'Paradas' });
  return { ...stub, ...app };
}

export const trackingSwitch = () => screen.findByRole('switch', { name: /^Compartir la ubicación del bus/ });
export const positionPosts = (calls: StubCall[]) => calls.filter((c) => c.method === 'POST' && c.url.endsWith('geo/targets/5/position'));
