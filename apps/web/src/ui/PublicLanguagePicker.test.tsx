import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp';
import { validToken } from '../test/makeToken';

const browserSpeaks = (...tags: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(tags);

describe('language of the public screens', () => {
  it('shows /code in German to a German browser and switches to French at once', async () => {
    browserSpeaks('de-DE', 'de', 'en');
    await renderApp({ path: '/code' });
    expect(await screen.findByRole('heading', { name: 'Willkommen bei Patio' })).toBeTruthy();
    expect(screen.getByLabelText('Schulcode')).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');

    const picker = screen.getByRole('combobox', { name: 'Sprache' });
    expect((picker as HTMLSelectElement).value).toBe('de');
    fireEvent.change(picker, { target: { value: 'fr' } });
    expect(await screen.findByRole('heading', { name: 'Bienvenue sur Patio' })).toBeTruthy();
    expect(screen.getByLabelText('Code de l’établissement')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Langue' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('keeps the pick across a reload in the same browser session', async () => {
    browserSpeaks('de-DE', 'de');
    await renderApp({ path: '/code' });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Sprache' }), { target: { value: 'fr' } });
    await screen.findByRole('heading', { name: 'Bienvenue sur Patio' });

    cleanup();
    document.documentElement.lang = '';
    await renderApp({ path: '/code' });
    expect(await screen.findByRole('heading', { name: 'Bienvenue sur Patio' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('fr');
    expect(screen.queryByText('Willkommen bei Patio')).toBeNull();
  });

  it('speaks es-CO to a browser whose languages Patio does not offer', async () => {
    browserSpeaks('ja-JP', 'zh-CN');
    await renderApp({ path: '/code' });
    expect(await screen.findByRole('heading', { name: 'Bienvenido a Patio' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Idioma' }) as HTMLSelectElement).value).toBe('es-CO');
    expect(document.documentElement.lang).toBe('es-CO');
  });

  it('follows the browser rather than a language left in storage by an earlier visit', async () => {
    browserSpeaks('it-IT');
    await renderApp({ path: '/code', session: { url: null, school: null, language: 'pt', token: null } });
    expect(await screen.findByRole('heading', { name: 'Benvenuto in Patio' })).toBeTruthy();
  });

  it('offers the six languages each written in itself, with its lang', async () => {
    browserSpeaks('en-GB');
    await renderApp({ path: '/code' });
    const picker = await screen.findByRole('combobox', { name: 'Language' });
    const options = within(picker).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.lang, o.textContent])).toEqual([
      ['es-CO', 'es-CO', 'Español (Colombia)'],
      ['en', 'en', 'English'],
      ['de', 'de', 'Deutsch'],
      ['fr', 'fr', 'Français'],
      ['it', 'it', 'Italiano'],
      ['pt', 'pt', 'Português'],
    ]);
  });

  it('leaves a signed-in person in their own language', async () => {
    browserSpeaks('de-DE');
    await renderApp({ path: '/code', session: { url: 'http://school.test/api/demo/', school: null, language: 'it', token: validToken() } });
    expect(await screen.findByRole('heading', { name: 'Benvenuto in Patio' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('it'));
  });
});
