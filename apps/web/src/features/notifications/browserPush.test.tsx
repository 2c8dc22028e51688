import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';
import { removePushBrowser, settingsRoutes, signedIn, stubPushBrowser } from './notifications.fixtures';

const VAPID = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function start() {
  const { fetchMock, calls } = stubFetch(BASE, {
    ...settingsRoutes(),
    'GET vue/settings': { body: { vapidPublicKey: VAPID } },
    'POST people/3/devices': { status: 201, body: null },
    'DELETE people/3/devices/install-1': { status: 204 },
  });
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('patio.installId', 'install-1');
  return calls;
}

const section = () => screen.findByRole('region', { name: 'Este navegador' }, { timeout: 20_000 });

describe('notifications in this browser', { timeout: 30_000 }, () => {
  afterEach(removePushBrowser);

  it('says serviceWorker is not supported where there is none (spec §8)', async () => {
    start();
    await renderApp({ path: '/settings/notifications', session: signedIn() });
    const browser = await section();
    expect((await within(browser).findByTestId('push-unsupported')).textContent).toBe('Este navegador no es compatible con serviceWorker.');
    expect(within(browser).queryByRole('button', { name: 'Activar notificaciones en este navegador' })).toBeNull();
  });

  it('says permission was denied, and where to change it, when the browser refuses', async () => {
    const calls = start();
    stubPushBrowser({ answer: 'denied' });
    await renderApp({ path: '/settings/notifications', session: signedIn() });
    const browser = await section();
    expect(await within(browser).findByText('Las notificaciones están desactivadas en este navegador.')).toBeTruthy();
    fireEvent.click(within(browser).getByRole('button', { name: 'Activar notificaciones en este navegador' }));
    expect((await within(browser).findByTestId('push-denied')).textContent).toBe('Se negó el permiso para mostrar notificaciones.');
    expect(within(browser).getByText(/abre la configuración del sitio en tu navegador/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/devices'))).toBe(false);
  });

  it('says the browser could not subscribe, not that the connection failed, when its push service refuses', async () => {
    const calls = start();
    stubPushBrowser({ answer: 'granted', pushServiceRefuses: true });
    await renderApp({ path: '/settings/notifications', session: signedIn() });
    const browser = await section();
    fireEvent.click(await within(browser).findByRole('button', { name: 'Activar notificaciones en este navegador' }));
    expect(await within(browser).findByText(/Este navegador no pudo suscribirse a las notificaciones/)).toBeTruthy();
    expect(within(browser).queryByText(/Revisa tu conexión/)).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/devices'))).toBe(false);
  });

  it('shows blocked at once when permission was denied before', async () => {
    start();
    stubPushBrowser({ permission: 'denied' });
    await renderApp({ path: '/settings/notifications', session: signedIn() });
    expect(await within(await section()).findByTestId('push-denied')).toBeTruthy();
  });

  it('subscribes with the school’s key, registers the device, and turns it off again', async () => {
    const calls = start();
    const browser = stubPushBrowser({ answer: 'granted' });
    await renderApp({ path: '/settings/notifications', session: signedIn() });
    const region = await section();
    fireEvent.click(await within(region).findByRole('button', { name: 'Activar notificaciones en este navegador' }));
    expect(await within(region).findByText('Las notificaciones están activadas en este navegador.')).toBeTruthy();

    expect(browser.registered).toEqual(['/sw.js']);
    expect(browser.subscribeOptions).toMatchObject({ userVisibleOnly: true });
    const posted = calls.filter((c) => c.method === 'POST' && c.url === `${BASE}people/3/devices`);
    expect(posted).toHaveLength(1);
    const body = JSON.parse(String(posted[0].init?.body)) as { token: string; platform: string; uuid: string };
    expect(body).toMatchObject({ platform: 'web', uuid: 'install-1' });
    expect(JSON.parse(body.token)).toEqual({ endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'BPub', auth: 'Auth' } });

    fireEvent.click(within(region).getByRole('button', { name: 'Desactivar en este navegador' }));
    expect(await within(region).findByText('Las notificaciones están desactivadas en este navegador.')).toBeTruthy();
    expect(browser.unsubscribed).toBe(1);
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE' && c.url === `${BASE}people/3/devices/install-1`)).toHaveLength(1));
  });
});
