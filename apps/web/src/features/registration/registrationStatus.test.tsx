import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';
import { MY_REGISTRATION_POLL_MS } from './useMyRegistration';

const school = { code: 'demo', title: 'Colegio Demo', logo: null };
const guest = () => ({ url: BASE, school, language: 'es-CO', token: null });
const waiting = () => ({ url: BASE, school, language: 'es-CO', token: validToken(7), registrationPending: true });
const person = { id: 7, firstName: 'Laura', lastName: 'Ruiz', lastName2: null, avatar: null };
const refused = { status: 403, body: { error: 'registration_pending', message: 'Waiting for the school' } };

const mine = (status: 'pending' | 'approved' | 'rejected') => ({
  body: {
    status,
    emailVerified: true,
    firstName: 'Laura',
    lastName: 'Ruiz',
    email: 'laura@example.com',
    createdAt: '2026-03-02T15:00:00.000Z',
    decidedAt: status === 'pending' ? null : '2026-03-03T10:00:00.000Z',
    children: [{ firstName: 'Sofía', lastName: 'Pérez', course: { id: 11, name: '7A' } }],
  },
});

describe('registration status (a family waiting for approval)', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a family waiting for approval to its status screen right after signing in', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST oauth/token': { body: { access_token: validToken(7), token_type: 'bearer', expires_in: 3600 } },
      'GET registration/mine': mine('pending'),
      'GET people/7': refused,
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router, services } = await renderApp({ path: '/login', session: guest() });
    fireEvent.change(await screen.findByLabelText('Usuario'), { target: { value: 'laura@example.com' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'lámpara-tejado-ciruela-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('heading', { name: 'Tu registro espera la aprobación del colegio' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/registration/status');
    expect(screen.getByText('Sofía Pérez')).toBeTruthy();
    expect(screen.getByText('7A')).toBeTruthy();
    expect(screen.getByText(/Registro enviado el 2 de marzo de 2026/)).toBeTruthy();
    expect(screen.getByText(/te escribiremos a laura@example.com/)).toBeTruthy();
    // Checked with the new token before it is stored; the person is never asked for.
    const check = calls.find((c) => c.url.endsWith('registration/mine'));
    expect(new Headers(check?.init?.headers).get('Authorization')).toMatch(/^Bearer /);
    expect(calls.some((c) => c.url.endsWith('people/7'))).toBe(false);
    expect(services.store.getState()).toMatchObject({ registrationPending: true, user: null });
  });

  it('brings the family back to the status screen wherever it tries to go', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET registration/mine': mine('pending') }).fetchMock);
    const { router } = await renderApp({ path: '/people', session: waiting() });
    await screen.findByRole('heading', { name: 'Tu registro espera la aprobación del colegio' });
    await act(() => router.navigate('/highlights'));
    expect(router.state.location.pathname).toBe('/registration/status');
  });

  it('ends on the status screen when an open screen is refused with registration_pending', async () => {
    // E.g. a reload with a token from before the flag existed: the server's 403 decides.
    const { fetchMock } = stubFetch(BASE, { 'GET registration/mine': mine('pending'), 'GET people/7': refused, 'GET people?page=1&limit=20': refused });
    vi.stubGlobal('fetch', fetchMock);
    const { router, services } = await renderApp({ path: '/people', session: { ...waiting(), registrationPending: false } });
    void services.session.restore();
    await waitFor(() => expect(router.state.location.pathname).toBe('/registration/status'));
    expect(await screen.findByRole('heading', { name: 'Tu registro espera la aprobación del colegio' })).toBeTruthy();
  });

  it('checks again on request and every minute, then welcomes an approved family into the app', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: 'pending' | 'approved' = 'pending';
    const { fetchMock, calls } = stubFetch(BASE, { 'GET registration/mine': () => mine(status), 'GET people/7': { body: person } });
    vi.stubGlobal('fetch', fetchMock);
    const { router, services } = await renderApp({ path: '/registration/status', session: waiting() });
    await screen.findByRole('heading', { name: 'Tu registro espera la aprobación del colegio' });
    fireEvent.click(screen.getByRole('button', { name: 'Consultar de nuevo' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('registration/mine'))).toHaveLength(2));

    status = 'approved';
    await act(() => vi.advanceTimersByTimeAsync(MY_REGISTRATION_POLL_MS));
    expect(await screen.findByRole('heading', { name: 'Te damos la bienvenida, Laura' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/highlights'));
    expect(services.store.getState()).toMatchObject({ registrationPending: false, user: person });
  });

  it('sends a turned-down family to sign-in with a notice once its tokens are revoked', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET registration/mine': { status: 401, body: { error: 'token_revoked', message: 'Revoked' } } });
    vi.stubGlobal('fetch', fetchMock);
    const { router, services } = await renderApp({ path: '/registration/status', session: waiting() });
    expect(await screen.findByText(/El colegio no aprobó tu registro/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(services.store.getState().token).toBeNull();
  });

  it('signs the family out from the status screen', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET registration/mine': mine('pending') }).fetchMock);
    const { router, services } = await renderApp({ path: '/registration/status', session: waiting() });
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(services.store.getState()).toMatchObject({ token: null, registrationPending: false });
  });

  it('lets anyone without a registration of their own sign in as before', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'POST oauth/token': { body: { access_token: validToken(7), token_type: 'bearer', expires_in: 3600 } },
      'GET people/7': { body: person },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path: '/login', session: guest() });
    fireEvent.change(await screen.findByLabelText('Usuario'), { target: { value: 'parent' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'demo1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/highlights'));
  });
});
