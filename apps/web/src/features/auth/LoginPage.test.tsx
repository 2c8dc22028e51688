import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { mockFetch, renderApp } from '../../test/renderApp';

const BASE = 'http://school.test/api/demo/';
const session = { url: BASE, school: { code: 'demo', title: 'Colegio Los Andes', logo: null }, language: 'es-CO', token: null };
const person = { id: 7, firstName: 'Ana', lastName: 'Ruiz', lastName2: null, avatar: null };

describe('login screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [401, { error: 'invalid_credentials', message: 'x' }, 'El usuario o la contraseña no son correctos.'],
    [429, { error: 'too_many_attempts', message: 'x' }, 'Demasiados intentos fallidos. Espera unos minutos antes de volver a intentarlo.'],
    // item 1: a production server refuses the public demo password and the person is told how to get a new one.
    [403, { error: 'demo_password', message: 'x' }, 'Esta cuenta todavía tiene la contraseña pública de demostración y por eso no puede ingresar. Elige una nueva con «¿Olvidaste tu contraseña?».'],
  ])('explains a %s answer', async (status, body, text) => {
    const { fetchMock, calls } = mockFetch({ [`POST ${BASE}oauth/token`]: { status, body } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/login', session });
    fireEvent.change(await screen.findByLabelText('Usuario'), { target: { value: 'parent' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    const sent = calls.find((c) => c.method === 'POST');
    expect(new Headers(sent?.init?.headers).get('Authorization')).toBe(`Basic ${btoa('parent:wrong')}`);
    expect(String(sent?.init?.body)).toBe('grant_type=client_credentials');
  });

  it('signs in with a link token and lands on the highlights', async () => {
    const token = validToken(7);
    const { fetchMock, calls } = mockFetch({
      [`POST ${BASE}oauth/login-token`]: { body: { access_token: token, token_type: 'bearer', expires_in: 3600 } },
      [`${BASE}people/7`]: { body: person },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path: '/login?school=demo&token=one-time-token-123', session });
    await waitFor(() => expect(router.state.location.pathname).toBe('/highlights'));
    expect(calls.filter((c) => c.url.endsWith('oauth/login-token'))).toHaveLength(1);
  });

  it('explains an invalid, used or expired link', async () => {
    const { fetchMock } = mockFetch({ [`POST ${BASE}oauth/login-token`]: { status: 401, body: { error: 'invalid_token', message: 'x' } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/login?school=demo&token=used-token-123456', session });
    expect((await screen.findByRole('alert')).textContent).toMatch(/no es válido, ya se usó o venció/);
    expect(screen.getByLabelText('Usuario')).toBeTruthy();
  });
});
