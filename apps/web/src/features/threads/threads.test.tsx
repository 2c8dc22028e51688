import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BASE, stubFetch, type StubCall } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { ME, POST_TYPES, makeSummary, messageType, page, signedIn } from '../posts/posts.fixtures';

const TYPES = `GET people/${ME}/threads2/types?limit=100`;
const folderUrl = (folder: string, query = '') => `GET people/${ME}/threads/${folder}?${query}${query ? '&' : ''}page=1&limit=20`;
const requested = (calls: StubCall[]) => calls.map((c) => `${c.method} ${c.url.slice(BASE.length)}`);

describe('a folder of threads', () => {
  it('lists threads with author, title, excerpt, unread marks, highlight and type', async () => {
    const threads = [
      makeSummary(1, { title: 'Salida pedagógica', unread: true, unreadCount: 2, highlight: true }),
      makeSummary(2, { title: 'Boletín de notas', type: 'message', latest: { ...makeSummary(2).latest, excerpt: 'Ya están las notas' } }),
    ];
    vi.stubGlobal(
      'fetch',
      stubFetch(BASE, { [folderUrl('feed')]: page(threads, 2), [TYPES]: page([messageType('circular', 'Circular', 'Circulares', 1)]), 'GET post-types': { body: POST_TYPES } }).fetchMock,
    );
    await renderApp({ path: '/inbox', session: signedIn() });
    const list = await screen.findByRole('list', { name: 'Conversaciones' }, { timeout: 15_000 });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByRole('link').getAttribute('href')).toBe('/threads/feed/1');
    expect(first.getByText('Salida pedagógica')).toBeTruthy();
    expect(first.getByText(/Sin leer/)).toBeTruthy();
    expect(first.getByText('2 mensajes sin leer')).toBeTruthy();
    expect(first.getByText('Destacado')).toBeTruthy();
    expect(await first.findByText('Circular')).toBeTruthy();
    expect(rows[0].getAttribute('data-unread')).toBe('true');
    expect(rows[1].getAttribute('data-unread')).toBeNull();
    expect(within(rows[1]).getByText('Ya están las notas')).toBeTruthy();
    expect(screen.getByText('2 conversaciones')).toBeTruthy();
    // The inbox is grouped by type with its unread counts.
    const types = screen.getByRole('group', { name: 'Tipos de mensaje' });
    expect(within(types).getByRole('button', { name: /Circulares.*1 sin leer/ })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Carpetas' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bandeja' }).getAttribute('aria-current')).toBe('page');
  }, 20_000);

  it('reads its filters from the address and sends them, and puts new ones in the address', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      [folderUrl('feed', 'type=circular&status=unread')]: page([makeSummary(1, { unread: true })]),
      [folderUrl('feed', 'type=circular&status=read')]: page([makeSummary(2)]),
      [folderUrl('feed', 'q=excursi%C3%B3n&type=circular&status=read')]: page([makeSummary(3)]),
      [folderUrl('feed', 'q=excursi%C3%B3n&around=2026-03-02&unit=days&type=circular&status=read')]: page([makeSummary(4)]),
      [folderUrl('feed', 'q=excursi%C3%B3n&around=2026-03-02&unit=weeks&type=circular&status=read')]: page([makeSummary(5)]),
      [TYPES]: page([messageType('circular', 'Circular', 'Circulares', 1)]),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path: '/inbox?type=circular&status=unread', session: signedIn() });
    expect(await screen.findByText('Asunto 1')).toBeTruthy();
    const panel = screen.getByRole('search', { name: 'Filtrar conversaciones' });
    expect((within(panel).getByRole('combobox', { name: 'Estado' }) as HTMLSelectElement).value).toBe('unread');
    expect(screen.getByRole('button', { name: 'Filtros (2)' }).getAttribute('aria-expanded')).toBe('true');

    fireEvent.change(within(panel).getByRole('combobox', { name: 'Estado' }), { target: { value: 'read' } });
    expect(await screen.findByText('Asunto 2')).toBeTruthy();
    expect(router.state.location.search).toBe('?type=circular&status=read');

    fireEvent.change(within(panel).getByRole('searchbox', { name: 'Contiene' }), { target: { value: 'excursión' } });
    expect(await screen.findByText('Asunto 3')).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('excursión');

    fireEvent.change(within(panel).getByLabelText('Alrededor del día'), { target: { value: '2026-03-02' } });
    expect(await screen.findByText('Asunto 4')).toBeTruthy();
    fireEvent.change(within(panel).getByRole('combobox', { name: 'Margen' }), { target: { value: 'weeks' } });
    expect(await screen.findByText('Asunto 5')).toBeTruthy();
    expect(requested(calls)).toContain(folderUrl('feed', 'q=excursi%C3%B3n&around=2026-03-02&unit=weeks&type=circular&status=read'));
  }, 20_000);

  it('says what lands in an empty folder, and offers to clear filters that hide everything', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { [folderUrl('archive')]: page([]), [folderUrl('archive', 'subject=zzz')]: page([]) }).fetchMock);
    const { router } = await renderApp({ path: '/archive?subject=zzz', session: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Ningún mensaje coincide con estos filtros' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Quitar filtros' }).at(-1)!));
    expect(await screen.findByRole('heading', { name: 'No hay nada archivado' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('link', { name: 'Archivo' }).getAttribute('aria-current')).toBe('page');
  }, 20_000);

  it('archives the selected threads with one request carrying their ids, and takes them off the list at once', async () => {
    let moved: unknown = null;
    const { fetchMock, calls } = stubFetch(BASE, {
      [folderUrl('feed')]: () => page(moved ? [makeSummary(2)] : [makeSummary(1), makeSummary(2), makeSummary(3)]),
      [`POST people/${ME}/threads/archive`]: (call) => {
        moved = JSON.parse(String(call.init?.body));
        return { status: 204 };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/inbox', session: signedIn() });
    const box1 = await screen.findByRole('checkbox', { name: 'Seleccionar «Asunto 1»' });
    fireEvent.click(box1);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar «Asunto 3»' }));
    const bar = screen.getByRole('group', { name: 'Acciones con las conversaciones seleccionadas' });
    expect(within(bar).getByText('2 seleccionadas')).toBeTruthy();
    await act(async () => fireEvent.click(within(bar).getByRole('button', { name: 'Archivar' })));
    await waitFor(() => expect(moved).toEqual([1, 3]));
    expect(await screen.findByText('Archivamos 2 conversaciones.')).toBeTruthy();
    expect(screen.queryByText('Asunto 1')).toBeNull();
    expect(screen.getByText('Asunto 2')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Acciones con las conversaciones seleccionadas' })).toBeNull();
    expect(requested(calls).filter((c) => c.startsWith('POST'))).toEqual([`POST people/${ME}/threads/archive`]);
  }, 20_000);

  it('marks every loaded thread read, and restores trashed ones to the inbox', async () => {
    const bodies: Record<string, unknown> = {};
    const record = (action: string) => (call: StubCall) => {
      bodies[action] = JSON.parse(String(call.init?.body));
      return { status: 204 };
    };
    const { fetchMock } = stubFetch(BASE, {
      [folderUrl('trash')]: page([makeSummary(4, { folder: 'trash', unread: true, unreadCount: 1 }), makeSummary(5, { folder: 'trash' })]),
      [`POST people/${ME}/threads/read`]: record('read'),
      [`POST people/${ME}/threads/feed`]: record('feed'),
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/trash', session: signedIn() });
    const all = await screen.findByRole('checkbox', { name: 'Seleccionar todas' });
    fireEvent.click(all);
    const bar = screen.getByRole('group', { name: 'Acciones con las conversaciones seleccionadas' });
    expect(within(bar).queryByRole('button', { name: 'A la papelera' })).toBeNull();
    await act(async () => fireEvent.click(within(bar).getByRole('button', { name: 'Marcar como leídas' })));
    await waitFor(() => expect(bodies.read).toEqual([4, 5]));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar «Asunto 5»' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Devolver a la bandeja' })));
    await waitFor(() => expect(bodies.feed).toEqual([5]));
  }, 20_000);
});

