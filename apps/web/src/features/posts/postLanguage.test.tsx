import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { ME, makePost, page, signedIn } from './posts.fixtures';

// Issue 33 item 9 on the post card: which language a post is written in, "Translate" when the server
// can translate, the translation, and back to the original.

const HIGHLIGHTS = `GET people/${ME}/highlights?page=1&limit=20`;
const english = makePost(1, { title: 'Museum trip', description: '<p>On Friday we visit the museum.</p>', language: 'en' });

describe('post language and translation (item 9)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('item 9: says which language the post is written in, and offers no button without a translation service', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { [HIGHLIGHTS]: page([english]), 'GET translation': { body: { available: false } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/highlights', session: signedIn() });
    const card = await screen.findByRole('article', { name: 'Museum trip' }, { timeout: 15_000 });
    expect(within(card).getByText('Escrito en inglés')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === `${BASE}translation`)).toBe(true));
    expect(within(card).queryByRole('button', { name: 'Traducir' })).toBeNull();
    // Screen readers read title and text in the post's language.
    expect([...card.querySelectorAll('[lang="en"]')].map((e) => e.textContent)).toEqual(['Museum trip', 'On Friday we visit the museum.']);
  }, 20_000);

  it('item 9: a post in the reader’s language shows no language line, no button, and asks nothing', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { [HIGHLIGHTS]: page([makePost(2)]), 'GET translation': { body: { available: true } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/highlights', session: signedIn() });
    const card = await screen.findByRole('article', { name: 'Circular 2' });
    expect(within(card).queryByText(/Escrito en/)).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Traducir' })).toBeNull();
    expect(calls.some((c) => c.url === `${BASE}translation`)).toBe(false);
  });

  it('item 9: translates into the reader’s language on demand, then shows the original again', async () => {
    const translated = { language: 'es', title: 'Salida al museo', description: '<p>El viernes visitamos el museo.</p><script>window.hacked = true</script>' };
    const { fetchMock, calls } = stubFetch(BASE, {
      [HIGHLIGHTS]: page([english]),
      'GET translation': { body: { available: true } },
      'POST posts/1/translations': { body: translated },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/highlights', session: signedIn() });
    const card = await screen.findByRole('article', { name: 'Museum trip' });
    const translate = await within(card).findByRole('button', { name: 'Traducir' });
    await act(async () => fireEvent.click(translate));

    expect(await within(card).findByText('El viernes visitamos el museo.')).toBeTruthy();
    expect(within(card).getByRole('heading', { name: 'Salida al museo' })).toBeTruthy();
    expect(within(card).getByText('Traducción automática del original en inglés')).toBeTruthy();
    expect(card.querySelector('script')).toBeNull();
    const asked = calls.filter((c) => c.method === 'POST' && c.url === `${BASE}posts/1/translations`);
    expect(asked.map((c) => JSON.parse(String(c.init?.body)))).toEqual([{ language: 'es' }]);

    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Ver original' })));
    expect(within(card).getByText('On Friday we visit the museum.')).toBeTruthy();
    expect(within(card).getByText('Escrito en inglés')).toBeTruthy();
    // Again: the translation already fetched comes back without asking the server.
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Traducir' })));
    expect(await within(card).findByText('El viernes visitamos el museo.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').length).toBe(1);
  });

  it('item 9: a failing service leaves the original and says the translation could not be made', async () => {
    const { fetchMock } = stubFetch(BASE, {
      [HIGHLIGHTS]: page([english]),
      'GET translation': { body: { available: true } },
      'POST posts/1/translations': { status: 503, body: { error: 'translation_unavailable', message: 'down' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/highlights', session: signedIn() });
    const card = await screen.findByRole('article', { name: 'Museum trip' });
    await act(async () => fireEvent.click(await within(card).findByRole('button', { name: 'Traducir' })));
    expect((await within(card).findByRole('alert')).textContent).toBe('No se pudo traducir ahora. Inténtalo más tarde.');
    expect(within(card).getByText('On Friday we visit the museum.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Traducir' })).toBeTruthy();
  });

  it.each([
    ['de', 'Auf Englisch geschrieben', 'Übersetzen'],
    ['fr', 'Écrit en anglais', 'Traduire'],
    ['it', 'Scritto in inglese', 'Traduci'],
    ['pt', 'Escrito em inglês', 'Traduzir'],
  ] as const)('item 9: speaks %s', async (language, written, button) => {
    const { fetchMock } = stubFetch(BASE, { [HIGHLIGHTS]: page([english]), 'GET translation': { body: { available: true } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/highlights', session: signedIn(language) });
    const card = await screen.findByRole('article', { name: 'Museum trip' });
    expect(within(card).getByText(written)).toBeTruthy();
    expect(await within(card).findByRole('button', { name: button })).toBeTruthy();
  });
});
