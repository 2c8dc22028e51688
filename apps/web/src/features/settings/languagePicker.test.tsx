import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CHOSEN_LANGUAGE_KEY } from '../../app/i18n/preSignInLanguage';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(3) });

describe('language in settings', () => {
  it('switches at once and keeps the pick for the sign-in screen after signing out', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    vi.stubGlobal('fetch', stubFetch(BASE, {}).fetchMock);
    const { router } = await renderApp({ path: '/settings', session: signedIn() });
    // Signed in, the person's own language holds whatever the browser says.
    fireEvent.click(await screen.findByRole('radio', { name: 'Français' }));
    const signOut = await screen.findByRole('button', { name: 'Se déconnecter' });
    expect(document.documentElement.lang).toBe('fr');
    expect(sessionStorage.getItem(CHOSEN_LANGUAGE_KEY)).toBe('fr');

    fireEvent.click(signOut);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Langue' }) as HTMLSelectElement).value).toBe('fr');
  }, 20_000);

  it("saves a signed-in pick as the person's language, so other devices and mails follow it", async () => {
    const person = { id: 3, firstName: 'Ana', lastName: 'Ruiz', lastName2: null, avatar: null, language: 'es' };
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET people/3': { body: person },
      'PATCH people/3': ({ init }) => ({ body: { ...person, ...JSON.parse(String(init?.body)) } }),
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/settings', session: signedIn() });
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url.endsWith('people/3'))).toBe(true));
    fireEvent.click(await screen.findByRole('radio', { name: 'Italiano' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toBeTruthy());
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe(`${BASE}people/3`);
    expect(JSON.parse(String(patch.init?.body))).toEqual({ language: 'it' });
  }, 20_000);
});
