import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BASE, stubFetch } from '../test/fetchStub';
import { validToken } from '../test/makeToken';
import { renderApp } from '../test/renderApp';

const school = { code: 'demo', title: 'Colegio Los Andes', logo: null };
const signedIn = () => ({ url: BASE, school, language: 'es-CO', token: validToken(7) });

describe('the browser tab title', () => {
  it('names the public screen, and Patio while no school is chosen', async () => {
    await renderApp({ path: '/code' });
    await waitFor(() => expect(document.title).toBe('Código del colegio · Patio'));
  });

  it('names the sign-in screen and the chosen school', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, {}).fetchMock);
    await renderApp({ path: '/login', session: { ...signedIn(), token: null } });
    await waitFor(() => expect(document.title).toBe('Iniciar sesión · Colegio Los Andes'));
  });

  it('names each screen of the deck, nested ones and the not-found page included, and follows navigation', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, {}).fetchMock);
    const { router } = await renderApp({ path: '/inbox', session: signedIn() });
    await waitFor(() => expect(document.title).toBe('Bandeja de entrada · Colegio Los Andes'));
    await act(() => router.navigate('/highlights/threads/feed/4'));
    await waitFor(() => expect(document.title).toBe('Conversación · Colegio Los Andes'));
    await act(() => router.navigate('/no/such/page'));
    await waitFor(() => expect(document.title).toBe('Página no encontrada · Colegio Los Andes'));
  });

  it('changes language with the interface', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, {}).fetchMock);
    const { services } = await renderApp({ path: '/people/7/children', session: signedIn() });
    await waitFor(() => expect(document.title).toBe('Hijos · Colegio Los Andes'));
    act(() => services.session.setLanguage('de'));
    await waitFor(() => expect(document.title).toBe('Kinder · Colegio Los Andes'));
  });
});
