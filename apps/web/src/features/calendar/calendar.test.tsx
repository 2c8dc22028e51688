import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { DECEMBER, FAIR, FEEDS, feed, feedPath, weeklyOccurrence, signedIn } from './calendar.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;

const FEEDS_PATH = 'GET people/7/calendar/feeds';
const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));
const eventRequests = (calls: StubCall[]) => calls.filter((c) => c.url.includes('calendar/events?')).map((c) => c.url.slice(BASE.length));

async function openCalendar(extra: Routes = {}, path = '/calendar?date=2026-12-01', language = 'es-CO') {
  const stub = stubFetch(BASE, {
    'POST allowed': { body: { 'POST calendar/events': false } },
    [FEEDS_PATH]: { body: FEEDS },
    [feedPath('posts')]: { body: [weeklyOccurrence(3), weeklyOccurrence(10)] },
    [feedPath('node-5')]: { body: [FAIR] },
    ...extra,
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn(language) });
  await screen.findAllByRole('heading', { level: 1 }, { timeout: 20_000 });
  return { ...stub, ...app };
}

describe('calendar screen', { timeout: 30_000 }, () => {
  // The screens open on December 2026 as a month other than today's (the address keeps its date then):
  // today is a fixed day in November, whatever the real date.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T15:00:00Z'), shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('opens in the month list, one request per shown calendar, in Spanish', async () => {
    const { calls } = await openCalendar();
    expect(screen.getByRole('heading', { level: 1, name: 'Calendario' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: /diciembre de 2026/i })).toBeTruthy();
    expect((await screen.findAllByRole('link', { name: 'Salida al museo' })).length).toBe(2);
    expect(screen.getByRole('link', { name: 'Feria de ciencias' })).toBeTruthy();
    expect(screen.getByText('Todo el día')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Lista' }) as HTMLInputElement).checked).toBe(true);
    // The hidden calendar (node-6) is not asked for.
    expect(eventRequests(calls).sort()).toEqual([`calendar/events?${DECEMBER}&feed=node-5`, `calendar/events?${DECEMBER}&feed=posts`]);
  });

  it('speaks the interface language: English names the month and the views', async () => {
    await openCalendar({}, '/calendar?date=2026-12-01', 'en');
    expect(await screen.findByRole('heading', { level: 2, name: 'December 2026' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Month' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Posts' })).toBeTruthy();
    expect((await screen.findAllByText('all-day')).length).toBe(1);
  });

  it('switches to the month grid and keeps the view and month in the address', async () => {
    const { router, container } = await openCalendar();
    await screen.findByRole('link', { name: 'Feria de ciencias' });
    fireEvent.click(screen.getByRole('radio', { name: 'Mes' }));
    await waitFor(() => expect(container.querySelector('.fc-dayGridMonth-view')).toBeTruthy());
    await waitFor(() => expect(router.state.location.search).toBe('?date=2026-12-01&view=dayGridMonth'));
    expect((screen.getByRole('radio', { name: 'Mes' }) as HTMLInputElement).checked).toBe(true);
    // happy-dom has no layout, so the grid folds events into "+N" links: the day cell is what it can check.
    expect(container.querySelector('.fc-daygrid-day[data-date="2026-12-19"]')).toBeTruthy();
  });

  it('moves to the next month and asks for its window', async () => {
    const { calls } = await openCalendar({ [feedPath('posts', 'start=2026-12-31&end=2027-02-02')]: { body: [] }, [feedPath('node-5', 'start=2026-12-31&end=2027-02-02')]: { body: [] } });
    await screen.findByRole('link', { name: 'Feria de ciencias' });
    fireEvent.click(screen.getByRole('button', { name: 'Periodo siguiente' }));
    expect(await screen.findByRole('heading', { level: 2, name: /enero de 2027/i })).toBeTruthy();
    expect(eventRequests(calls)).toContain('calendar/events?start=2026-12-31&end=2027-02-02&feed=posts');
    // An empty month says what to do next.
    expect(await screen.findByText('No hay eventos en este periodo')).toBeTruthy();
  });

  it('shows a hidden calendar when its box is ticked, saving the choice', async () => {
    const { calls } = await openCalendar({
      'PUT people/7/calendar/feeds/node-6': (call) => ({ body: { ...FEEDS[2], enabled: bodyOf(call).enabled } }),
      [feedPath('node-6')]: { body: [{ ...FAIR, id: 44, title: 'Izada de bandera', start: '2026-12-07', end: '2026-12-08', feed: 'node-6' }] },
    });
    await screen.findByRole('link', { name: 'Feria de ciencias' });
    const box = screen.getByRole('checkbox', { name: 'Colegio Demo' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(await screen.findByRole('link', { name: 'Izada de bandera' })).toBeTruthy();
    const saved = calls.filter((c) => c.method === 'PUT');
    expect(saved.map((c) => c.url)).toEqual([`${BASE}people/7/calendar/feeds/node-6`]);
    expect(bodyOf(saved[0])).toEqual({ enabled: true });
    expect((screen.getByRole('checkbox', { name: 'Colegio Demo' }) as HTMLInputElement).checked).toBe(true);
  });

  it('puts the box back and says so when the choice cannot be saved', async () => {
    await openCalendar({ 'PUT people/7/calendar/feeds/node-5': { status: 500, body: { error: 'internal', message: 'x' } } });
    await screen.findByRole('link', { name: 'Feria de ciencias' });
    fireEvent.click(screen.getByRole('checkbox', { name: '7A' }));
    expect(await screen.findByText('No se pudo guardar tu elección. Inténtalo de nuevo.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('checkbox', { name: '7A' }) as HTMLInputElement).checked).toBe(true));
  });

  it('keeps the calendars that loaded when one fails, with a quiet notice', async () => {
    await openCalendar({ [feedPath('node-5')]: { status: 500, body: { error: 'internal', message: 'Boom' } } });
    expect((await screen.findAllByRole('link', { name: 'Salida al museo' })).length).toBe(2);
    const notice = await screen.findByText(/Algunos eventos no se pudieron cargar/);
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Feria de ciencias' })).toBeNull();
  });

  it('opens an event of a post in its thread, and any other event in its own screen', async () => {
    const { router } = await openCalendar({ 'GET calendar/events/31': { status: 404, body: { error: 'not_found', message: 'Not found' } } });
    const [first] = await screen.findAllByRole('link', { name: 'Salida al museo' });
    expect(first.getAttribute('href')).toBe('/calendar/threads/feed/140');
    await act(async () => {
      fireEvent.click(first);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar/threads/feed/140'));
    await act(() => router.navigate(-1));
    fireEvent.click(await screen.findByRole('link', { name: 'Feria de ciencias' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar/events/31'));
    expect(await screen.findByText('No encontramos este evento')).toBeTruthy();
  });

  it('issue 35 item 3: lists the classroom’s due dates as a calendar of their own, each opening its task in the classroom', async () => {
    const due = Date.UTC(2026, 11, 15, 4, 59) / 1000; // 23:59 in Bogotá
    const item = {
      id: 77, startDate: due, endDate: due, allDay: false, title: 'Maqueta (Ana)', start: '2026-12-14T23:59:00-05:00', end: '2026-12-14T23:59:00-05:00',
      location: '', recurring: false, feed: 'classroom', post: null, path: '/people/9/classroom/5/posts/77',
    };
    const { router } = await openCalendar({
      [FEEDS_PATH]: { body: [...FEEDS, feed('classroom', '', '#5F3DC4')] },
      [feedPath('classroom')]: { body: [item] },
    });
    expect(await screen.findByRole('checkbox', { name: 'Entregas de clase' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Maqueta (Ana)' });
    expect(link.getAttribute('href')).toBe('/people/9/classroom/5/posts/77');
    await act(async () => {
      fireEvent.click(link);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/people/9/classroom/5/posts/77'));
  });

  it('says when the calendars could not be loaded, and tries again', async () => {
    let fail = true;
    await openCalendar({ [FEEDS_PATH]: () => (fail ? { status: 500, body: { error: 'internal', message: 'x' } } : { body: FEEDS }) });
    expect(await screen.findByText(/No pudimos cargar tus calendarios/, {}, { timeout: 5000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByRole('link', { name: 'Feria de ciencias' })).toBeTruthy();
  });
});
