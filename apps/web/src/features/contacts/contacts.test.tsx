import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it("names a parent's own children son or daughter by the gender the contacts list carries, with no request per relative", async () => {
    const relative = (id: number, firstName: string, kind: string) => ({ ...card(id, firstName, 'Pérez', []), kind });
    const own = (id: number, firstName: string, gender: string | null) => ({ ...card(id, firstName, 'Pérez', ['relative']), gender });
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET people/3': {
        body: {
          ...card(3, 'Marta', 'Pérez', []),
          // The kinds the school stored: "daughter" is also what a child of unknown gender gets.
          relatives: [relative(4, 'Tomás', 'son'), relative(5, 'Sara', 'daughter'), relative(6, 'Alex', 'daughter'), relative(8, 'Rosa', 'grandmother')],
        },
      },
      'GET people/3/contacts': {
        body: [own(4, 'Tomás', 'male'), own(5, 'Sara', 'female'), own(6, 'Alex', null), own(8, 'Rosa', 'female'), card(2, 'Tomás', 'Díaz', ['teacher'])],
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { services } = await renderApp({ path: '/people', session: signedIn() });
    const family = await screen.findByRole('region', { name: 'Familia (4)' });
    const metaOf = async (name: string) => (await within(family).findByText(name)).nextElementSibling?.textContent;
    await waitFor(async () => expect(await metaOf('Pérez, Alex')).toBe('Hijo o hija'));
    expect(await metaOf('Pérez, Tomás')).toBe('Hijo');
    expect(await metaOf('Pérez, Sara')).toBe('Hija');
    expect(await metaOf('Pérez, Rosa')).toBe('Abuela');
    expect(within(family).queryByText(/Familiar/)).toBeNull();
    act(() => services.session.setLanguage('en'));
    await waitFor(async () => expect(await metaOf('Pérez, Alex')).toBe('Child'));
    expect(await metaOf('Pérez, Sara')).toBe('Daughter');
    // Only the signed-in person's own profile and contacts were read: no GET people/{id} per relative.
    const peopleReads = calls
      .filter((c) => c.method === 'GET' && c.url.startsWith(`${BASE}people/`) && !c.url.includes('/threads2/'))
      .map((c) => c.url.slice(BASE.length));
    expect(new Set(peopleReads)).toEqual(new Set(['people/3', 'people/3/contacts']));
  }, 20_000);
});
