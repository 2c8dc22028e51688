import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(3) });
const me = { id: 3, firstName: 'Laura', lastName: 'Ruiz', lastName2: null, avatar: null, email: 'laura@example.com', mobile: '3001234567' };

describe('profile editing in settings', () => {
  it('refuses a badly formed email before sending it', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'GET people/3': { body: me } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/settings', session: signedIn() });
    const email = await screen.findByLabelText('Correo electrónico');
    fireEvent.change(email, { target: { value: 'laura@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El correo no tiene un formato válido')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
  }, 20_000);

  it('saves own email and mobile, and shows the server’s refusal translated', async () => {
    let attempt = 0;
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET people/3': { body: me },
      'PATCH people/3': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 400, body: { error: 'invalid_request', message: 'Invalid', details: [{ path: 'email', message: 'The email does not have a valid format' }] } }
          : { body: { ...me, email: 'nuevo@example.com' } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/settings', session: signedIn() });
    fireEvent.change(await screen.findByLabelText('Correo electrónico'), { target: { value: 'nuevo@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El correo no tiene un formato válido')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cambios guardados.')).toBeTruthy();
    expect(JSON.parse(String(calls.filter((c) => c.method === 'PATCH')[1].init?.body))).toEqual({ email: 'nuevo@example.com', mobile: '3001234567' });
  });
});
