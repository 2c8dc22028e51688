import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Post, Thread } from '@patio/core/schemas/posts';
import { BASE, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { ME, author, makePost, signedIn } from '../posts/posts.fixtures';

const THREAD = `GET people/${ME}/threads/feed/101`;

async function openThread(first: Partial<Post>) {
  const thread: Thread = { id: 101, folder: 'feed', posts: [makePost(1, { thread: 101, ...first })], canReply: true, replies: 'author' };
  vi.stubGlobal('fetch', stubFetch(BASE, { [THREAD]: { body: thread } }).fetchMock);
  await renderApp({ path: '/threads/feed/101', session: signedIn() });
  await screen.findByRole('article', { name: 'Circular 1' }, { timeout: 15_000 });
}

const forwarding = (forward: boolean) => ({ highlight: false, notifications: true, recipientsVisible: false, replies: 'author' as const, forward });

describe('forwarding the first post of a thread', () => {
  it('offers a recipient to forward it when the post allows it, as a new post quoting it', async () => {
    await openThread({ settings: forwarding(true) });
    const link = screen.getByRole('link', { name: 'Reenviar' });
    expect(link.getAttribute('href')).toBe('/compose?quote=1');
  }, 20_000);

  it('offers nothing to a recipient when the post does not allow it', async () => {
    await openThread({ settings: forwarding(false) });
    expect(within(document.body).queryByRole('link', { name: 'Reenviar' })).toBeNull();
  }, 20_000);

  it('always offers it to the post’s author', async () => {
    await openThread({ author: author(ME, 'Marta', 'Pérez'), settings: forwarding(false) });
    expect(screen.getByRole('link', { name: 'Reenviar' }).getAttribute('href')).toBe('/compose?quote=1');
  }, 20_000);
});
