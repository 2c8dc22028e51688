import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(1) });
const admin = { 'PUT settings/time-zone': true, 'POST calendar/sources': true };
const SETTINGS = { title: 'Colegio Demo', color: '#1c89b8', logo: null, signIn: { google: false, office: false, apple: false }, timeZone: 'America/Bogota' };
const NODES = {
  types: [{ id: 1, key: 'class', singular: { es: 'Curso' }, plural: { es: 'Cursos' } }],
  nodes: [{ id: 7, parentId: null, typeId: 1, typeKey: 'class', name: '7A', position: 0, memberCount: 30 }],
};
const source = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id, name, url: `https://example.org/${id}.ics`, nodeId: null, lastFetchedAt: '2026-03-02T10:00:00.000Z', lastError: null, events: 12, ...extra,
});
const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));
const callsTo = (calls: StubCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url === `${BASE}${path}`);

async function openSettings(routes: Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>) {
  const stub = stubFetch(BASE, {
    'POST allowed': { body: admin },
    'GET people/1/calendar/subscription': { body: { url: null, createdAt: null } },
    'GET vue/settings': { body: SETTINGS },
    'GET nodes': { body: NODES },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path: '/settings', session: signedIn() });
  return { ...stub, ...app };
}

describe("the school's calendar in settings (administrators)", { timeout: 30_000 }, () => {
  it('shows the school zone and saves another one picked by searching; an unknown zone is explained', async () => {
    let answer: StubAnswer = { body: { timeZone: 'Europe/Madrid' } };
    const { calls } = await openSettings({ 'GET calendar/sources': { body: [] }, 'PUT settings/time-zone': () => answer });
    const section = await screen.findByRole('region', { name: 'Zona horaria del colegio' }, { timeout: 20_000 });
    const select = await within(section).findByRole('combobox', { name: 'Zona horaria' });
    await waitFor(() => expect((select as HTMLInputElement).value).toMatch(/^America\/Bogota \(GMT-05:00\)$/));
    const save = within(section).getByRole('button', { name: 'Guardar zona horaria' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    // Typed into with focus, as a person does (a write without focus counts as autofill).
    select.focus();
    fireEvent.click(select);
    fireEvent.change(select, { target: { value: 'Madrid' } });
    // jsdom never ends the dropdown's opening transition, so its options stay hidden to role queries.
    fireEvent.click(await screen.findByRole('option', { name: /^Europe\/Madrid/, hidden: true }));
    fireEvent.click(save);
    await waitFor(() => expect(callsTo(calls, 'PUT', 'settings/time-zone')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, 'PUT', 'settings/time-zone')[0])).toEqual({ timeZone: 'Europe/Madrid' });
    expect(await within(section).findByText('Zona horaria guardada: Europe/Madrid.')).toBeTruthy();

    answer = { status: 400, body: { error: 'invalid_time_zone', message: 'This is not a time zone this server knows' } };
    select.focus();
    fireEvent.click(select);
    fireEvent.change(select, { target: { value: 'Tokyo' } });
    fireEvent.click(await screen.findByRole('option', { name: /^Asia\/Tokyo/, hidden: true }));
    fireEvent.click(save);
    expect((await within(section).findByRole('alert')).textContent).toBe('Esa zona horaria no es válida. Elige una de la lista.');
  });

  it('lists external calendars with their last error, adds one (explaining a 422), refreshes and removes one', async () => {
    let sources = [source(3, 'Festivos', { lastError: 'HTTP 500 from example.org' }), source(4, 'Liga de fútbol', { nodeId: 7, lastFetchedAt: null, events: 0 })];
    let addAnswer: StubAnswer = { status: 422, body: { error: 'feed_unreachable', message: 'The calendar could not be downloaded' } };
    const { calls } = await openSettings({
      'GET calendar/sources': () => ({ body: sources }),
      'POST calendar/sources': (call) => {
        if (addAnswer.status === 201) sources = [...sources, source(9, bodyOf(call).name)];
        return addAnswer;
      },
      'POST calendar/sources/3/refresh': { status: 202 },
      'DELETE calendar/sources/4': () => {
        sources = sources.filter((s) => s.id !== 4);
        return { status: 204 };
      },
    });
    const section = await screen.findByRole('region', { name: 'Calendarios externos' }, { timeout: 20_000 });
    const list = await within(section).findByRole('list', { name: 'Calendarios externos del colegio' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Festivos')).toBeTruthy();
    expect(within(items[0]!).getByText('Lo ven: Todo el colegio')).toBeTruthy();
    expect(within(items[0]!).getByRole('alert').textContent).toBe('La última actualización falló: HTTP 500 from example.org');
    expect(within(items[1]!).getByText('Lo ven: 7A (Curso)')).toBeTruthy();
    expect(within(items[1]!).getByText('Todavía no se ha importado.')).toBeTruthy();

    // The form checks what it can before asking the server.
    fireEvent.click(within(section).getByRole('button', { name: 'Agregar calendario' }));
    expect(within(section).getByText('Escribe un nombre para el calendario.')).toBeTruthy();
    expect(callsTo(calls, 'POST', 'calendar/sources')).toHaveLength(0);

    fireEvent.change(within(section).getByRole('textbox', { name: 'Nombre' }), { target: { value: 'Ciudad' } });
    fireEvent.change(within(section).getByRole('textbox', { name: /Dirección del calendario/ }), { target: { value: 'webcal://example.org/city.ics' } });
    fireEvent.change(within(section).getByRole('combobox', { name: /Quiénes lo ven/ }), { target: { value: '7' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Agregar calendario' }));
    expect(await within(section).findByText(/No pudimos descargar el calendario desde esa dirección/)).toBeTruthy();
    expect(bodyOf(callsTo(calls, 'POST', 'calendar/sources')[0])).toEqual({ name: 'Ciudad', url: 'webcal://example.org/city.ics', nodeId: 7 });

    addAnswer = { status: 422, body: { error: 'feed_invalid', message: 'Not an ICS calendar' } };
    fireEvent.click(within(section).getByRole('button', { name: 'Agregar calendario' }));
    expect(await within(section).findByText(/Esa dirección no tiene un calendario ICS/)).toBeTruthy();

    addAnswer = { status: 201, body: source(9, 'Ciudad') };
    fireEvent.click(within(section).getByRole('button', { name: 'Agregar calendario' }));
    expect(await within(list).findByText('Ciudad')).toBeTruthy();
    expect((within(section).getByRole('textbox', { name: 'Nombre' }) as HTMLInputElement).value).toBe('');

    fireEvent.click(within(section).getByRole('button', { name: 'Actualizar ahora: Festivos' }));
    expect(await within(section).findByText('Actualización pedida: la lista cambiará en unos momentos.')).toBeTruthy();
    expect(callsTo(calls, 'POST', 'calendar/sources/3/refresh')).toHaveLength(1);

    fireEvent.click(within(section).getByRole('button', { name: 'Quitar: Liga de fútbol' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Quitar este calendario?' });
    expect(within(dialog).getByText(/Se quitará «Liga de fútbol»/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitar calendario' }));
    await waitFor(() => expect(within(list).queryByText('Liga de fútbol')).toBeNull());
    expect(callsTo(calls, 'DELETE', 'calendar/sources/4')).toHaveLength(1);
  });
});
