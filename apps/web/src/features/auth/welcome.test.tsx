import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Welcome } from '@patio/core/schemas/invitations';
import { BASE, stubFetch } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';

const DIRECTORY = `${window.location.origin}/api/directory/`;
const session = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Los Andes', logo: null }, language: 'es-CO', token: null });
const TOKEN = 'invitation-token-0123456789abcdef';
const PATH = `/welcome?school=demo&token=${TOKEN}`;

const welcome = (change: Partial<Welcome> = {}): Welcome => ({
  firstName: 'Marta',
  lastName: 'Pardo',
  school: 'Colegio Los Andes',
  username: 'marta.pardo@example.com',
  email: 'marta.pardo@example.com',
  hasPassword: false,
  expiresAt: '2026-04-01T12:00:00.000Z',
  ...change,
});
const signedIn = { access_token: validToken(7), token_type: 'bearer', expires_in: 3600, username: 'marta.pardo@example.com' };
const person = { id: 7, firstName: 'Marta', lastName: 'Pardo', lastName2: null, avatar: null };

describe('welcome screen of an invitation', () => {
  it('greets the person, shows their username and takes them home once their password is set', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST invitations/welcome': { body: welcome() },
      'POST invitations/welcome/accept': { body: signedIn },
      'GET people/7': { body: person },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router, services } = await renderApp({ path: PATH, session: session() });

    expect(await screen.findByRole('heading', { name: 'Te damos la bienvenida' })).toBeTruthy();
    expect(await screen.findByText('Hola, Marta. Colegio Los Andes te invitó a Patio.')).toBeTruthy();
    expect(screen.getByText('marta.pardo@example.com')).toBeTruthy();

    // Refused before sending: a weak password, then two that differ.
    fireEvent.change(screen.getByLabelText('Contraseña nueva'), { target: { value: 'mariposa1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear contraseña y entrar' }));
    expect(await screen.findByText('Esta contraseña es fácil de adivinar; agrega más palabras o caracteres')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Contraseña nueva'), { target: { value: 'violeta cometa tranvía 42' } });
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'violeta cometa tranvia 42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear contraseña y entrar' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Seguridad de la contraseña' })).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/accept'))).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'violeta cometa tranvía 42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear contraseña y entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/highlights'));
    const accept = calls.find((c) => c.url.endsWith('invitations/welcome/accept'))!;
    expect(JSON.parse(String(accept.init?.body))).toEqual({ token: TOKEN, password: 'violeta cometa tranvía 42' });
    expect(services.store.getState().token).toBe(signedIn.access_token);
    // The link is read once, however often the screen renders.
    expect(calls.filter((c) => c.url === `${BASE}invitations/welcome`)).toHaveLength(1);
  });

  it('shows the policy refusal the server sends, under the field', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'POST invitations/welcome': { body: welcome() },
      'POST invitations/welcome/accept': {
        status: 400,
        body: { error: 'invalid_password', message: 'x', details: [{ path: 'password', code: 'password_common', message: 'x' }] },
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: PATH, session: session() });
    fireEvent.change(await screen.findByLabelText('Contraseña nueva'), { target: { value: 'violeta cometa tranvía 42' } });
    fireEvent.change(screen.getByLabelText('Repite la contraseña'), { target: { value: 'violeta cometa tranvía 42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear contraseña y entrar' }));
    expect(await screen.findByText('Esta contraseña es demasiado común; elige otra')).toBeTruthy();
    expect(screen.getByLabelText('Contraseña nueva').getAttribute('aria-invalid')).toBe('true');
  });

  it('signs in someone who already has a password with one button', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST invitations/welcome': { body: welcome({ hasPassword: true, username: 'marta' }) },
      'POST invitations/welcome/accept': { body: { ...signedIn, username: 'marta' } },
      'GET people/7': { body: person },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path: PATH, session: session() });
    expect(await screen.findByText('Ya tienes una contraseña. Este enlace te deja entrar sin escribirla.')).toBeTruthy();
    expect(screen.queryByLabelText('Contraseña nueva')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/highlights'));
    expect(JSON.parse(String(calls.find((c) => c.url.endsWith('/accept'))!.init?.body))).toEqual({ token: TOKEN });
  });

  it('explains a used, replaced or expired link and offers the way back', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'POST invitations/welcome': { status: 400, body: { error: 'invalid_invitation_token', message: 'x' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: PATH, session: session() });
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Este enlace de invitación ya no sirve/);
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' }).getAttribute('href')).toBe('/login');
  });

  it('opens on a device that has no school yet, through the directory', async () => {
    const entry = { code: 'demo', title: 'Colegio Los Andes', logo: null, url: BASE };
    const { fetchMock, calls } = stubFetch(BASE, {
      [`GET ${DIRECTORY}demo`]: { body: entry },
      'POST invitations/welcome': { body: welcome() },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router, services } = await renderApp({ path: PATH });
    expect(await screen.findByText('Hola, Marta. Colegio Los Andes te invitó a Patio.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(services.store.getState()).toMatchObject({ url: BASE, school: { code: 'demo' } });
    expect(calls[0].url).toBe(`${DIRECTORY}demo`);
  });
});
