import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BASE, stubFetch } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';

const session = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Los Andes', logo: null }, language: 'es-CO', token: null });

async function openDialog(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Enviarme un enlace de acceso' }));
  return screen.findByRole('dialog', { name: 'Entrar con un enlace por correo' });
}

describe('email me a sign-in link', () => {
  it('item 5: asks for a link with what the sign-in form holds and says the same thing whatever the answer knows', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'POST sign-in-links': { status: 202, body: { status: 'accepted' } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/login', session: session() });
    fireEvent.change(await screen.findByLabelText('Usuario'), { target: { value: '  parent ' } });
    // The sign-in button keeps its exact name; the new one does not contain it.
    expect(screen.getAllByRole('button', { name: 'Ingresar' })).toHaveLength(1);
    const dialog = await openDialog();
    const field = within(dialog).getByLabelText('Usuario o correo') as HTMLInputElement;
    expect(field.value).toBe('parent');

    fireEvent.change(field, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar el enlace' }));
    expect(await within(dialog).findByText('Escribe tu usuario o tu correo.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(field, { target: { value: ' ines@example.com ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar el enlace' }));
    expect(await within(dialog).findByText(/^Si hay una cuenta con ese usuario o correo, le enviamos un enlace/)).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.url).toBe(`${BASE}sign-in-links`);
    expect(JSON.parse(String(sent.init?.body))).toEqual({ login: 'ines@example.com', language: 'es' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeTruthy();
  });

  it('item 5: explains the limit and closes with its close button', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'POST sign-in-links': { status: 429, body: { error: 'too_many_attempts', message: 'x' }, headers: { 'Retry-After': '600' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/login', session: session() });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Usuario o correo'), { target: { value: 'ines' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar el enlace' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Demasiados intentos fallidos. Espera unos minutos antes de volver a intentarlo.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
