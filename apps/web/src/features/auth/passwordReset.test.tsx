import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BASE, stubFetch } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';

const session = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Los Andes', logo: null }, language: 'es-CO', token: null });
const settings = (signInByEmail: boolean) => ({ title: 'Colegio Los Andes', color: '#1C89B8', logo: null, signIn: { google: false, office: false, apple: false }, signInByEmail });
const TOKEN = 'reset-token-0123456789abcdefghij';
const info = { firstName: 'Inés', lastName: 'Mora', username: 'ines', email: 'ines@example.com', expiresAt: '2026-04-01T12:00:00.000Z' };

describe('sign-in screen help', () => {
  it('asks for "Usuario o correo" where the school allows email, and links to "Forgot your password?"', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET vue/settings': { body: settings(true) } });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path: '/login', session: session() });
    expect(await screen.findByLabelText('Usuario o correo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Escribe tu usuario o tu correo.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Recupera tu acceso' })).toBeTruthy();
  });

  it('keeps "Usuario" where the school does not', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET vue/settings': { body: settings(false) } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/login', session: session() });
    await waitFor(() => expect(screen.getByLabelText('Usuario')).toBeTruthy());
    expect(screen.queryByLabelText('Usuario o correo')).toBeNull();
  });
});

describe('forgot password', () => {
  it('sends the typed login and the screen language, then says the same thing whatever the answer knows', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'POST password-resets': { status: 202, body: { status: 'accepted' } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/forgot-password', session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByText('Escribe tu usuario o tu correo.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Usuario o correo electrónico'), { target: { value: '  ines@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeTruthy();
    expect(screen.getByText(/Si hay una cuenta con esos datos, te enviamos un correo/)).toBeTruthy();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init?.body))).toEqual({ login: 'ines@example.com', language: 'es' });
    expect(screen.getByRole('link', { name: 'Volver a iniciar sesión' }).getAttribute('href')).toBe('/login');
  });

  it('explains the limit when too many links were asked for', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'POST password-resets': { status: 429, body: { error: 'too_many_attempts', message: 'x' }, headers: { 'Retry-After': '600' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/forgot-password', session: session() });
    fireEvent.change(await screen.findByLabelText('Usuario o correo electrónico'), { target: { value: 'ines' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Demasiados intentos fallidos. Espera unos minutos antes de volver a intentarlo.');
  });
});

describe('reset password from the mailed link', () => {
  const path = `/reset-password?school=demo&token=${TOKEN}`;

  it('names the account, takes a new password and signs in', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST password-resets/check': { body: info },
      'POST password-resets/complete': { body: { access_token: validToken(9), token_type: 'bearer', expires_in: 3600, username: 'ines' } },
      'GET people/9': { body: { id: 9, firstName: 'Inés', lastName: 'Mora', lastName2: null, avatar: null } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path, session: session() });
    expect(await screen.findByText('Hola, Inés. Elige una contraseña nueva para tu usuario ines.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Contraseña nueva'), { target: { value: 'violeta cometa tranvía 42' } });
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'violeta cometa tranvía 42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/highlights'));
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/complete'))!.init?.body))).toEqual({ token: TOKEN, password: 'violeta cometa tranvía 42' });
  });

  it('refuses a password built from the account\'s own name before sending it', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'POST password-resets/check': { body: info } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path, session: session() });
    fireEvent.change(await screen.findByLabelText('Contraseña nueva'), { target: { value: 'ines' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y entrar' }));
    expect(await screen.findByText('La contraseña debe tener al menos 10 caracteres')).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/complete'))).toHaveLength(0);
  });

  it('explains a dead link, also when it dies while the form is open', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'POST password-resets/check': { body: info },
      'POST password-resets/complete': { status: 400, body: { error: 'invalid_reset_token', message: 'x' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path, session: session() });
    fireEvent.change(await screen.findByLabelText('Contraseña nueva'), { target: { value: 'violeta cometa tranvía 42' } });
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'violeta cometa tranvía 42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar y entrar' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Este enlace para crear una contraseña ya no sirve/);
    expect(screen.getByRole('link', { name: 'Pedir otro enlace' }).getAttribute('href')).toBe('/forgot-password');
  });
});
