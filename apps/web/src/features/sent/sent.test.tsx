import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { card, POST_TYPES, signedIn } from '../compose/compose.fixtures';

const sentPost = (id: number, extra: Record<string, unknown> = {}) => ({
  id, thread: id + 100, type: 'circular', title: `Circular ${id}`, excerpt: 'Les recordamos…', publishDate: '2026-03-02T10:00:00.000Z',
  status: 'published', audienceCount: 25, readCount: 3, ...extra,
});
const post = {
  id: 5, type: 'circular', title: 'Salida pedagógica', description: '<p>El viernes salimos al museo.</p>', author: card(3, 'Laura', 'Ruiz'),
  publishDate: '2026-03-02T10:00:00.000Z', expirationDate: null, expired: false, audienceCount: 25,
  settings: { highlight: false, notifications: true, recipientsVisible: false, replies: 'author', forward: false },
  blocks: [], quotes: [], replyTo: null, event: null, thread: 105, status: 'published',
};
const stub = (id: number, firstName: string, readDate: string | null) => ({ person: card(id, firstName, 'Pérez'), folder: 'feed', readDate });

function open(path: string, routes: Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>) {
  const fetched = stubFetch(BASE, { 'GET post-types': { body: POST_TYPES }, ...routes });
  vi.stubGlobal('fetch', fetched.fetchMock);
  return renderApp({ path, session: signedIn(3) }).then((app) => ({ ...app, ...fetched }));
}

// happy-dom has no object URLs: the tests put stand-ins in place and restore whatever was there.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

