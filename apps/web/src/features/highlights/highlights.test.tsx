import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BASE, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { ME, makePost, page, signedIn } from '../posts/posts.fixtures';

const HIGHLIGHTS = (n = 1) => `GET people/${ME}/highlights?page=${n}&limit=20`;

describe('the highlights board', () => {
  it('says what will appear there while nothing is highlighted, and leads to the inbox', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { [HIGHLIGHTS()]: page([]) }).fetchMock);
    const { router } = await renderApp({ path: '/highlights', session: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Todavía no hay nada destacado' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText(/anuncios y circulares importantes que el colegio destaque para ti/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ir a la bandeja de entrada' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbox'));
  }, 20_000);

  it('shows highlighted posts newest first as cards, pages on, and opens a post’s thread in place', async () => {
    const first = Array.from({ length: 20 }, (_, i) => makePost(30 - i));
    const { fetchMock } = stubFetch(BASE, {
      [HIGHLIGHTS(1)]: page(first, 21),
      [HIGHLIGHTS(2)]: page([makePost(10)], 21),
      [`GET people/${ME}/threads/feed/130`]: { body: { id: 130, folder: 'feed', posts: [makePost(30)], canReply: true, replies: 'author' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path: '/highlights', session: signedIn() });
    const board = await screen.findByRole('list', { name: 'Publicaciones destacadas' }, { timeout: 15_000 });
    expect(within(board).getAllByRole('article')).toHaveLength(20);
    expect(within(board).getAllByRole('article')[0].getAttribute('aria-labelledby')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ver más publicaciones' })));
    expect(await screen.findByRole('article', { name: 'Circular 10' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ver más publicaciones' })).toBeNull();

    const card = screen.getByRole('article', { name: 'Circular 30' });
    await act(async () => fireEvent.click(within(card).getByRole('link', { name: 'Abrir la conversación' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/highlights/threads/feed/130'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversación' })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Responder' })).toBeTruthy();
  }, 20_000);
});
