import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { es } from '@patio/core/i18n/es';
import { validToken } from '../../test/makeToken';
import { mockFetch, renderApp } from '../../test/renderApp';

const BASE = 'http://school.test/api/demo/';
const session = { url: BASE, school: { code: 'demo', title: 'Colegio Los Andes', logo: null }, language: 'es-CO', token: null };
const person = { id: 7, firstName: 'Ana', lastName: 'Ruiz', lastName2: null, avatar: null };
const settings = { title: 'Colegio Los Andes', color: '#1C89B8', logo: null, signIn: { google: true, office: false, apple: false } };

describe('sign-in with Google, Office 365 and Apple', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('offers only the providers the school configured, and goes to the provider with a stored state', async () => {
    const { fetchMock } = mockFetch({
      [`${BASE}vue/settings`]: { body: settings },
      [`${BASE}oauth/google/authorize`]: { body: { url: 'https://accounts.example/auth?state=s-1', state: 's-1' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await renderApp({ path: '/login', session });
    const google = await screen.findByRole('button', { name: es.login.withGoogle });
    expect(screen.queryByRole('button', { name: es.login.withOffice })).toBeNull();
    expect(screen.queryByRole('button', { name: es.login.withApple })).toBeNull();
    fireEvent.click(google);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth?state=s-1'));
    expect(JSON.parse(sessionStorage.getItem('patio.sso') ?? '{}')).toMatchObject({ provider: 'google', state: 's-1' });
  });

  it('shows the spec §8 text when the state that came back is not the stored one, and posts nothing', async () => {
    sessionStorage.setItem('patio.sso', JSON.stringify({ provider: 'google', state: 'stored', next: '/highlights' }));
    const { fetchMock, calls } = mockFetch({});
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/oauth/google/callback?code=c-1&state=forged', session });
    expect((await screen.findByRole('alert')).textContent).toBe(es.sso.invalidState);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(sessionStorage.getItem('patio.sso')).toBeNull();
  });

  it('posts the code with its state and lands on the highlights', async () => {
    sessionStorage.setItem('patio.sso', JSON.stringify({ provider: 'google', state: 'stored', next: '/highlights' }));
    const { fetchMock, calls } = mockFetch({
      [`POST ${BASE}oauth/google`]: { body: { access_token: validToken(7), token_type: 'bearer', expires_in: 3600 } },
      [`${BASE}people/7`]: { body: person },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path: '/oauth/google/callback?code=c-1&state=stored', session });
    await waitFor(() => expect(router.state.location.pathname).toBe('/highlights'));
    const sent = calls.find((c) => c.method === 'POST' && c.url.endsWith('oauth/google'));
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ code: 'c-1', state: 'stored' });
  });

  it('explains an email no one at the school has', async () => {
    sessionStorage.setItem('patio.sso', JSON.stringify({ provider: 'apple', state: 'stored', next: '/highlights' }));
    const { fetchMock, calls } = mockFetch({ [`POST ${BASE}oauth/apple`]: { status: 404, body: { error: 'no_account_for_email', message: 'x' } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/oauth/apple/callback?code=c-1&state=stored&email=a%40b.example', session });
    expect((await screen.findByRole('alert')).textContent).toBe(es.sso.noAccount.replace('{{provider}}', 'Apple'));
    const sent = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ code: 'c-1', state: 'stored', email: 'a@b.example' });
  });

  it.each([
    ['account_already_linked', 409, es.sso.alreadyLinked],
    ['provider_address_refused', 502, es.sso.misconfigured],
  ])('item 4: sso explains %s', async (error, status, text) => {
    sessionStorage.setItem('patio.sso', JSON.stringify({ provider: 'office', state: 'stored', next: '/highlights' }));
    const { fetchMock } = mockFetch({ [`POST ${BASE}oauth/office`]: { status, body: { error, message: 'x' } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/oauth/office/callback?code=c-1&state=stored', session });
    expect((await screen.findByRole('alert')).textContent).toBe(text.replace('{{provider}}', 'Office 365'));
  });
});
