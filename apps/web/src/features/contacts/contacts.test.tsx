import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(3) });
const card = (id: number, firstName: string, lastName: string, reasons: string[]) => ({ id, firstName, lastName, lastName2: null, avatar: null, reasons });

describe('contacts tab', () => {
  it('groups the people one may message and filters them by name', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'GET people/3/contacts': {
        body: [card(2, 'Tomás', 'Díaz', ['teacher']), card(1, 'Ana', 'Admin', ['staff']), card(4, 'Sofía', 'Pérez', ['relative']), card(9, 'Mario', 'Gil', ['student_relative'])],
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/people', session: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Docentes (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Personal del colegio (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Familia (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Compañeros de grupo (1)' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar en mis contactos' }), { target: { value: 'diaz' } });
    expect(screen.getByText('Díaz, Tomás')).toBeTruthy();
    expect(screen.queryByText('Pérez, Sofía')).toBeNull();
  }, 20_000);

  it("puts the children's other parents (reason family) with the family, beside one's own relatives", async () => {
    const { fetchMock } = stubFetch(BASE, {
      'GET people/3/contacts': {
        body: [card(4, 'Sofía', 'Pérez', ['relative']), card(5, 'Marta', 'Ríos', ['family']), card(6, 'Esteban', 'Lara', ['family'])],
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/people', session: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Familia (3)' })).toBeTruthy();
    expect(screen.getByText('Ríos, Marta')).toBeTruthy();
    expect(screen.getAllByText('Familia de tus hijos')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: /Compañeros de grupo/ })).toBeNull();
  }, 20_000);
});
