import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Post, Thread } from '@patio/core/schemas/posts';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { ME, TEACHER, author, hoursAgo, makePost, messageType, page, signedIn } from '../posts/posts.fixtures';

const THREAD = `GET people/${ME}/threads/feed/101`;
const REPLY = `POST people/${ME}/threads/feed/101`;
const TYPES = `GET people/${ME}/threads2/types?limit=100`;
const PARENT = author(ME, 'Marta', 'Pérez');

function makeThread(first: Partial<Post> = {}, change: Partial<Thread> = {}): Thread {
  const opening = makePost(1, { thread: 101, ...first });
  const reply = makePost(2, { thread: 101, type: 'message', title: '', description: '<p>¿A qué hora salen?</p>', author: PARENT, audienceCount: 1, replyTo: 1, publishDate: hoursAgo(1) });
  return { id: 101, folder: 'feed', posts: [opening, reply], canReply: opening.settings.replies !== 'off', replies: opening.settings.replies, ...change };
}

const settings = (replies: 'off' | 'author' | 'all') => ({ highlight: false, notifications: true, recipientsVisible: false, replies, forward: false });

async function openThread(thread: Thread, extra: Record<string, StubAnswer | ((call: StubCall) => StubAnswer)> = {}) {
  const stub = stubFetch(BASE, { [THREAD]: { body: thread }, ...extra });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path: '/threads/feed/101', session: signedIn() });
  await screen.findByRole('article', { name: 'Circular 1' }, { timeout: 15_000 });
  return { ...stub, ...app };
}

describe('the thread screen', () => {
  it('shows the first post as a card, then the replies oldest first', async () => {
    await openThread(makeThread());
    expect(screen.getByRole('heading', { level: 1, name: 'Conversación' })).toBeTruthy();
    const discussion = screen.getByRole('region', { name: '1 respuesta' });
    const reply = within(discussion).getByRole('article');
    expect(within(reply).getByText('¿A qué hora salen?')).toBeTruthy();
    expect(within(reply).getByText('Marta Pérez')).toBeTruthy();
    // One recipient, written by the caller: "sent to one person" (spec §6).
    expect(within(reply).getByText('Enviado a una persona')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Archivar' })).toBeTruthy();
  }, 20_000);

  it('asks for the thread once, then refreshes the folders and counts it has marked read', async () => {
    const { calls } = await openThread(makeThread(), { [TYPES]: page([messageType('circular', 'Circular', 'Circulares', 1)]) });
    const count = (key: string) => calls.filter((c) => `${c.method} ${c.url.slice(BASE.length)}` === key).length;
    await waitFor(() => expect(count(TYPES)).toBe(2));
    expect(count(THREAD)).toBe(1);
  }, 20_000);

  it('says a reply reaches the author only, and sends it as escaped paragraphs', async () => {
    let sent: unknown = null;
    await openThread(makeThread({ settings: settings('author') }), {
      [REPLY]: (call) => {
        sent = JSON.parse(String(call.init?.body));
        return { status: 201, body: makePost(3, { thread: 101, author: PARENT, replyTo: 1 }) };
      },
    });
    const form = screen.getByRole('form', { name: 'Responder' });
    expect(within(form).getByText(`Tu respuesta le llega solo a ${TEACHER.firstName} ${TEACHER.lastName}.`)).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Tu respuesta' }), { target: { value: 'Gracias <profe>\n\nNos vemos' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Enviar respuesta' })));
    await waitFor(() => expect(sent).toEqual({ description: '<p>Gracias &lt;profe&gt;</p><p>Nos vemos</p>' }));
    expect(await within(form).findByText('Enviamos tu respuesta.')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: 'Tu respuesta' }) as HTMLTextAreaElement).value).toBe('');
  }, 20_000);

  it('says a reply reaches everyone when replies go to all, and everyone who received it when the author replies', async () => {
    await openThread(makeThread({ settings: settings('all') }));
    expect(screen.getByText('Tu respuesta le llega a todas las personas de esta conversación.')).toBeTruthy();
  }, 20_000);

  it('tells the author their reply goes to every recipient', async () => {
    await openThread(makeThread({ author: PARENT, settings: settings('author') }));
    expect(screen.getByText('Tu respuesta le llega a todas las personas que recibieron el mensaje.')).toBeTruthy();
  }, 20_000);

  it('hides the reply box with the reason when replies are off or the post expired', async () => {
    await openThread(makeThread({ settings: settings('off') }, { canReply: false }));
    expect(screen.getByText('Este mensaje no admite respuestas.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Tu respuesta' })).toBeNull();
  }, 20_000);

  it('hides the reply box of an expired post', async () => {
    await openThread(makeThread({ expired: true, expirationDate: hoursAgo(5) }, { canReply: false }));
    expect(screen.getByText('Este mensaje venció y ya no admite respuestas.')).toBeTruthy();
    expect(screen.getByText('Vencido')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Responder' })).toBeNull();
  }, 20_000);

  it.each([
    [409, 'expired', 'El mensaje venció: ya no admite respuestas.'],
    [403, 'replies_off', 'Las respuestas a este mensaje están desactivadas.'],
    [413, 'payload_too_large', 'Tu respuesta es demasiado larga. Acórtala e inténtalo de nuevo.'],
  ])('translates a refused reply (%i %s)', async (status, error, text) => {
    await openThread(makeThread(), { [REPLY]: { status, body: { error, message: 'refused' } } });
    const form = screen.getByRole('form', { name: 'Responder' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Tu respuesta' }), { target: { value: 'Hola' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Enviar respuesta' })));
    expect((await within(form).findByRole('alert')).textContent).toBe(text);
    expect((within(form).getByRole('textbox', { name: 'Tu respuesta' }) as HTMLTextAreaElement).value).toBe('Hola');
  }, 20_000);

  it('says a thread one may not read is not available', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { [THREAD]: { status: 404, body: { error: 'not_found', message: 'Not found' } } }).fetchMock);
    await renderApp({ path: '/highlights/threads/feed/101', session: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Esta conversación no está disponible' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Conversación' })).toBeTruthy();
  }, 20_000);
});