describe('the Inbox tab', () => {
  it('shows the unread total over every message type', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch(BASE, { [TYPES]: page([messageType('circular', 'Circular', 'Circulares', 2), messageType('message', 'Mensaje', 'Mensajes', 3), messageType('poll', 'Encuesta', 'Encuestas', 0)]) }).fetchMock,
    );
    await renderApp({ path: '/people/7/children', session: signedIn() });
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    const inbox = await within(nav).findByRole('link', { name: /Mensajes.*5 conversaciones sin leer/ });
    expect(inbox.getAttribute('href')).toBe('/inbox');
  }, 20_000);
});

describe('the sender filter', () => {
  it('finds a family’s contacts by name and filters by the one picked', async () => {
    const ana = { id: 5, firstName: 'Ana', lastName: 'Gómez', lastName2: null, avatar: null, reasons: ['teacher'] };
    const { fetchMock } = stubFetch(BASE, {
      [folderUrl('feed')]: page([makeSummary(1)]),
      [folderUrl('feed', 'sender=5')]: page([makeSummary(9)]),
      'POST allowed': { body: { people: false } },
      [`GET people/${ME}/contacts`]: { body: [ana, { ...ana, id: 6, firstName: 'Luis', lastName: 'Mora' }] },
      'GET people/5': { body: ana },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path: '/inbox', session: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Filtros' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Remitente' }), { target: { value: 'gomez' } });
    const results = await screen.findByRole('list', { name: 'Personas encontradas' });
    expect(within(results).queryByText('Luis Mora')).toBeNull();
    fireEvent.click(await within(results).findByRole('button', { name: 'Ana Gómez' }));
    expect(await screen.findByText('Asunto 9')).toBeTruthy();
    expect(router.state.location.search).toBe('?sender=5');
    expect(await screen.findByRole('button', { name: 'Quitar a Ana Gómez como remitente' })).toBeTruthy();
  }, 20_000);
});
