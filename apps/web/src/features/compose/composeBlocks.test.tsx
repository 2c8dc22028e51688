import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { keepFramesOffline } from '../../blocks/blocks.fixtures';
import { POST_TYPES, signedIn } from './compose.fixtures';

// The blocks section of /compose (issue 10 §1): lifecycle, add, delete, keyboard reordering.

const DRAFT = {
  id: 41, updatedAt: '2026-03-02T10:00:00.000Z', type: 'message', title: 'Salida al museo', description: '<p>Hola</p>',
  audience: { people: [8], rules: null, relatives: false },
  settings: { highlight: false, notifications: true, recipientsVisible: false, replies: 'author', forward: false }, quotes: [], publishDate: null, expirationDate: null,
};
const WATCH = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const DOC = 'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/preview';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));
const callsTo = (calls: StubCall[], method: string, path: string | RegExp) =>
  calls.filter((c) => c.method === method && (typeof path === 'string' ? c.url === `${BASE}${path}` : path.test(c.url.slice(BASE.length))));
const block = (id: number, type: string, url: string | null, options = {}) => ({ id, type, url, options });
/** PUT posts/41/blocks/{id}: the block with the change, as the server answers. */
const echoBlock = (type: string) => (call: StubCall) => ({ body: { id: Number(call.url.split('/').pop()), type, url: null, options: {}, ...bodyOf(call) } });

async function openCompose(routes: Routes, path = '/compose?draft=41') {
  keepFramesOffline();
  const stub = stubFetch(BASE, { 'POST allowed': { body: { 'POST audiences/preview': true } }, 'GET post-types': { body: POST_TYPES }, 'GET people/3/posts/drafts/41': { body: DRAFT }, ...routes });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn(3) });
  await screen.findByRole('textbox', { name: 'Asunto' }, { timeout: 20_000 });
  return { ...stub, ...app };
}

