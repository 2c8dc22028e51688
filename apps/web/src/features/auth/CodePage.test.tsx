import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp } from '../../test/renderApp';

const DIRECTORY = `${window.location.origin}/api/directory/`;

describe('code screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a translated error under the field for an unknown school', async () => {
    const { fetchMock } = mockFetch({ [`${DIRECTORY}nope`]: { status: 404, body: { error: 'not_found', message: 'Unknown school' } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/code' });
    fireEvent.change(await screen.findByLabelText('Código del colegio'), { target: { value: 'Nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No encontramos ningún colegio con el código «nope». Revísalo e inténtalo de nuevo.');
    expect(screen.getByLabelText('Código del colegio').getAttribute('aria-invalid')).toBe('true');
  });

  it('says so when the network fails', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await renderApp({ path: '/code' });
    fireEvent.change(await screen.findByLabelText('Código del colegio'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/No pudimos conectarnos/);
  });

  it('stores the school and moves on to /login', async () => {
    const entry = { code: 'demo', title: 'Colegio Los Andes', logo: null, url: 'http://school.test/api/demo/' };
    const { fetchMock } = mockFetch({
      [`${DIRECTORY}demo`]: { body: entry },
      'http://school.test/api/demo/vue/settings': { body: { title: 'Colegio Los Andes', color: '#1C89B8', logo: null, signIn: { google: true, office: false, apple: false } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router, services } = await renderApp({ path: '/code' });
    fireEvent.change(await screen.findByLabelText('Código del colegio'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(services.store.getState()).toMatchObject({ url: entry.url, school: { code: 'demo', title: 'Colegio Los Andes' } });
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy();
    // Only the providers the school configured are offered.
    expect(await screen.findByRole('button', { name: 'Ingresar con Google' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ingresar con Apple' })).toBeNull();
  });
});
