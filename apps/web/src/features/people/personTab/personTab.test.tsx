import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AddressedPost, PersonOverview } from '@patio/core/schemas/personTab';
import { validToken } from '../../../test/makeToken';
import { renderApp } from '../../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../../test/fetchStub';

// Person 3 is the viewer, person 9 the one whose tab is open.
const session = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(3) });

const viewer = (roles: string[], isAdmin = false) => ({ id: 3, firstName: 'Marta', lastName: 'Ruiz', lastName2: null, avatar: null, roles, isAdmin });
const ana = { id: 9, firstName: 'Ana', lastName: 'Gómez', lastName2: 'Paz', avatar: null, roles: ['student'] };

const fullOverview: PersonOverview = {
  person: { id: 9, firstName: 'Ana', lastName: 'Gómez' },
  attendance: { from: '2026-02-01', to: '2026-03-02', present: 20, absent: 1, late: 2, excused: 0, rate: 0.92 },
  balance: { currency: 'COP', balance: 450000, pending: 300000, overdue: 150000, overdueCount: 1 },
  transport: [{ route: { id: 4, name: 'Ruta Norte' }, role: 'rider', stop: 'Calle 80' }],
  groups: [{ node: { id: 12, name: 'Quinto A' }, role: 'student' }],
  recentThreads: [{ threadId: 77, title: 'Salida pedagógica', type: 'message', lastAt: Date.parse('2026-02-20T15:00:00Z'), unread: true }],
};

const ALLOWED = { 'people/9/addressed': true, 'people/9/calendar/events': true };

function start(routes: Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>, path = '/person/9') {
  const stub = stubFetch(BASE, { 'GET vue/settings': { body: { timeZone: 'America/Bogota' } }, 'POST allowed': { body: ALLOWED }, 'GET post-types': { body: [] }, 'GET people/9': { body: ana }, ...routes });
  vi.stubGlobal('fetch', stub.fetchMock);
  return renderApp({ path, session: session() }).then((view) => ({ ...view, ...stub }));
}

const post = (id: number, read: boolean | null): AddressedPost => ({
  postId: id,
  threadId: 100 + id,
  type: 'announcement',
  title: `Circular ${id}`,
  excerpt: `Resumen ${id}`,
  author: { id: 3, firstName: 'Marta', lastName: 'Ruiz' },
  publishDate: '2026-02-10T12:00:00.000Z',
  read,
});

