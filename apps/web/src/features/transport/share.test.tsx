import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { ago, position, shared } from './transport.fixtures';
import { SHARED_ROUTE_REFRESH_MS } from './useSharedRoute';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;

const directory = () => `GET ${new URL('/api/directory/demo', window.location.origin).href}`;
const SCHOOL = { code: 'demo', title: 'Colegio Demo', logo: null, url: BASE };

/** Opens a share link on a device that never chose a school nor signed in. */
async function openShare(routes: Routes) {
  const stub = stubFetch(BASE, { [directory()]: { body: SCHOOL }, 'GET vue/settings': { body: {} }, ...routes });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path: '/share/demo/tok123' });
  return { ...stub, ...app };
}

describe('shared live map', { timeout: 30_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('opens without signing in and shows the bus, the stops and when the link expires', async () => {
    const { router, calls } = await openShare({ 'GET transport/shares/tok123': { body: shared() } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruta 1' }, { timeout: 20_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/share/demo/tok123');
    expect(screen.getByText('Colegio Demo')).toBeTruthy();
    expect(screen.getByText(/^El enlace vence en 4[45] minutos$/)).toBeTruthy();
    expect(screen.getByText('Actualizado hace medio minuto')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Mapa de la ruta Ruta 1' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').some((li) => li.textContent?.includes('Calle 80'))).toBe(true);
    // Anonymous: no token goes to the school.
    for (const call of calls) expect(new Headers(call.init?.headers).get('Authorization')).toBeNull();
  });

  it('follows the bus every 5 seconds', async () => {
    let answer = shared();
    const { calls } = await openShare({ 'GET transport/shares/tok123': () => ({ body: answer }) });
    await screen.findByRole('heading', { level: 1, name: 'Ruta 1' }, { timeout: 20_000 });
    answer = shared({ lastPosition: position(2, 4.7, -74.05) });
    await act(() => new Promise((resolve) => setTimeout(resolve, SHARED_ROUTE_REFRESH_MS + 200)));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('transport/shares/tok123')).length).toBeGreaterThanOrEqual(2));
    expect(await screen.findByText(/Actualizado hace menos de (5|10) segundos/)).toBeTruthy();
  });

  it('says clearly when the link has expired (410)', async () => {
    await openShare({ 'GET transport/shares/tok123': { status: 410, body: { error: 'share_expired', message: 'Expired' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Este enlace ya venció' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Mapa/ })).toBeNull();
  });

  it('turns into the expired page when the link runs out while open', async () => {
    let expired = false;
    await openShare({
      'GET transport/shares/tok123': () => (expired ? { status: 410, body: { error: 'share_expired', message: 'Expired' } } : { body: shared({ expiresAt: ago(-3) }) }),
    });
    expect(await screen.findByText(/El enlace vence en \d segundos?/, {}, { timeout: 20_000 })).toBeTruthy();
    expired = true;
    expect(await screen.findByRole('heading', { level: 1, name: 'Este enlace ya venció' }, { timeout: SHARED_ROUTE_REFRESH_MS + 2000 })).toBeTruthy();
  });

  it('says the link was not found for an unknown token or school', async () => {
    await openShare({ 'GET transport/shares/tok123': { status: 404, body: { error: 'not_found', message: 'No' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'No encontramos este enlace' }, { timeout: 20_000 })).toBeTruthy();
  });

  it('speaks the browser’s language', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
    await openShare({ 'GET transport/shares/tok123': { status: 410, body: { error: 'share_expired', message: 'Expired' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' }, { timeout: 20_000 })).toBeTruthy();
  });
});
