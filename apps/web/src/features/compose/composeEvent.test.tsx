import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// Loaded before the clock is faked: zoned dates are built on the real Date class, as in a browser.
import '@patio/core/calendar/times';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { card, POST_TYPES, postType, signedIn } from './compose.fixtures';

// Friday 27 March 2026, 11:15 in Madrid (UTC+1): Spain moves to summer time on Sunday the 29th.
const NOW = new Date('2026-03-27T10:15:00Z');
const at = (iso: string) => Date.parse(iso) / 1000;
const SETTINGS = { title: 'Colegio Demo', color: '#1c89b8', logo: null, signIn: { google: false, office: false, apple: false }, timeZone: 'Europe/Madrid' };
const TYPES = [...POST_TYPES, postType('event', 'Evento')];

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));
const callsTo = (calls: StubCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url === `${BASE}${path}`);
const saves = (calls: StubCall[]) => calls.filter((c) => (c.method === 'PUT' && c.url.startsWith(`${BASE}posts/`)) || (c.method === 'POST' && c.url.endsWith('posts/drafts')));

async function openCompose(extra: Routes = {}, path = '/compose') {
  const stub = stubFetch(BASE, { 'POST allowed': { body: { 'POST audiences/preview': true } }, 'GET post-types': { body: TYPES }, 'GET vue/settings': { body: SETTINGS }, ...extra });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn(3) });
  await screen.findByRole('textbox', { name: 'Asunto' }, { timeout: 20_000 });
  return { ...stub, ...app };
}

/** A recipient, and a subject so publishing has one (issue 33 item 2). */
async function addRecipient() {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar personas del colegio' }), { target: { value: 'ana' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Agregar a Ruiz, Ana' }));
  const subject = screen.getByRole('textbox', { name: 'Asunto' }) as HTMLInputElement;
  if (subject.value === '') fireEvent.change(subject, { target: { value: 'Salida' } });
}

const eventSection = () => screen.getByRole('region', { name: 'Evento en el calendario' });
const people = { 'GET people?q=ana&limit=8': { body: [card(8, 'Ana', 'Ruiz', ['relative'])], headers: { 'X-Total-Count': '1' } } };