describe('sent posts', { timeout: 30_000 }, () => {
  afterEach(() => {
    URL.createObjectURL = objectUrls.create;
    URL.revokeObjectURL = objectUrls.revoke;
  });

  it('lists what one sent with "read by N of M", the scheduled ones with their date, and loads more', async () => {
    const { calls } = await open('/sent', {
      'GET people/3/posts/sent?page=1&limit=20': { body: [sentPost(5), sentPost(6, { status: 'scheduled', publishDate: '2030-05-04T13:00:00.000Z', readCount: 0 })], headers: { 'X-Total-Count': '21' } },
      'GET people/3/posts/sent?page=2&limit=20': { body: [sentPost(7, { title: '' })], headers: { 'X-Total-Count': '21' } },
    });
    const list = await screen.findByRole('list', { name: 'Mensajes enviados' }, { timeout: 20_000 });
    expect(within(list).getByText('Leído por 3 de 25 personas')).toBeTruthy();
    expect(within(list).getByText(/^Programado para el/)).toBeTruthy();
    expect(within(list).getByText('Les llegará a 25 personas')).toBeTruthy();
    expect(within(list).getAllByRole('link')[0].getAttribute('href')).toBe('/sent/5');
    fireEvent.click(screen.getByRole('button', { name: 'Ver más mensajes' }));
    expect(await within(list).findByText('(Sin asunto)')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('posts/sent')).map((c) => c.url.slice(BASE.length))).toEqual([
      'people/3/posts/sent?page=1&limit=20',
      'people/3/posts/sent?page=2&limit=20',
    ]);
    expect(screen.queryByRole('button', { name: 'Ver más mensajes' })).toBeNull();
  });

  it('says what to do when nothing was sent yet', async () => {
    const { router } = await open('/sent', { 'GET people/3/posts/sent?page=1&limit=20': { body: [], headers: { 'X-Total-Count': '0' } } });
    expect(await screen.findByRole('heading', { name: 'Todavía no has enviado nada' }, { timeout: 20_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Redactar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/compose'));
  });

  it('shows the post, the counts and each recipient; the status filter and the name search go into the query', async () => {
    const { calls } = await open('/sent/5', {
      'GET posts/5': { body: post },
      'GET posts/5/stubs/counts': { body: { total: 25, read: 3, unread: 22 } },
      'GET posts/5/stubs?status=any&page=1&limit=50': { body: [stub(8, 'Ana', '2026-03-02T11:00:00.000Z'), stub(9, 'Luis', null)], headers: { 'X-Total-Count': '25' } },
      'GET posts/5/stubs?status=unread&page=1&limit=50': { body: [stub(9, 'Luis', null)], headers: { 'X-Total-Count': '22' } },
      'GET posts/5/stubs?status=unread&q=lu&page=1&limit=50': { body: [stub(9, 'Luis', null)], headers: { 'X-Total-Count': '1' } },
    });
    expect(await screen.findByRole('heading', { name: 'Salida pedagógica' }, { timeout: 20_000 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Destinatarios' });
    expect(within(list).getByText('Pérez, Ana')).toBeTruthy();
    expect(within(list).getByText('Sin leer')).toBeTruthy();
    expect(screen.getByText('Leído por 3 de 25 personas')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Sin leer (22)' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Destinatarios' })).queryByText('Pérez, Ana')).toBeNull());
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar destinatario' }), { target: { value: 'lu' } });
    await waitFor(() => expect(calls.some((c) => c.url === `${BASE}posts/5/stubs?status=unread&q=lu&page=1&limit=50`)).toBe(true));
    expect(calls.map((c) => c.url.slice(BASE.length)).filter((url) => url.startsWith('posts/5/stubs?'))).toEqual([
      'posts/5/stubs?status=any&page=1&limit=50',
      'posts/5/stubs?status=unread&page=1&limit=50',
      'posts/5/stubs?status=unread&q=lu&page=1&limit=50',
    ]);
  });

  it.each([
    { format: 'CSV', button: 'Descargar CSV', query: '', file: 'lecturas salida.csv', body: 'Destinatario;Leído', disposition: `attachment; filename="lecturas.csv"; filename*=UTF-8''lecturas%20salida.csv` },
    { format: 'Excel (item 3)', button: 'Descargar Excel (XLSX)', query: '&format=xlsx', file: 'lecturas-5.xlsx', body: 'PK', disposition: `attachment; filename="lecturas-5.xlsx"; filename*=UTF-8''lecturas-5.xlsx` },
  ])('downloads the receipts as $format with the bearer token, the filter shown and the interface language', async ({ button, query, file, body, disposition }) => {
    const exportPath = `posts/5/stubs/export?status=read&lang=es${query}`;
    const { calls } = await open('/sent/5', {
      'GET posts/5': { body: post },
      'GET posts/5/stubs/counts': { body: { total: 25, read: 3, unread: 22 } },
      'GET posts/5/stubs?status=any&page=1&limit=50': { body: [], headers: { 'X-Total-Count': '25' } },
      'GET posts/5/stubs?status=read&page=1&limit=50': { body: [], headers: { 'X-Total-Count': '3' } },
      [`GET ${exportPath}`]: { body, headers: { 'Content-Disposition': disposition } },
    });
    URL.createObjectURL = vi.fn(() => 'blob:receipts');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Leídos (3)' }, { timeout: 20_000 }));
    fireEvent.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(saved).toEqual([file]));
    const request = calls.find((c) => c.url.includes('stubs/export'));
    expect(request?.url).toBe(`${BASE}${exportPath}`);
    expect(new Headers(request?.init?.headers).get('Authorization')).toMatch(/^Bearer /);
    click.mockRestore();
  });

  it('says so when the receipts are refused, and when the export fails', async () => {
    await open('/sent/5', {
      'GET posts/5': { body: post },
      'GET posts/5/stubs/counts': { status: 403, body: { error: 'forbidden', message: 'No' } },
      'GET posts/5/stubs?status=any&page=1&limit=50': { status: 403, body: { error: 'forbidden', message: 'No' } },
      'GET posts/5/stubs/export?lang=es': { status: 403, body: { error: 'forbidden', message: 'No' } },
    });
    expect(await screen.findByRole('heading', { name: 'No tienes acceso a esta página' }, { timeout: 20_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No pudimos descargar el archivo. Inténtalo de nuevo.');
  });
});