describe('person tab (issue 36 §1)', () => {
  it('item 1: a family viewer sees the plain profile, with no menu and no facts asked for', async () => {
    const { calls } = await start({ 'GET people/3': { body: viewer(['relative']) } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Gómez Paz' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Secciones de la persona' })).toBeNull();
    expect(calls.some((call) => call.url.includes('/overview'))).toBe(false);
  });

  it('item 1: a staff viewer sees the menu and the key facts, each linking where it belongs', async () => {
    const { calls } = await start({ 'GET people/3': { body: viewer(['teacher'], true) }, 'GET people/9/overview': { body: fullOverview } });
    const menu = await screen.findByRole('navigation', { name: 'Secciones de la persona' });
    expect(within(menu).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/person/9'],
      ['Anuncios', '/person/9/announcements'],
      ['Cartelera', '/person/9/highlights'],
      ['Calendario', '/person/9/calendar'],
      ['Mensajería', '/person/9/mail'],
      ['Datos personales', '/person/9/profile'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    // The tab's header names the person by first and last name.
    expect(screen.getByRole('heading', { level: 2, name: 'Ana Gómez' })).toBeTruthy();

    const facts = await screen.findByRole('region', { name: 'Datos clave' });
    expect(within(facts).getByText(/^92\s?% de asistencia$/)).toBeTruthy();
    expect(within(facts).getByText('Presente').nextSibling?.textContent).toBe('20');
    const balance = within(facts).getByRole('heading', { name: 'Saldo' }).parentElement!;
    expect(balance.textContent).toMatch(/\$\s?450\.000Vencido\$\s?150\.000/);
    expect(balance.textContent).toMatch(/1 cobro vencido/);
    expect(within(balance).getByRole('link', { name: 'Ver pagos' }).getAttribute('href')).toBe('/billing/9');
    expect(within(facts).getByRole('link', { name: 'Ruta Norte' })).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'Quinto A' }).getAttribute('href')).toBe('/nodes/12');
    expect(within(facts).getByRole('link', { name: /Salida pedagógica/ }).getAttribute('href')).toBe('/threads/feed/77');
    expect(calls.filter((call) => call.url.endsWith('people/9/overview'))).toHaveLength(1);
  });

  it('item 1: a fact the server leaves out is not shown, never as a zero', async () => {
    const overview = { ...fullOverview, attendance: null, balance: null, transport: null, groups: [], recentThreads: [] };
    await start({ 'GET people/3': { body: viewer(['employee']) }, 'GET people/9/overview': { body: overview } });
    const facts = await screen.findByRole('region', { name: 'Datos clave' });
    expect(within(facts).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Grupos', 'Mensajes recientes']);
    expect(facts.textContent).not.toMatch(/asistencia|\$|Transporte/);
  });

  it('item 1: a menu entry the server refuses is hidden, the Dashboard stays', async () => {
    await start({
      'GET people/3': { body: viewer(['teacher']) },
      'POST allowed': { body: { 'people/9/addressed': true, 'people/9/calendar/events': false } },
      'GET people/9/overview': { body: { ...fullOverview, attendance: null } },
    });
    const menu = await screen.findByRole('navigation', { name: 'Secciones de la persona' });
    await waitFor(() => expect(within(menu).queryByRole('link', { name: 'Calendario' })).toBeNull());
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Anuncios' })).toBeTruthy();
  });

  it('item 1: announcements page on "Ver más" and say read or not only when the server tells', async () => {
    const pages: Record<string, AddressedPost[]> = { '1': [post(1, true), post(2, false)], '2': [post(3, null)] };
    const { calls } = await start(
      {
        'GET people/3': { body: viewer(['teacher']) },
        'GET people/9/addressed?list=announcements&page=1&limit=20': { body: { items: pages['1'], total: 21 } },
        'GET people/9/addressed?list=announcements&page=2&limit=20': { body: { items: pages['2'], total: 21 } },
      },
      '/person/9/announcements',
    );
    const first = (await screen.findByText('Circular 1')).closest('a')!;
    expect(first.getAttribute('href')).toBe('/threads/feed/101');
    expect(within(first).getByText('Leído')).toBeTruthy();
    expect(within(first).getByText('De Marta Ruiz')).toBeTruthy();
    expect(within(screen.getByText('Circular 2').closest('a')!).getByText('No leído')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    const third = (await screen.findByText('Circular 3')).closest('a')!;
    expect(within(third).queryByText(/Leído|No leído/)).toBeNull();
    expect(calls.filter((call) => call.url.includes('addressed')).map((call) => new URL(call.url).searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('item 1: the messages with the person are the viewer’s own threads filtered by them, with a way to write', async () => {
    const thread = {
      id: 55,
      folder: 'feed',
      type: 'message',
      title: 'Tareas pendientes',
      latest: { id: 1, author: { id: 9, firstName: 'Ana', lastName: 'Gómez', lastName2: null, avatar: null }, publishDate: '2026-02-10T12:00:00.000Z', excerpt: 'Hola profe' },
      audienceCount: 1,
      authorId: 9,
      posts: 1,
      unread: false,
      unreadCount: 0,
      highlight: false,
    };
    await start({ 'GET people/3': { body: viewer(['teacher']) }, 'GET people/3/threads/feed?with=9&page=1&limit=20': { body: [thread], headers: { 'X-Total-Count': '1' } } }, '/person/9/mail');
    expect((await screen.findByText('Tareas pendientes')).closest('a')!.getAttribute('href')).toBe('/threads/feed/55');
    expect(screen.getByRole('link', { name: 'Escribir' }).getAttribute('href')).toBe('/compose?to=9');
  });

  it('item 1: the calendar lists the person’s events of the month and pages months', async () => {
    const event = { id: 5, startDate: Date.parse('2026-03-04T14:00:00Z') / 1000, endDate: Date.parse('2026-03-04T15:00:00Z') / 1000, allDay: false, title: 'Reunión de padres', start: '2026-03-04T09:00:00-05:00', end: '2026-03-04T10:00:00-05:00', location: 'Aula 3', recurring: false, feed: 'node-12', post: { id: 8, type: 'event', thread: 80 } };
    const { calls } = await start(
      {
        'GET people/3': { body: viewer(['teacher']) },
        'GET people/9/calendar/events?start=2026-03-01&end=2026-04-01': { body: [event] },
        'GET people/9/calendar/events?start=2026-04-01&end=2026-05-01': { body: [] },
      },
      '/person/9/calendar?month=2026-03',
    );
    expect((await screen.findByText('Reunión de padres')).closest('a')!.getAttribute('href')).toBe('/threads/feed/80');
    expect(screen.getByText('Aula 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    expect(await screen.findByText('No hay eventos este mes.')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('calendar/events')).length).toBe(2);
  });

  it('item 1: Datos personales is the profile, under the tab’s own header', async () => {
    await start({ 'GET people/3': { body: viewer(['teacher']) } }, '/person/9/profile');
    const menu = await screen.findByRole('navigation', { name: 'Secciones de la persona' });
    expect(within(menu).getByRole('link', { name: 'Datos personales' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByText('Estudiante', { selector: 'p' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2, name: /Ana Gómez/ })).toHaveLength(1);
  });

  it('item 1: a debit names its student with a link that opens their tab', async () => {
    // Inline rather than billing's fixtures: billing imports people, so people's tests may not import billing.
    const debit = {
      id: 11, sequence: 1041, period: '2026-03', description: 'Pensión marzo', person: { id: 9, name: 'Ana Gómez' }, issueDate: '2026-03-01', expirationDate: '2026-03-10',
      currency: 'COP', value: 450_000, interest: 0, paid: 0, balance: 450_000, status: 'pending', paidOn: null,
      concepts: [{ id: 600, kind: 'charge', name: 'Pensión', observations: '', value: 450_000, paid: 0 }], accruingInterest: 0,
      interestRule: { monthlyRatePercent: 1.5, graceDays: 5 }, distributions: [], canPay: false, paymentsAvailable: true, lastPayment: null,
    };
    await start({ 'GET people/3': { body: viewer(['employee']) }, 'GET billing/debits/11': { body: debit } }, '/billing/debits/11');
    expect((await screen.findByRole('link', { name: 'Ana Gómez' }, { timeout: 20_000 })).getAttribute('href')).toBe('/person/9');
  }, 30_000);
});
