import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(1) });
const SETTINGS = { title: 'Colegio Demo', color: '#1C89B8', logo: null, signIn: { google: false, office: false, apple: false }, timeZone: 'America/Bogota', signInLink: true };
const APPEARANCE = {
  name: 'Colegio Demo',
  color: '#1C89B8',
  logo: null,
  language: 'es',
  timeZone: 'America/Bogota',
  signInMethods: { password: true, link: true, providers: { google: false, office: false, apple: false } },
};
const callsTo = (calls: StubCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url === `${BASE}${path}`);

async function openSettings(routes: Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>) {
  const stub = stubFetch(BASE, {
    'POST allowed': { body: { 'PUT settings/appearance': true } },
    'GET people/1/calendar/subscription': { body: { url: null, createdAt: null } },
    'GET vue/settings': { body: SETTINGS },
    'GET settings/appearance': { body: APPEARANCE },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path: '/settings', session: signedIn() });
  return { ...stub, ...app };
}

describe('the school appearance in settings (issue 33 item 4)', { timeout: 30_000 }, () => {
  it('item 4: warns live about an unreadable colour, saves name, colour and mailed links, and the app bar takes the colour without a reload', async () => {
    const saved = { ...APPEARANCE, name: 'Colegio Los Andes', color: '#6A1B9A', signInMethods: { ...APPEARANCE.signInMethods, link: false } };
    const { calls } = await openSettings({ 'PUT settings/appearance': { body: saved } });
    const section = await screen.findByRole('region', { name: 'Apariencia del colegio' }, { timeout: 20_000 });
    const color = await within(section).findByRole('textbox', { name: 'Color del colegio' });
    const save = within(section).getByRole('button', { name: 'Guardar apariencia' });

    fireEvent.change(color, { target: { value: '#FFFF00' } });
    expect((await within(section).findByRole('alert')).textContent).toMatch(/se lee mal \(1\.1:1\)/);
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(color, { target: { value: '#6A1B9A' } });
    await waitFor(() => expect(within(section).queryByRole('alert')).toBeNull());
    fireEvent.change(within(section).getByRole('textbox', { name: /Nombre del colegio/ }), { target: { value: 'Colegio Los Andes' } });
    fireEvent.click(within(section).getByRole('switch', { name: 'Enviar un enlace de acceso por correo' }));
    fireEvent.click(save);

    await waitFor(() => expect(callsTo(calls, 'PUT', 'settings/appearance')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(calls, 'PUT', 'settings/appearance')[0].init?.body))).toEqual({
      name: 'Colegio Los Andes',
      color: '#6A1B9A',
      logo: null,
      language: 'es',
      timeZone: 'America/Bogota',
      signInMethods: { link: false },
    });
    expect(await within(section).findByText('Apariencia guardada.')).toBeTruthy();
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--school-bar')).toBe('#6A1B9A'));
    expect(document.documentElement.style.getPropertyValue('--patio-8')).not.toBe('');
  });

  it('item 4: explains a colour the server refuses as unreadable', async () => {
    await openSettings({ 'PUT settings/appearance': { status: 400, body: { error: 'color_unreadable', message: 'White text on this colour would be hard to read' } } });
    const section = await screen.findByRole('region', { name: 'Apariencia del colegio' }, { timeout: 20_000 });
    fireEvent.click(await within(section).findByRole('button', { name: 'Guardar apariencia' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('El texto blanco sobre este color se lee mal. Elige un color más oscuro.');
  });

  it('item 4: /login leaves out "Enviarme un enlace de acceso" when the school turned mailed links off, and shows its logo', async () => {
    const logo = `${BASE}settings/appearance/logo/${'a'.repeat(32)}.png`;
    const stub = stubFetch(BASE, { 'GET vue/settings': { body: { ...SETTINGS, signInLink: false, logo } } });
    vi.stubGlobal('fetch', stub.fetchMock);
    await renderApp({ path: '/login', session: { url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: null } });
    const image = await screen.findByRole('img', { name: /Colegio Demo/ }, { timeout: 20_000 });
    expect(image.getAttribute('src')).toBe(logo);
    expect(screen.queryByRole('button', { name: /enlace de acceso/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeTruthy();
  });
});

