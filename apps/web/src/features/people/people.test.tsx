import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(3) });

const person = (id: number) => ({ id, firstName: `Nombre${id}`, lastName: `Apellido${id}`, lastName2: null, avatar: null, roles: ['student'] });

describe('people directory', () => {
  it('pages through people with page/limit while page is below total / limit', async () => {
    // Short pages make the list ask for more at once; three pages of 50 cover a total of 120.
    const page = (n: number) => ({ body: Array.from({ length: 10 }, (_, i) => person(n * 100 + i)), headers: { 'X-Total-Count': '120' } });
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': { body: { people: true } },
      'GET nodes': { body: { types: [], nodes: [] } },
      'GET people?page=1&limit=50': page(1),
      'GET people?page=2&limit=50': page(2),
      'GET people?page=3&limit=50': page(3),
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/people?tab=directory', session: signedIn() });

    expect(await screen.findByText('120 personas')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.url.includes('people?page=')).map((c) => new URL(c.url).searchParams.get('page'))).toEqual(['1', '2', '3']));
    // No fourth request: three pages of 50 reach the total.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.url.includes('page=4'))).toEqual([]);
    const list = screen.getByRole('list', { name: 'Personas encontradas' });
    expect(within(list).getByText('Apellido100, Nombre100')).toBeTruthy();
    expect(within(list).getAllByRole('listitem')[0].getAttribute('aria-setsize')).toBe('120');
    expect(within(list).getAllByRole('link')[0].getAttribute('href')).toBe('/person/100');
  }, 20_000);

  it('says what to do when nothing matches and searches after typing stops', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': { body: { people: true } },
      'GET nodes': { body: { types: [], nodes: [] } },
      'GET people?page=1&limit=50': { body: [person(1)], headers: { 'X-Total-Count': '1' } },
      'GET people?q=zz&page=1&limit=50': { body: [], headers: { 'X-Total-Count': '0' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/people?tab=directory', session: signedIn() });
    const search = await screen.findByRole('searchbox', { name: 'Buscar personas' });
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.change(search, { target: { value: 'zz' } });
    expect(await screen.findByText('Nadie coincide con la búsqueda')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar filtros' })).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('q=')).length).toBe(1);
  });

  it('offers only the contacts to those the server does not let browse the directory', async () => {
    const { fetchMock } = stubFetch(BASE, { 'POST allowed': { body: { people: false } }, 'GET people/3/contacts': { body: [] } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/people?tab=directory', session: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Aún no tienes contactos' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Directorio' })).toBeNull();
  });
});

describe('person profile', () => {
  it('shows only the fields the API returned', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET people/9': { body: { id: 9, firstName: 'Ana', lastName: 'Gómez', lastName2: null, avatar: null, roles: ['student'] } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/person/9', session: signedIn() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Gómez' })).toBeTruthy();
    expect(screen.getByText('Estudiante')).toBeTruthy();
    expect(screen.queryByText('Documento')).toBeNull();
    expect(screen.queryByText('Datos clínicos')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Enviar correo' })).toBeNull();
  });

  it('shows the full profile with clinic data, relatives and groups to those who may see them', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'GET people/4': {
        body: {
          id: 4,
          firstName: 'Sofía',
          lastName: 'Pérez',
          lastName2: 'Ruiz',
          avatar: '/img/default-avatar.png',
          roles: ['student'],
          document: '1020304050',
          gender: 'female',
          birthday: '2013-04-09',
          email: 'sofia@example.com',
          mobile: '+57 300 123 4567',
          studentCode: 'S-0042',
          clinic: { bloodType: 'O+', weight: 38, height: 145, medicalInsurance: 'Sura EPS' },
          relatives: [{ id: 3, firstName: 'Laura', lastName: 'Ruiz', lastName2: null, avatar: null, kind: 'mother' }],
          groups: [{ nodeId: 11, nodeName: '7A', typeKey: 'class', role: 'student', enrollmentStatus: 'active', outcome: null, schoolYear: '2026' }],
        },
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/person/4', session: signedIn() });
    expect(await screen.findByText('1020304050')).toBeTruthy();
    expect(screen.getByText('Femenino')).toBeTruthy();
    expect(screen.getByText('9 de abril de 2013')).toBeTruthy();
    expect(screen.getByText('O+')).toBeTruthy();
    expect(screen.getByText('38 kg')).toBeTruthy();
    expect(screen.getByText('Sura EPS')).toBeTruthy();
    expect(screen.getByText('Madre')).toBeTruthy();
    expect(screen.getByText('Matrícula: Activo')).toBeTruthy();
    expect(screen.getByRole('link', { name: '7A' }).getAttribute('href')).toBe('/nodes/11');
    expect(screen.getByRole('link', { name: /Enviar correo/ }).getAttribute('href')).toBe('mailto:sofia@example.com');
    expect(screen.getByRole('link', { name: /Llamar/ }).getAttribute('href')).toBe('tel:+573001234567');
    // The placeholder picture counts as none: initials instead of an image.
    expect(document.querySelector('img')).toBeNull();
  });

  it('item 2: lets an administrator sign a person out on every device, after a confirmation', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET people/9': { body: { id: 9, firstName: 'Ana', lastName: 'Gómez', lastName2: null, avatar: null, roles: ['parent'] } },
      'POST allowed': { body: { 'DELETE people/9/sessions': true } },
      'DELETE people/9/sessions': { status: 204 },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/person/9', session: signedIn() });
    const { fireEvent } = await import('@testing-library/react');
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión en todos sus dispositivos' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar la sesión de Ana Gómez?' });
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar sesión en todos sus dispositivos' }));
    expect(await screen.findByText('Se cerró la sesión de Ana Gómez en todos sus dispositivos.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`${BASE}people/9/sessions`]);
  });

  it('offers no sign-out of a person to those the server does not allow it', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'GET people/9': { body: { id: 9, firstName: 'Ana', lastName: 'Gómez', lastName2: null, avatar: null, roles: ['parent'] } },
      'POST allowed': { body: { 'DELETE people/9/sessions': false } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/person/9', session: signedIn() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Gómez' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Cerrar sesión en todos sus dispositivos' })).toBeNull();
  });

  it('shows a translated not-allowed screen on 403', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET people/20': { status: 403, body: { error: 'forbidden', message: 'Not allowed' } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/person/20', session: signedIn() });
    expect(await screen.findByRole('heading', { name: 'No tienes permiso para ver esto' })).toBeTruthy();
  });

  it('loads its texts with the screen, in the person’s language', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET people/20': { status: 403, body: { error: 'forbidden', message: 'Not allowed' } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/person/20', session: { ...signedIn(), language: 'de' } });
    expect(await screen.findByRole('heading', { name: 'Du darfst das nicht sehen' })).toBeTruthy();
  });

  it('shows a translated not-found screen on 404', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, {}).fetchMock);
    await renderApp({ path: '/person/999', session: signedIn() });
    expect(await screen.findByRole('heading', { name: 'No encontramos lo que buscas' })).toBeTruthy();
  });

  it('lists a parent’s children as cards linking to their profiles', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'GET people/3': { body: { id: 3, firstName: 'Laura', lastName: 'Ruiz', lastName2: null, avatar: null } },
      'GET people/3/children': {
        body: [
          { ...person(4), groups: [{ nodeId: 11, nodeName: '7A', enrollmentStatus: 'active' }] },
          { ...person(12), groups: [{ nodeId: 12, nodeName: '7B', enrollmentStatus: 'pending' }] },
          { ...person(13), roles: ['student'], groups: [] },
        ],
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/people/3/children', session: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hijos de Laura Ruiz' })).toBeTruthy();
    const cards = screen.getAllByRole('link', { name: /Nombre/ });
    expect(cards.map((a) => a.getAttribute('href'))).toEqual(['/person/4', '/person/12', '/person/13']);
    // The class instead of only the role; a class waiting for the school's approval says so.
    expect(within(cards[0]).getByText('7A')).toBeTruthy();
    expect(within(cards[1]).getByText('7B · matrícula pendiente')).toBeTruthy();
    expect(within(cards[2]).getByText('Estudiante')).toBeTruthy();
  });
});
