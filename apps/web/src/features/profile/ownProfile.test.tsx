import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(3) });
const person = (id: number, firstName: string) => ({ id, firstName, lastName: 'Ruiz', lastName2: null, avatar: null, email: `${firstName.toLowerCase()}@example.com`, mobile: '3001234567' });

describe('one’s own profile', () => {
  it('offers Edit, leading to the profile editor, instead of mailing or calling oneself', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET people/3': { body: person(3, 'Laura') } }).fetchMock);
    const { router } = await renderApp({ path: '/person/3', session: signedIn() });
    const main = await screen.findByRole('main');
    const edit = await within(main).findByRole('link', { name: 'Editar' });
    expect(within(main).queryByRole('link', { name: 'Enviar correo' })).toBeNull();
    expect(within(main).queryByRole('link', { name: 'Llamar' })).toBeNull();
    expect(within(main).queryByRole('button', { name: 'Enviar mensaje' })).toBeNull();
    expect(within(main).queryByRole('region', { name: 'Contactar' })).toBeNull();
    fireEvent.click(edit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByLabelText('Correo electrónico')).toBeTruthy();
  }, 20_000);

  it('still offers the ways to get in touch on someone else’s profile', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET people/3': { body: person(3, 'Laura') }, 'GET people/9': { body: person(9, 'Pedro') } }).fetchMock);
    await renderApp({ path: '/person/9', session: signedIn() });
    const main = await screen.findByRole('main');
    expect((await within(main).findByRole('link', { name: 'Enviar correo' })).getAttribute('href')).toBe('mailto:pedro@example.com');
    expect(within(main).getByRole('link', { name: 'Llamar' })).toBeTruthy();
    expect(within(main).queryByRole('link', { name: 'Editar' })).toBeNull();
  }, 20_000);
});
