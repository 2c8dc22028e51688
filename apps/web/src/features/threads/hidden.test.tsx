import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PostType } from '@patio/core/schemas/posts';
import { BASE, stubFetch, type StubCall } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { ME, POST_TYPES, makeSummary, messageType, page, signedIn } from '../posts/posts.fixtures';

// Issue 36 §3 /hidden: the threads of the post types the school hides from lists, with the inbox's
// filters and actions.

const TYPES = `GET people/${ME}/threads2/types?limit=100`;
const hiddenUrl = (query = '') => `GET people/${ME}/threads/feed?${query}${query ? '&' : ''}hidden=true&page=1&limit=20`;
const requested = (calls: StubCall[]) => calls.map((c) => `${c.method} ${c.url.slice(BASE.length)}`);
/** The school hides messages ("Mensajes") from lists; circulars and urgent notices stay visible. */
const HIDING_MESSAGES: PostType[] = POST_TYPES.map((type) => (type.type === 'message' ? { ...type, visible: false } : type));

describe('hidden messages', () => {
  it('item /hidden: lists the threads of hidden types, names those types and filters by them only', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET post-types': { body: HIDING_MESSAGES },
      [TYPES]: page([messageType('circular', 'Circular', 'Circulares', 1)]),
      [hiddenUrl()]: page([makeSummary(1, { type: 'message', title: 'Clases de piano', unread: true, unreadCount: 1 }), makeSummary(2, { type: 'message', title: 'Se vende uniforme' })]),
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/hidden', session: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mensajes ocultos' }, { timeout: 15_000 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Conversaciones' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: /Clases de piano/ }).getAttribute('href')).toBe('/threads/feed/1');
    expect(await screen.findByText('Mensajes de los tipos que el colegio no muestra en la bandeja: Mensajes.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ocultos' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Bandeja' }).getAttribute('aria-current')).toBeNull();
    // The inbox's type groups (visible types) are not these messages' types.
    expect(screen.queryByRole('group', { name: 'Tipos de mensaje' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const panel = screen.getByRole('search', { name: 'Filtrar conversaciones' });
    const typeOptions = within(within(panel).getByRole('combobox', { name: 'Tipo' })).getAllByRole('option').map((option) => option.textContent);
    expect(typeOptions).toEqual(['Todos los tipos', 'Mensaje']);
    expect(requested(calls)).toContain(hiddenUrl());
    expect(requested(calls).filter((c) => c.startsWith(`GET people/${ME}/threads/feed`) && !c.includes('hidden=true'))).toEqual([]);
  }, 20_000);

  it('item /hidden: sends the inbox filters with hidden=true and keeps them in the address', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET post-types': { body: HIDING_MESSAGES },
      [hiddenUrl('status=unread')]: page([makeSummary(1, { type: 'message', unread: true })]),
      [hiddenUrl('q=piano&status=unread')]: page([makeSummary(3, { type: 'message', title: 'Clases de piano' })]),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path: '/hidden?status=unread', session: signedIn() });
    expect(await screen.findByText('Asunto 1', undefined, { timeout: 15_000 })).toBeTruthy();
    const panel = screen.getByRole('search', { name: 'Filtrar conversaciones' });
    fireEvent.change(within(panel).getByRole('searchbox', { name: 'Contiene' }), { target: { value: 'piano' } });
    expect(await screen.findByText('Clases de piano')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/hidden');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('piano');
    expect(requested(calls)).toContain(hiddenUrl('q=piano&status=unread'));
  }, 20_000);

  it('item /hidden: archives the selected threads through the inbox action and takes them off the list', async () => {
    let moved: unknown = null;
    const { fetchMock } = stubFetch(BASE, {
      'GET post-types': { body: HIDING_MESSAGES },
      [hiddenUrl()]: () => page(moved ? [makeSummary(2, { type: 'message' })] : [makeSummary(1, { type: 'message' }), makeSummary(2, { type: 'message' })]),
      [`POST people/${ME}/threads/archive`]: (call) => {
        moved = JSON.parse(String(call.init?.body));
        return { body: { updated: 1 } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/hidden', session: signedIn() });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Seleccionar «Asunto 1»' }, { timeout: 15_000 }));
    const bar = screen.getByRole('group', { name: 'Acciones con las conversaciones seleccionadas' });
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(['', 'Archivar', 'A la papelera', 'Marcar como leídas', 'Marcar como no leídas']);
    await act(async () => fireEvent.click(within(bar).getByRole('button', { name: 'Archivar' })));
    await waitFor(() => expect(moved).toEqual([1]));
    expect(await screen.findByText('Archivamos 1 conversación.')).toBeTruthy();
    expect(screen.queryByText('Asunto 1')).toBeNull();
    expect(screen.getByText('Asunto 2')).toBeTruthy();
  }, 20_000);

  it('item /hidden: says what lands there when it is empty', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET post-types': { body: HIDING_MESSAGES }, [hiddenUrl()]: page([]) }).fetchMock);
    await renderApp({ path: '/hidden', session: signedIn() });
    expect(await screen.findByRole('heading', { name: 'No tienes mensajes ocultos' }, { timeout: 15_000 })).toBeTruthy();
  }, 20_000);

  it('item /hidden: the inbox links to hidden messages only where the school hides a post type', async () => {
    for (const [types, shown] of [
      [POST_TYPES, false],
      [HIDING_MESSAGES, true],
    ] as const) {
      const { fetchMock, calls } = stubFetch(BASE, { 'GET post-types': { body: types }, [`GET people/${ME}/threads/feed?page=1&limit=20`]: page([makeSummary(1)]) });
      vi.stubGlobal('fetch', fetchMock);
      const app = await renderApp({ path: '/inbox', session: signedIn() });
      expect(await screen.findByText('Asunto 1', undefined, { timeout: 15_000 })).toBeTruthy();
      await waitFor(() => expect(calls.some((c) => c.url.endsWith('post-types'))).toBe(true));
      const folders = screen.getByRole('navigation', { name: 'Carpetas' });
      if (shown) expect((await within(folders).findByRole('link', { name: 'Ocultos' })).getAttribute('href')).toBe('/hidden');
      else {
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(within(folders).queryByRole('link', { name: 'Ocultos' })).toBeNull();
      }
      app.unmount();
      localStorage.clear();
    }
  }, 30_000);
});
