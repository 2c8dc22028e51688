import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Post, PostRecipient, Thread } from '@patio/core/schemas/posts';
import { BASE, stubFetch, type StubAnswer } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { ME, author, makePost, page, signedIn } from './posts.fixtures';

const THREAD = `GET people/${ME}/threads/feed/101`;
const RECIPIENTS = (pageNumber: number) => `GET posts/1/recipients?page=${pageNumber}&limit=20`;
const people: PostRecipient[] = Array.from({ length: 25 }, (_, i) => author(100 + i, `Nombre${i}`, `Apellido${String(i).padStart(2, '0')}`));

async function openThread(first: Partial<Post>, extra: Record<string, StubAnswer> = {}) {
  const thread: Thread = { id: 101, folder: 'feed', posts: [makePost(1, { thread: 101, ...first })], canReply: true, replies: 'author' };
  const stub = stubFetch(BASE, { [THREAD]: { body: thread }, ...extra });
  vi.stubGlobal('fetch', stub.fetchMock);
  await renderApp({ path: '/threads/feed/101', session: signedIn() });
  const card = await screen.findByRole('article', { name: 'Circular 1' }, { timeout: 15_000 });
  return { ...stub, card };
}

const visible = (recipientsVisible: boolean) => ({ highlight: false, notifications: true, recipientsVisible, replies: 'author' as const, forward: false });

describe('the recipients of a post', () => {
  it('lets the author open the audience text as the list of recipients, page after page', async () => {
    const { card, calls } = await openThread({ author: author(ME, 'Marta', 'Pérez'), audienceCount: 25 }, {
      [RECIPIENTS(1)]: page(people.slice(0, 20), 25),
      [RECIPIENTS(2)]: page(people.slice(20), 25),
    });
    const recipientCalls = () => calls.filter((c) => c.url.startsWith(`${BASE}posts/1/recipients`)).length;
    expect(recipientCalls()).toBe(0);
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Para 25 personas' })));
    const dialog = await screen.findByRole('dialog', { name: 'Para quién es' });
    expect(await within(dialog).findByText('Apellido00, Nombre0')).toBeTruthy();
    expect(within(dialog).getByText('25 personas')).toBeTruthy();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(20);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cargar más' })));
    expect(await within(dialog).findByText('Apellido24, Nombre24')).toBeTruthy();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(25);
    expect(within(dialog).queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(recipientCalls()).toBe(2);
  }, 20_000);

  it('shows a recipient the list only when the post lets recipients see each other', async () => {
    const hidden = await openThread({ settings: visible(false) });
    expect(within(hidden.card).getByText('Para 30 personas')).toBeTruthy();
    expect(within(hidden.card).queryByRole('button', { name: 'Para 30 personas' })).toBeNull();
  }, 20_000);

  it('offers the list to a recipient when the post shows its recipients, and says so when the server refuses', async () => {
    const { card } = await openThread({ settings: visible(true) }, { [RECIPIENTS(1)]: { status: 403, body: { error: 'recipients_hidden', message: 'Hidden' } } });
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Para 30 personas' })));
    const dialog = await screen.findByRole('dialog', { name: 'Para quién es' });
    expect(await within(dialog).findByText('Quien lo envió no comparte la lista de destinatarios.')).toBeTruthy();
    expect(within(dialog).queryAllByRole('listitem')).toHaveLength(0);
  }, 20_000);
});
