import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@patio/core/schemas/notifications';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubCall } from '../../test/fetchStub';
import { settingsRoutes, signedIn } from './notifications.fixtures';

const PATH = 'people/3/settings/notifications';
const puts = (calls: StubCall[]) => calls.filter((c) => c.method === 'PUT' && c.url === `${BASE}${PATH}`).map((c) => JSON.parse(String(c.init?.body)) as NotificationSettings);

function start(routes: Parameters<typeof stubFetch>[1] = {}) {
  const { fetchMock, calls } = stubFetch(BASE, {
    ...settingsRoutes(),
    [`PUT ${PATH}`]: (call) => ({ body: JSON.parse(String(call.init?.body)) }),
    ...routes,
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const region = (name: string) => screen.findByRole('region', { name }, { timeout: 20_000 });

describe('notification settings screen', { timeout: 30_000 }, () => {
  it('is linked from /settings', async () => {
    start({ 'POST allowed': { body: {} } });
    const { router } = await renderApp({ path: '/settings', session: signedIn() });
    const section = await region('Notificaciones');
    fireEvent.click(within(section).getByRole('link', { name: 'Configurar notificaciones' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/notifications'));
  });

  it('shows the saved channels and PUTs the whole settings when one is switched', async () => {
    const calls = start({ 'GET people/3/settings/notifications': { body: { ...DEFAULT_NOTIFICATION_SETTINGS, channels: { ...DEFAULT_NOTIFICATION_SETTINGS.channels, sms: true } } } });
    await renderApp({ path: '/settings/notifications', session: signedIn() });
    const channels = await region('Por dónde te avisamos');
    const email = within(channels).getByRole('switch', { name: 'Correo electrónico' }) as HTMLInputElement;
    expect(email.checked).toBe(true);
    expect((within(channels).getByRole('switch', { name: 'SMS' }) as HTMLInputElement).checked).toBe(true);
    expect(within(channels).getByRole('switch', { name: 'App para iPhone/iPad' })).toBeTruthy();
    expect(within(channels).getByRole('switch', { name: 'App para Android' })).toBeTruthy();
    expect(within(channels).getByRole('switch', { name: 'Este y otros navegadores' })).toBeTruthy();

    fireEvent.click(email);
    expect(email.checked).toBe(false);
    expect(await screen.findByText('Cambios guardados')).toBeTruthy();
    expect(puts(calls)).toEqual([{ ...DEFAULT_NOTIFICATION_SETTINGS, channels: { email: false, sms: true, ios: true, android: true, web: true } }]);
  });

  it('keeps one kind of post apart from the general switches, and says which differ', async () => {
    const calls = start();
    await renderApp({ path: '/settings/notifications', session: signedIn() });
    const types = await region('Por tipo de publicación');
    const circular = await within(types).findByRole('button', { name: /Circulars/ });
    expect(circular.textContent).toContain('Como la configuración general');
    fireEvent.click(circular);
    const panel = await within(types).findByRole('region', { name: /Circulars/ });
    fireEvent.click(within(panel).getByRole('switch', { name: 'Correo electrónico' }));

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, types: { circular: { email: false } } });
    expect(circular.textContent).toContain('Distinto en: Correo electrónico');
    expect(within(panel).getByText('Distinto de la configuración general')).toBeTruthy();

    // Back to the general value: the exception goes away rather than pinning the type to it.
    fireEvent.click(within(panel).getByRole('switch', { name: 'Correo electrónico' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1].types).toEqual({});
  });

  it('checks quiet hours before saving them, and says urgent notices still arrive', async () => {
    const calls = start();
    await renderApp({ path: '/settings/notifications', session: signedIn() });
    const quiet = await region('Horas de silencio');
    const toggle = within(quiet).getByRole('switch', { name: 'No avisarme en ciertas horas' });
    expect(within(quiet).getByText(/Los avisos urgentes llegan de todas formas/)).toBeTruthy();
    fireEvent.click(toggle);
    const from = within(quiet).getByLabelText('Desde') as HTMLInputElement;
    const until = within(quiet).getByLabelText('Hasta') as HTMLInputElement;
    expect([from.value, until.value]).toEqual(['21:00', '06:00']);
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0].quietHours).toEqual({ start: '21:00', end: '06:00' });

    fireEvent.change(until, { target: { value: '21:00' } });
    expect(await within(quiet).findByText('La hora final debe ser distinta de la inicial.')).toBeTruthy();
    expect(screen.getByText('Corrige las horas marcadas para guardar los cambios.')).toBeTruthy();
    fireEvent.change(from, { target: { value: '' } });
    expect(await within(quiet).findByText('Escribe una hora (HH:MM).')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(puts(calls)).toHaveLength(1);

    fireEvent.change(from, { target: { value: '22:30' } });
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1].quietHours).toEqual({ start: '22:30', end: '21:00' });
  });

  it('turns on the daily digest at a chosen time', async () => {
    const calls = start();
    await renderApp({ path: '/settings/notifications', session: signedIn() });
    const digest = await region('Resumen diario por correo');
    fireEvent.click(within(digest).getByRole('switch', { name: 'Recibir un solo correo al día' }));
    fireEvent.change(within(digest).getByLabelText('Hora de envío'), { target: { value: '07:15' } });
    await waitFor(() => expect(puts(calls).at(-1)).toMatchObject({ digest: true, digestTime: '07:15' }));
  });

  it('issue 35 item 4: a parent turns on the weekly classwork summary, off by default; someone without children is not offered it', async () => {
    const me = (kinds: string[]) => ({
      body: { id: 3, firstName: 'Laura', lastName: 'Ruiz', lastName2: null, avatar: null, relatives: kinds.map((kind, i) => ({ id: 10 + i, kind, firstName: `N${i}`, lastName: 'Ruiz', lastName2: null, avatar: null })) },
    });
    const calls = start({ 'GET people/3': me(['daughter']) });
    const view = await renderApp({ path: '/settings/notifications', session: signedIn() });
    const summary = await region('Resumen semanal para familias');
    const toggle = within(summary).getByRole('switch', { name: 'Recibir el resumen semanal de tareas de mis hijos' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(within(summary).getByText(/Cada viernes por la tarde/)).toBeTruthy();
    fireEvent.click(toggle);
    await waitFor(() => expect(puts(calls).at(-1)).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, guardianSummary: true }));
    view.unmount();

    start({ 'GET people/3': me(['mother']) });
    await renderApp({ path: '/settings/notifications', session: signedIn() });
    await region('Resumen diario por correo');
    expect(screen.queryByRole('region', { name: 'Resumen semanal para familias' })).toBeNull();
  });

  it('says in the person’s language why a save failed, keeps the edit and sends it again', async () => {
    let refuse = true;
    const calls = start({
      [`PUT ${PATH}`]: (call) => (refuse ? { status: 400, body: { error: 'bad_request', message: 'quietHours.start: Invalid' } } : { body: JSON.parse(String(call.init?.body)) }),
    });
    await renderApp({ path: '/settings/notifications', session: signedIn() });
    const channels = await region('Por dónde te avisamos');
    const sms = within(channels).getByRole('switch', { name: 'SMS' }) as HTMLInputElement;
    fireEvent.click(sms);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se guardaron los cambios: El servidor no aceptó estos valores. Revisa las horas e inténtalo de nuevo.');
    expect(sms.checked).toBe(true);

    refuse = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByText('Cambios guardados')).toBeTruthy();
    expect(puts(calls)).toHaveLength(2);
    expect(puts(calls)[1].channels.sms).toBe(true);
  });

  it('sends a waiting change when the screen is left', async () => {
    const calls = start();
    const { router } = await renderApp({ path: '/settings/notifications', session: signedIn() });
    const channels = await region('Por dónde te avisamos');
    fireEvent.click(within(channels).getByRole('switch', { name: 'SMS' }));
    await router.navigate('/inbox');
    // Well before the autosave's delay: the screen closing sent it.
    await waitFor(() => expect(puts(calls)).toHaveLength(1), { timeout: 300 });
    expect(puts(calls)[0].channels.sms).toBe(true);
  });
});
