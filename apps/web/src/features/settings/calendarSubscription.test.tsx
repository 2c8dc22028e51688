import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubCall } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(3) });
const FIRST = 'webcal://school.test/api/demo/calendar/subscriptions/5-AbCd.ics';
const SECOND = 'webcal://school.test/api/demo/calendar/subscriptions/6-EfGh.ics';
const family = { 'PUT settings/time-zone': false, 'POST calendar/sources': false };
const callsTo = (calls: StubCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url === `${BASE}${path}`);

describe('calendar subscription in settings', { timeout: 30_000 }, () => {
  it('creates the private link, shows it with the https form for Google, resets it and turns it off after confirming', async () => {
    let current: string | null = null;
    const next = [FIRST, SECOND];
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': { body: family },
      'GET people/3/calendar/subscription': () => ({ body: { url: current, createdAt: current ? '2026-03-02T10:00:00.000Z' : null } }),
      'POST people/3/calendar/subscription': () => {
        current = next.shift() ?? null;
        return { status: 201, body: { url: current, createdAt: '2026-03-02T10:00:00.000Z' } };
      },
      'DELETE people/3/calendar/subscription': () => {
        current = null;
        return { status: 204 };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/settings', session: signedIn() });
    const section = await screen.findByRole('region', { name: 'Suscripción al calendario' }, { timeout: 20_000 });

    fireEvent.click(await within(section).findByRole('button', { name: 'Crear mi enlace de calendario' }));
    const link = await within(section).findByRole('textbox', { name: 'Tu enlace privado de calendario' });
    expect((link as HTMLInputElement).value).toBe(FIRST);
    expect(within(section).getByRole('link', { name: 'Abrir en mi app de calendario' }).getAttribute('href')).toBe(FIRST);
    expect(within(section).getByRole('button', { name: 'Copiar' })).toBeTruthy();
    const google = within(section).getByRole('region', { name: 'Google Calendar' });
    expect(within(google).getByText('https://school.test/api/demo/calendar/subscriptions/5-AbCd.ics')).toBeTruthy();
    expect(within(section).getByRole('region', { name: 'Outlook' })).toBeTruthy();
    expect(within(section).getByRole('region', { name: 'Calendario de Apple' })).toBeTruthy();

    // Reset: asked first (the old link stops working), then a new address replaces the old one.
    fireEvent.click(within(section).getByRole('button', { name: 'Cambiar el enlace' }));
    const resetDialog = await screen.findByRole('dialog', { name: '¿Cambiar el enlace?' });
    expect(within(resetDialog).getByText(/El enlace actual dejará de funcionar/)).toBeTruthy();
    expect(callsTo(calls, 'POST', 'people/3/calendar/subscription')).toHaveLength(1);
    fireEvent.click(within(resetDialog).getByRole('button', { name: 'Cambiar el enlace' }));
    await waitFor(() => expect((within(section).getByRole('textbox', { name: 'Tu enlace privado de calendario' }) as HTMLInputElement).value).toBe(SECOND));
    expect(callsTo(calls, 'POST', 'people/3/calendar/subscription')).toHaveLength(2);

    // Cancel leaves it alone; confirming turns it off.
    fireEvent.click(within(section).getByRole('button', { name: 'Desactivar' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '¿Desactivar el enlace?' })).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'DELETE', 'people/3/calendar/subscription')).toHaveLength(0);
    fireEvent.click(within(section).getByRole('button', { name: 'Desactivar' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: '¿Desactivar el enlace?' })).getByRole('button', { name: 'Desactivar' }));
    expect(await within(section).findByRole('button', { name: 'Crear mi enlace de calendario' })).toBeTruthy();
    expect(callsTo(calls, 'DELETE', 'people/3/calendar/subscription')).toHaveLength(1);
    expect(within(section).queryByRole('textbox', { name: 'Tu enlace privado de calendario' })).toBeNull();
  });

  it('says so when the link cannot be created', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'POST allowed': { body: family },
      'GET people/3/calendar/subscription': { body: { url: null, createdAt: null } },
      'POST people/3/calendar/subscription': { status: 500, body: { error: 'internal', message: 'Something went wrong on our side. Please try again.' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/settings', session: signedIn() });
    const section = await screen.findByRole('region', { name: 'Suscripción al calendario' }, { timeout: 20_000 });
    fireEvent.click(await within(section).findByRole('button', { name: 'Crear mi enlace de calendario' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('Algo salió mal. Inténtalo de nuevo en un momento.');
  });

  it('keeps the school sections from a parent: no time zone, no external calendars, none of their requests', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': { body: family },
      'GET people/3/calendar/subscription': { body: { url: FIRST, createdAt: '2026-03-02T10:00:00.000Z' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/settings', session: signedIn() });
    await screen.findByRole('textbox', { name: 'Tu enlace privado de calendario' }, { timeout: 20_000 });
    await waitFor(() => expect(calls.some((c) => c.url === `${BASE}allowed`)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Zona horaria del colegio' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Calendarios externos' })).toBeNull();
    expect(calls.some((c) => c.url.includes('calendar/sources') || c.url.includes('settings/time-zone'))).toBe(false);
    // Each school section asks for its own rights (the appearance section too): the calendar's among them.
    const asked = calls.filter((c) => c.url === `${BASE}allowed`).flatMap((c) => JSON.parse(String(c.init?.body)) as string[]);
    expect(asked).toEqual(expect.arrayContaining(['PUT settings/time-zone', 'POST calendar/sources']));
  });
});