describe('compose: content blocks', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives a files, html or form block its url on first load, once each (spec §4 lifecycle)', async () => {
    const { calls } = await openCompose({
      'GET posts/41/blocks': { body: [block(1, 'html', null), block(2, 'files', null), block(3, 'form', null), block(4, 'youtube', WATCH)] },
      'POST media/html': { status: 201, body: { id: 90, body: '' } },
      'POST data/entities': { status: 201, body: { id: 31, title: '', description: '', fields: [], ownerId: 3, updatedAt: '2026-03-02T10:00:00.000Z' } },
      'PUT posts/41/blocks/1': echoBlock('html'),
      'PUT posts/41/blocks/2': echoBlock('files'),
      'PUT posts/41/blocks/3': echoBlock('form'),
      'GET media/html/90': { body: { id: 90, body: '' } },
    });
    await waitFor(() => expect(callsTo(calls, 'PUT', /^posts\/41\/blocks\/\d$/)).toHaveLength(3));
    expect(callsTo(calls, 'POST', 'media/html').map(bodyOf)).toEqual([{ body: '' }]);
    expect(callsTo(calls, 'POST', 'data/entities').map(bodyOf)).toEqual([{ title: '', description: '', fields: [] }]);
    expect(bodyOf(callsTo(calls, 'PUT', 'posts/41/blocks/1')[0])).toEqual({ url: 'media/html/90' });
    expect(bodyOf(callsTo(calls, 'PUT', 'posts/41/blocks/2')[0]).url).toMatch(/^posts\/41\/resources\/files\/block-[1-9]\d{11}$/);
    expect(bodyOf(callsTo(calls, 'PUT', 'posts/41/blocks/3')[0])).toEqual({ url: 'data/entities/31' });
    // A block that already points somewhere is left alone, and nothing is created twice as the list re-renders.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(callsTo(calls, 'PUT', 'posts/41/blocks/4')).toHaveLength(0);
    expect(callsTo(calls, 'POST', 'media/html')).toHaveLength(1);
    expect(callsTo(calls, 'POST', 'data/entities')).toHaveLength(1);
    expect(within(screen.getByRole('list', { name: 'Bloques de la publicación' })).getAllByRole('listitem')).toHaveLength(4);
  });

  it('offers a retry when a block cannot get its url, and saves the one already created', async () => {
    let failPut = true;
    const { calls } = await openCompose({
      'GET posts/41/blocks': { body: [block(1, 'html', null)] },
      'POST media/html': { status: 201, body: { id: 90, body: '' } },
      'PUT posts/41/blocks/1': (call) => (failPut ? ((failPut = false), { status: 500, body: { error: 'internal', message: 'x' } }) : echoBlock('html')(call)),
      'GET media/html/90': { body: { id: 90, body: '<p>Listo</p>' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Intentar de nuevo' }));
    expect(await screen.findByText('Listo')).toBeTruthy();
    expect(callsTo(calls, 'POST', 'media/html')).toHaveLength(1);
    expect(callsTo(calls, 'PUT', 'posts/41/blocks/1').map(bodyOf)).toEqual([{ url: 'media/html/90' }, { url: 'media/html/90' }]);
  });

  it('saves a new post as a draft before its first block, opens the block to edit, and Cancel removes a video without url', async () => {
    const { calls } = await openCompose(
      {
        'POST people/3/posts/drafts': { status: 201, body: { id: 41 } },
        'POST posts/41/blocks': { status: 201, body: block(5, 'youtube', null) },
        'DELETE posts/41/blocks/5': { status: 204 },
      },
      '/compose',
    );
    expect(screen.getByText(/Añade archivos, una encuesta/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Añadir contenido' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Video' }));
    const url = await screen.findByRole('textbox', { name: 'Dirección del video (YouTube o Vimeo)' });
    expect(callsTo(calls, 'POST', 'people/3/posts/drafts')).toHaveLength(1);
    expect(callsTo(calls, 'POST', 'posts/41/blocks').map(bodyOf)).toEqual([{ type: 'youtube' }]);
    // The draft was created before the block, and the list of a new draft was never asked for.
    expect(calls.findIndex((c) => c.url.endsWith('posts/drafts'))).toBeLessThan(calls.findIndex((c) => c.url.endsWith('posts/41/blocks')));
    expect(callsTo(calls, 'GET', 'posts/41/blocks')).toHaveLength(0);
    expect(url).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', 'posts/41/blocks/5')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Bloques de la publicación' })).toBeNull());
  });

  it('asks Delete or Cancel before removing a block', async () => {
    const { calls } = await openCompose({ 'GET posts/41/blocks': { body: [block(4, 'youtube', WATCH)] }, 'DELETE posts/41/blocks/4': { status: 204 } });
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar Video' }));
    let question = screen.getByRole('group', { name: '¿Eliminar el bloque «Video»?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('group', { name: /Eliminar el bloque/ })).toBeNull();
    expect(callsTo(calls, 'DELETE', 'posts/41/blocks/4')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Video' }));
    question = screen.getByRole('group', { name: '¿Eliminar el bloque «Video»?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', 'posts/41/blocks/4')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Eliminar Video' })).toBeNull());
  });

  it('moves a block with the keyboard and saves its new place; the others shift', async () => {
    // happy-dom lays nothing out: each block gets a row of its own, as a browser would draw the list.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const items = this.parentElement?.getAttribute('aria-label') === 'Bloques de la publicación' ? Array.from(this.parentElement.children) : [];
      const index = items.indexOf(this);
      const top = index < 0 ? 0 : index * 200;
      const height = index < 0 ? 0 : 180;
      return { x: 0, y: top, top, left: 0, width: 600, height, right: 600, bottom: top + height, toJSON: () => ({}) } as DOMRect;
    });
    const { calls } = await openCompose({
      'GET posts/41/blocks': { body: [block(4, 'youtube', WATCH), block(6, 'image', 'https://example.org/a.png', { alt: 'Mapa' }), block(7, 'googleDocument', DOC)] },
      'PUT posts/41/blocks/4': echoBlock('youtube'),
    });
    const list = await screen.findByRole('list', { name: 'Bloques de la publicación' });
    const order = () => within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(order()).toEqual(['Video', 'Imagen', 'Documento de Drive']);
    const handle = screen.getByRole('button', { name: 'Mover Video' });
    handle.focus();
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    });
    // dnd-kit measures the blocks on an animation frame after the pick-up; a key before that moves nothing.
    await act(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20))));
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? handle, { code: 'ArrowDown', key: 'ArrowDown' });
    });
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? handle, { code: 'Space', key: ' ' });
    });
    await waitFor(() => expect(callsTo(calls, 'PUT', 'posts/41/blocks/4').map(bodyOf)).toEqual([{ position: 1 }]));
    expect(order()).toEqual(['Imagen', 'Video', 'Documento de Drive']);
    expect(callsTo(calls, 'PUT', /^posts\/41\/blocks\/[67]$/)).toHaveLength(0);
  });
});
