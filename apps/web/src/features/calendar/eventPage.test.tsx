import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PostEvent } from '@patio/core/schemas/calendar';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { calendarEvent, ME, signedIn, stubWebFonts, threadWithEvent } from './calendar.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;

const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

async function open(path: string, routes: Routes, ready: () => Promise<unknown>) {
  const stub = stubFetch(BASE, routes);
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn() });
  await ready();
  return { ...stub, ...app };
}

/** RSVP answers as the server gives them: counts follow the caller's answer. */
function rsvpServer() {
  let mine: 'going' | 'not_going' | null = null;
  const summary = () => ({ enabled: true, mine, going: 3 + (mine === 'going' ? 1 : 0), notGoing: 1 + (mine === 'not_going' ? 1 : 0) });
  return {
    put: (call: StubCall): StubAnswer => {
      mine = bodyOf(call).answer;
      return { body: summary() };
    },
    remove: (): StubAnswer => {
      mine = null;
      return { body: summary() };
    },
  };
}

describe('event screen', { timeout: 30_000 }, () => {
  beforeAll(stubWebFonts);

  afterEach(() => {
    URL.createObjectURL = objectUrls.create;
    URL.revokeObjectURL = objectUrls.revoke;
  });

  const openEvent = (routes: Routes = {}) =>
    open('/calendar/events/31', { 'GET calendar/events/31': { body: calendarEvent() }, 'POST allowed': { body: {} }, ...routes }, () =>
      screen.findByRole('heading', { level: 2, name: 'Feria de ciencias' }, { timeout: 20_000 }),
    );

  it('shows when, where, the calendar and the details in the interface language', async () => {
    await openEvent();
    expect(screen.getByRole('heading', { level: 1, name: 'Evento' })).toBeTruthy();
    expect(screen.getByText('sábado, 19 de diciembre de 2026')).toBeTruthy();
    expect(screen.getByText('Coliseo')).toBeTruthy();
    expect(screen.getByText('7A')).toBeTruthy();
    expect(screen.getByText('Traer el proyecto impreso.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
  });

  it('answers going, shows the new counts, changes to not going and withdraws', async () => {
    const server = rsvpServer();
    const { calls } = await openEvent({ 'PUT calendar/events/31/rsvp': server.put, 'DELETE calendar/events/31/rsvp': server.remove });
    expect(screen.getByText('3 asistirán · 1 no asistirá')).toBeTruthy();
    const going = screen.getByRole('button', { name: 'Asistiré' });
    expect(going.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(going);
    expect(await screen.findByText('4 asistirán · 1 no asistirá')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Asistiré' }).getAttribute('aria-pressed')).toBe('true');
    // Pressing the answer already given sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Asistiré' }));
    fireEvent.click(screen.getByRole('button', { name: 'No asistiré' }));
    expect(await screen.findByText('3 asistirán · 2 no asistirán')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar mi respuesta' }));
    expect(await screen.findByText('3 asistirán · 1 no asistirá')).toBeTruthy();
    const answers = calls.filter((c) => c.url.endsWith('/rsvp')).map((c) => `${c.method} ${c.init?.body ?? ''}`);
    expect(answers).toEqual(['PUT {"answer":"going"}', 'PUT {"answer":"not_going"}', 'DELETE ']);
  });

  it('says so when the answer could not be saved', async () => {
    await openEvent({ 'PUT calendar/events/31/rsvp': { status: 409, body: { error: 'rsvp_closed', message: 'Closed' } } });
    fireEvent.click(screen.getByRole('button', { name: 'No asistiré' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo guardar tu respuesta. Inténtalo de nuevo.');
    expect(screen.getByText('3 asistirán · 1 no asistirá')).toBeTruthy();
  });

  it('downloads the event as an ICS file with the bearer token', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:event');
    URL.revokeObjectURL = vi.fn();
    const { calls } = await openEvent({
      'GET calendar/events/31/ics': { body: 'BEGIN:VCALENDAR', headers: { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'attachment; filename="Feria de ciencias.ics"' } },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Agregar a mi calendario' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const download = calls.find((c) => c.url === `${BASE}calendar/events/31/ics`);
    expect((download?.init?.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe('Feria de ciencias.ics');
    click.mockRestore();
  });

  it('lets whoever may edit change and delete the event', async () => {
    const editable = calendarEvent({ canEdit: true, rsvp: { enabled: false, mine: null, going: 0, notGoing: 0 } });
    const { calls, router } = await openEvent({
      'GET calendar/events/31': { body: editable },
      'GET vue/settings': { body: { title: 'Colegio Demo', color: '#1C89B8', logo: null, signIn: {}, timeZone: 'America/Bogota' } },
      'PUT calendar/events/31': (call) => ({ body: { ...editable, title: bodyOf(call).title } }),
      'DELETE calendar/events/31': { status: 204 },
    });
    expect(screen.queryByRole('button', { name: 'Asistiré' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar evento' });
    const title = within(dialog).getByRole('textbox', { name: 'Título del evento' }) as HTMLInputElement;
    expect(title.value).toBe('Feria de ciencias');
    fireEvent.change(title, { target: { value: 'Feria de ciencias 2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Feria de ciencias 2026' })).toBeTruthy();
    const saved = bodyOf(calls.find((c) => c.method === 'PUT'));
    // The same all-day day went back: Bogotá midnight to the next midnight.
    expect(saved).toMatchObject({ title: 'Feria de ciencias 2026', allDay: true, startDate: Date.UTC(2026, 11, 19, 5) / 1000, endDate: Date.UTC(2026, 11, 20, 5) / 1000, location: 'Coliseo', recurrence: null });

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar este evento?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `${BASE}calendar/events/31`)).toBe(true);
  });

  it('answers the same not-found screen for an event that is not for the caller or does not exist', async () => {
    await open('/calendar/events/999', { 'GET calendar/events/999': { status: 404, body: { error: 'not_found', message: 'Not found' } } }, () =>
      screen.findByText('No encontramos este evento', {}, { timeout: 20_000 }),
    );
    expect(screen.getByText('Puede que lo hayan eliminado o que no sea para ti.')).toBeTruthy();
  });
});

describe('the event of a post, on its card', { timeout: 30_000 }, () => {
  const weekly: PostEvent = {
    id: 30,
    title: '',
    secondary: '',
    location: 'Museo del Oro',
    startDate: Date.UTC(2026, 11, 3, 15) / 1000,
    endDate: Date.UTC(2026, 11, 3, 16) / 1000,
    allDay: false,
    start: '2026-12-03T10:00:00-05:00',
    end: '2026-12-03T11:00:00-05:00',
    timeZone: 'America/Bogota',
    recurrence: { freq: 'weekly', interval: 1, count: null, until: '2026-12-19', exceptions: [] },
    rsvp: true,
  };
  const openThread = (event: PostEvent, routes: Routes = {}, authorId = 2) =>
    open(
      '/calendar/threads/feed/140',
      {
        [`GET people/${ME}/threads/feed/140`]: { body: threadWithEvent(event, authorId) },
        'GET calendar/events/30': { body: calendarEvent({ id: 30, title: 'Sin título', post: { id: 1, type: 'circular', thread: 140 }, node: null, feed: 'posts' }) },
        'POST allowed': { body: { 'calendar/events/30/rsvps': false } },
        ...routes,
      },
      () => screen.findByRole('article', { name: 'Circular 1' }, { timeout: 20_000 }),
    );

  it('shows when, where and how it repeats, with the untitled name, ICS and a way to the calendar', async () => {
    await openThread(weekly);
    const panel = screen.getByRole('region', { name: 'Evento en el calendario' });
    expect(within(panel).getByText('Sin título')).toBeTruthy();
    expect(within(panel).getByText(/3 dic 2026/)).toBeTruthy();
    expect(within(panel).getByText('Museo del Oro')).toBeTruthy();
    expect(within(panel).getByText('Cada semana hasta el 19 de diciembre de 2026')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Agregar a mi calendario' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Ver en el calendario' }).getAttribute('href')).toBe('/calendar?date=2026-12-03');
    expect(await within(panel).findByText('3 asistirán · 1 no asistirá')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Ver quiénes respondieron' })).toBeNull();
  });

  it('asks nothing about RSVP when the author did not ask', async () => {
    const { calls } = await openThread({ ...weekly, rsvp: false, recurrence: null });
    expect(screen.queryByRole('button', { name: 'Asistiré' })).toBeNull();
    expect(calls.some((c) => c.url.endsWith('calendar/events/30'))).toBe(false);
  });

  it('answers from the card and shows the author who answered', async () => {
    const server = rsvpServer();
    const { calls } = await openThread(
      weekly,
      {
        'POST allowed': { body: { 'calendar/events/30/rsvps': true } },
        'PUT calendar/events/30/rsvp': server.put,
        'GET calendar/events/30/rsvps': { body: { going: [{ id: 8, firstName: 'Ana', lastName: 'Ruiz', lastName2: null, avatar: null }], notGoing: [] } },
      },
      ME,
    );
    const panel = screen.getByRole('region', { name: 'Evento en el calendario' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Asistiré' }));
    expect(await within(panel).findByText('4 asistirán · 1 no asistirá')).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === 'PUT'))).toEqual({ answer: 'going' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Ver quiénes respondieron' }));
    const dialog = await screen.findByRole('dialog', { name: 'Respuestas al evento' });
    expect(await within(dialog).findByText('Ruiz, Ana')).toBeTruthy();
    expect(within(dialog).getByText('Nadie todavía.')).toBeTruthy();
  });
});