describe('the event of a post in compose', { timeout: 40_000 }, () => {
  // Only the clock is frozen: timers run, so autosave and the screen behave as in a browser.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: NOW }));
  afterEach(() => vi.useRealTimers());

  it('is off by default and saves event: null; on, its fields go into the draft in the school zone, and the draft is published', async () => {
    const published = { id: 41, thread: 9, audienceCount: 1, publishDate: NOW.toISOString(), scheduled: false };
    const { calls, router } = await openCompose({
      ...people,
      'POST people/3/posts/drafts': { status: 201, body: { id: 41 } },
      'PUT posts/41': (call) => ({ body: { ...bodyOf(call), id: 41, updatedAt: NOW.toISOString() } }),
      'POST people/3/posts/sent': { status: 201, body: published },
    });
    const section = eventSection();
    expect(within(section).queryByRole('textbox', { name: 'Título del evento' })).toBeNull();
    await addRecipient();
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(bodyOf(saves(calls)[0]).event).toBeNull();

    fireEvent.click(within(section).getByRole('switch', { name: /Agregar un evento/ }));
    expect(within(section).getByText('Las fechas y horas están en la zona horaria del colegio (Europe/Madrid).')).toBeTruthy();
    fireEvent.change(within(section).getByRole('textbox', { name: 'Título del evento' }), { target: { value: 'Salida al museo' } });
    fireEvent.change(within(section).getByRole('textbox', { name: 'Lugar' }), { target: { value: 'Museo del Oro' } });
    fireEvent.change(within(section).getByLabelText('Hora de inicio'), { target: { value: '18:30' } });
    fireEvent.change(within(section).getByLabelText('Hora de fin'), { target: { value: '20:00' } });
    fireEvent.change(within(section).getByRole('combobox', { name: 'Repetir' }), { target: { value: 'weekly' } });
    fireEvent.click(within(section).getByRole('switch', { name: /Preguntar si asistirán/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sent/41'));

    // 18:30 in Madrid on the 27th is 17:30 UTC (winter time), whatever zone this machine is in.
    expect(bodyOf(saves(calls).at(-1)).event).toEqual({
      title: 'Salida al museo',
      secondary: '',
      location: 'Museo del Oro',
      startDate: at('2026-03-27T17:30:00Z'),
      endDate: at('2026-03-27T19:00:00Z'),
      allDay: false,
      recurrence: { freq: 'weekly', interval: 1, count: null, until: null, exceptions: [] },
      rsvp: true,
    });
    expect(bodyOf(callsTo(calls, 'POST', 'people/3/posts/sent')[0])).toEqual({ draft: 41 });
  });

  it('sends an all-day event from local midnight to the midnight after its last day, and null once turned off', async () => {
    const { calls } = await openCompose({
      'POST people/3/posts/drafts': { status: 201, body: { id: 41 } },
      'PUT posts/41': (call) => ({ body: { ...bodyOf(call), id: 41, updatedAt: NOW.toISOString() } }),
    });
    const section = eventSection();
    fireEvent.click(within(section).getByRole('switch', { name: /Agregar un evento/ }));
    fireEvent.click(within(section).getByRole('switch', { name: 'Todo el día' }));
    await waitFor(() => expect(saves(calls).length).toBeGreaterThan(0));
    await waitFor(() => expect(bodyOf(saves(calls).at(-1)).event).toMatchObject({ allDay: true, startDate: at('2026-03-26T23:00:00Z'), endDate: at('2026-03-27T23:00:00Z') }));

    fireEvent.click(within(section).getByRole('switch', { name: /Agregar un evento/ }));
    await waitFor(() => expect(bodyOf(saves(calls).at(-1)).event).toBeNull());
  });

  it('turns on when the post type "event" is chosen', async () => {
    await openCompose();
    const section = eventSection();
    fireEvent.change(screen.getByRole('combobox', { name: 'Tipo de publicación' }), { target: { value: 'event' } });
    expect((within(section).getByRole('switch', { name: /Agregar un evento/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(section).getByRole('textbox', { name: 'Título del evento' })).toBeTruthy();
  });

  it('reopens a draft with its event read in the school zone and saves it back in the input shape', async () => {
    // 16:30 in Madrid on 2 April is 14:30 UTC (summer time).
    const event = {
      id: 77, title: 'Reunión de padres', secondary: '', location: 'Aula 3', startDate: at('2026-04-02T14:30:00Z'), endDate: at('2026-04-02T16:00:00Z'),
      allDay: false, start: '2026-04-02T16:30:00+02:00', end: '2026-04-02T18:00:00+02:00', timeZone: 'Europe/Madrid',
      recurrence: { freq: 'monthly', interval: 2, count: 3, until: null, exceptions: ['2026-06-02'] }, rsvp: true,
    };
    const draft = {
      id: 52, updatedAt: NOW.toISOString(), type: 'circular', title: 'Reunión', description: '', audience: { people: [8], rules: null, relatives: false },
      settings: { highlight: false, notifications: true, recipientsVisible: false, replies: 'author', forward: false }, quotes: [], publishDate: null, expirationDate: null, event,
    };
    const { calls } = await openCompose({
      'GET people/3/posts/drafts/52': { body: draft },
      'GET people/8': { body: card(8, 'Ana', 'Ruiz') },
      'PUT posts/52': (call) => ({ body: { ...bodyOf(call), id: 52, updatedAt: NOW.toISOString() } }),
    }, '/compose?draft=52');
    const section = eventSection();
    await waitFor(() => expect((within(section).getByRole('textbox', { name: 'Título del evento' }) as HTMLInputElement).value).toBe('Reunión de padres'));
    expect((within(section).getByRole('switch', { name: /Agregar un evento/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(section).getByLabelText('Hora de inicio') as HTMLInputElement).value).toBe('16:30');
    expect((within(section).getByLabelText('Hora de fin') as HTMLInputElement).value).toBe('18:00');
    expect((within(section).getByRole('combobox', { name: 'Repetir' }) as HTMLSelectElement).value).toBe('monthly');

    fireEvent.change(within(section).getByRole('textbox', { name: 'Lugar' }), { target: { value: 'Aula 4' } });
    await waitFor(() => expect(callsTo(calls, 'PUT', 'posts/52')).toHaveLength(1));
    expect(bodyOf(callsTo(calls, 'PUT', 'posts/52')[0]).event).toEqual({
      title: 'Reunión de padres',
      secondary: '',
      location: 'Aula 4',
      startDate: event.startDate,
      endDate: event.endDate,
      allDay: false,
      recurrence: event.recurrence,
      rsvp: true,
    });
  });

  it('keeps an event that ends before it starts from being published, and says why beside the field', async () => {
    const { calls } = await openCompose({ ...people, 'POST people/3/posts/drafts': { status: 201, body: { id: 41 } } });
    await addRecipient();
    const section = eventSection();
    fireEvent.click(within(section).getByRole('switch', { name: /Agregar un evento/ }));
    fireEvent.change(within(section).getByLabelText('Hora de inicio'), { target: { value: '18:00' } });
    fireEvent.change(within(section).getByLabelText('Hora de fin'), { target: { value: '17:00' } });
    expect(within(section).getByText('El evento termina antes de empezar.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Revisa el evento: hay fechas que faltan o no son válidas.');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(callsTo(calls, 'POST', 'people/3/posts/sent')).toHaveLength(0);
    // The draft never held the impossible event: the last whole one was saved.
    for (const save of saves(calls)) {
      const saved = bodyOf(save).event;
      if (saved) expect(saved.endDate).toBeGreaterThan(saved.startDate);
    }
  });

  it('shows what the server refused of the event beside its fields, translated', async () => {
    const refusal = {
      error: 'invalid_request',
      message: 'The request body is not valid: event.endDate: The event ends before it starts; event.recurrence.freq: Invalid option',
      details: [{ path: 'event.endDate', message: 'The event ends before it starts' }, { path: 'event.recurrence.freq', message: 'Invalid option' }],
    };
    await openCompose({ ...people, 'POST people/3/posts/drafts': { status: 201, body: { id: 41 } }, 'POST people/3/posts/sent': { status: 400, body: refusal } });
    await addRecipient();
    const section = eventSection();
    fireEvent.click(within(section).getByRole('switch', { name: /Agregar un evento/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await within(section).findByText('El evento termina antes de empezar.')).toBeTruthy();
    expect(within(section).getByText('No se pudo guardar el evento. Revisa la repetición y las fechas.')).toBeTruthy();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Revisa el evento: hay fechas que faltan o no son válidas.');

    // Changing the event puts the server's objection away until the next send.
    fireEvent.change(within(section).getByRole('textbox', { name: 'Lugar' }), { target: { value: 'Patio' } });
    await waitFor(() => expect(within(section).queryByText('El evento termina antes de empezar.')).toBeNull());
    expect(within(section).queryByText('No se pudo guardar el evento. Revisa la repetición y las fechas.')).toBeNull();
  });
});
