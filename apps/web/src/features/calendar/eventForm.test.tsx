import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { epochOfWallClock, localDateOf } from '@patio/core/calendar/times';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubCall } from '../../test/fetchStub';
import { calendarEvent, FEEDS, stubWebFonts, signedIn } from './calendar.fixtures';

const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));
const SETTINGS = { title: 'Colegio Demo', color: '#1C89B8', logo: null, signIn: {}, timeZone: 'Europe/Madrid' };
const NODES = {
  types: [{ id: 1, key: 'class', singular: { es: 'Curso' }, plural: { es: 'Cursos' } }],
  nodes: [{ id: 5, parentId: null, typeId: 1, typeKey: 'class', name: '7A', position: 0, memberCount: 30 }],
};

async function openForm(allowed = true) {
  const stub = stubFetch(BASE, {
    'POST allowed': { body: { 'POST calendar/events': allowed } },
    'GET people/7/calendar/feeds': { body: FEEDS },
    'GET vue/settings': { body: SETTINGS },
    'GET nodes': { body: NODES },
    'POST calendar/events': (call) => ({ status: 201, body: calendarEvent({ ...bodyOf(call), canEdit: true }) }),
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path: '/calendar', session: signedIn() });
  await screen.findByRole('heading', { level: 1, name: 'Calendario' }, { timeout: 20_000 });
  return { ...stub, ...app };
}

/** Picks the 15th of the month the picker opens on. */
async function pickFifteenth(label: string) {
  fireEvent.click(await screen.findByRole('button', { name: label }));
  const days = await screen.findAllByRole('button', { name: /^15 / });
  fireEvent.click(days.find((day) => !day.hasAttribute('data-outside')) ?? days[0]);
  await waitFor(() => expect(screen.queryAllByRole('button', { name: /^15 / })).toHaveLength(0));
}

describe('new event on a group calendar', { timeout: 30_000 }, () => {
  beforeAll(stubWebFonts);

  it('is offered to staff only', async () => {
    await openForm(false);
    await screen.findByRole('checkbox', { name: 'Publicaciones' });
    expect(screen.queryByRole('button', { name: 'Nuevo evento' })).toBeNull();
  });

  it("refuses an end before the start, then sends the school's wall-clock time as epoch seconds", async () => {
    const { calls } = await openForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo evento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo evento' });
    // The day the form opens on is the next whole hour's, in the school's zone.
    const month = localDateOf(Math.floor(Date.now() / 3_600_000) * 3600 + 3600, 'Europe/Madrid').slice(0, 7);
    await pickFifteenth('Fecha de inicio');
    await pickFifteenth('Fecha de fin');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Título del evento' }), { target: { value: 'Reunión de padres' } });
    fireEvent.change(within(dialog).getByLabelText('Hora de inicio'), { target: { value: '10:00' } });
    fireEvent.change(within(dialog).getByLabelText('Hora de fin'), { target: { value: '09:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear evento' }));
    expect(await within(dialog).findByText('El evento termina antes de empezar.')).toBeTruthy();
    expect(within(dialog).getByText('Elige el calendario del grupo.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('calendar/events'))).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Hora de fin'), { target: { value: '11:30' } });
    await waitFor(() => expect(within(dialog).queryByText('El evento termina antes de empezar.')).toBeNull());
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Calendario del grupo/ }), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Repetir' }), { target: { value: 'weekly' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Fin de la repetición' }), { target: { value: 'count' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Número de veces' }), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: /Preguntar si asistirán/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear evento' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo evento' })).toBeNull());
    const sent = bodyOf(calls.find((c) => c.method === 'POST' && c.url.endsWith('calendar/events')));
    const day = `${month}-15`;
    expect(sent).toEqual({
      nodeId: 5,
      title: 'Reunión de padres',
      secondary: '',
      location: '',
      startDate: epochOfWallClock(day, 10 * 3600, 'Europe/Madrid'),
      endDate: epochOfWallClock(day, 11.5 * 3600, 'Europe/Madrid'),
      allDay: false,
      recurrence: { freq: 'weekly', interval: 1, count: 6, until: null, exceptions: [] },
      rsvp: true,
    });
    // Madrid, not Bogotá: ten o'clock there is 08:00 or 09:00 UTC.
    expect([8, 9]).toContain(new Date(sent.startDate * 1000).getUTCHours());
  });

  it('says in words what is wrong with a repetition', async () => {
    await openForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo evento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo evento' });
    // The form waits for the school's time zone before it shows.
    fireEvent.change(await within(dialog).findByRole('combobox', { name: 'Repetir' }), { target: { value: 'daily' } });
    expect(within(dialog).getByRole('textbox', { name: 'Cada cuántos días' })).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Fin de la repetición' }), { target: { value: 'until' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear evento' }));
    expect(await within(dialog).findByText('Elige una fecha y una hora.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Todo el día' }));
    expect(within(dialog).queryByLabelText('Hora de inicio')).toBeNull();
  });
});
