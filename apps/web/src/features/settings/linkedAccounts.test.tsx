import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(3) });
const person = { id: 3, firstName: 'Ana', lastName: 'Ruiz', lastName2: null, avatar: null, email: 'ana.ruiz@example.com', language: 'es' };
const settings = (signIn: Partial<Record<'google' | 'office' | 'apple', boolean>>) => ({
  body: { title: 'Colegio Demo', color: '#1c89b8', logo: null, signIn: { google: false, office: false, apple: false, ...signIn }, timeZone: 'America/Bogota' },
});
const googleLink = { id: 9, provider: 'google', email: 'ana.ruiz@gmail.com', linkedAt: '2026-03-02T10:00:00.000Z', lastUsedAt: null };

/** The settings screen of person 3 with the school offering `signIn` and the person's links answered by `links`. */
async function openSettings(signIn: Parameters<typeof settings>[0], links: StubAnswer | (() => StubAnswer), more: Record<string, StubAnswer | (() => StubAnswer)> = {}) {
  const stub = stubFetch(BASE, { 'GET people/3': { body: person }, 'GET sessions': { body: [] }, 'GET vue/settings': settings(signIn), 'GET people/3/sign-in-links': links, ...more });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path: '/settings', session: signedIn() });
  // The password card is always there: once it shows, the screen has settled its other cards too.
  await screen.findByRole('region', { name: 'Contraseña' }, { timeout: 20_000 });
  return { ...stub, ...app };
}

describe('linked accounts in settings', { timeout: 30_000 }, () => {
  it('item 6: no card when the school offers no provider and nothing is linked', async () => {
    const { calls } = await openSettings({}, { body: [] });
    await waitFor(() => expect(calls.some((c) => c.url === `${BASE}vue/settings`)).toBe(true));
    await waitFor(() => expect(calls.some((c) => c.url === `${BASE}people/3/sign-in-links`)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Cuentas vinculadas' })).toBeNull();
    expect(screen.queryByText(/Office 365/)).toBeNull();
  });

  it('item 6: with Google offered the card shows and names only Google', async () => {
    await openSettings({ google: true }, { body: [] });
    const card = await screen.findByRole('region', { name: 'Cuentas vinculadas' });
    expect(await within(card).findByText('Aún no hay cuentas vinculadas. Inicia sesión una vez con Google para vincular la tuya.')).toBeTruthy();
    expect(within(card).queryByText(/Apple|Office 365/)).toBeNull();
  });

  it('item 6: several providers are named as alternatives in the interface language', async () => {
    await openSettings({ google: true, apple: true }, { body: [] });
    const card = await screen.findByRole('region', { name: 'Cuentas vinculadas' });
    expect(await within(card).findByText('Aún no hay cuentas vinculadas. Inicia sesión una vez con Google o Apple para vincular la tuya.')).toBeTruthy();
  });

  it('item 6: an account still linked to a provider turned off since can be seen and unlinked', async () => {
    let links = [googleLink];
    await openSettings({}, () => ({ body: links }), {
      'DELETE people/3/sign-in-links/9': () => {
        links = [];
        return { status: 204 };
      },
    });
    const card = await screen.findByRole('region', { name: 'Cuentas vinculadas' });
    expect(await within(card).findByText('Google · ana.ruiz@gmail.com')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Desvincular Google' }));
    expect(await within(card).findByText('La cuenta de Google ya no está vinculada.')).toBeTruthy();
    // Nothing to offer: no invitation to link an account the school does not take.
    expect(within(card).queryByText(/Aún no hay cuentas vinculadas/)).toBeNull();
  });
});
