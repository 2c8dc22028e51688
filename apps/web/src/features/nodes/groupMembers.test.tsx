import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

const session = (language = 'es-CO') => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language, token: validToken(1) });
const types = [{ id: 3, key: 'class', singular: { es: 'Curso', de: 'Klasse' }, plural: { es: 'Cursos', de: 'Klassen' } }];
const membership = (role: string, enrollmentStatus: string | null = null) => ({ role, enrollmentStatus, outcome: null, schoolYear: '2026' });
const person = (id: number, firstName: string, lastName: string, memberships: ReturnType<typeof membership>[]) => ({
  id, firstName, lastName, lastName2: null, avatar: null, roles: memberships.map((m) => m.role), ...memberships[0], memberships,
});
const director = person(10, 'Julián', 'Ávila Charris de la Hoz Maldonado', [membership('group_director'), membership('teacher')]);
const student = person(11, 'Luciana', 'Orozco', [membership('student', 'active')]);
const routes = (allowed: Record<string, boolean>, extra: Record<string, unknown> = {}) => ({
  'GET node-types': { body: types },
  'GET nodes/3': { body: { id: 3, parentId: 2, typeId: 3, typeKey: 'class', name: '3A', position: 0, memberCount: 2, path: [{ id: 2, name: 'Tercero' }] } },
  'GET nodes/3/children': { body: [] },
  'GET nodes/3/members': { body: [director, student], headers: { 'X-Total-Count': '2' } },
  'POST allowed': { body: allowed },
  ...extra,
});

describe("a group's members", { timeout: 20_000 }, () => {
  it('shows a person with two roles once, with both, and the same count everywhere', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, routes({ people: true })).fetchMock);
    await renderApp({ path: '/nodes/3', session: session() });
    const list = within((await screen.findByRole('heading', { name: 'Integrantes (2)' })).closest('section')!).getByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Director de grupo · Docente')).toBeTruthy();
    expect(within(rows[1]).getByText('Estudiante (Activo)')).toBeTruthy();
    // A long name wraps, and the whole of it is in the tooltip.
    expect(within(rows[0]).getByTitle('Ávila Charris de la Hoz Maldonado, Julián')).toBeTruthy();
    expect(screen.getByText('Curso · 2 integrantes')).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Secciones del grupo' }));
    expect(await tabs.findByRole('link', { name: 'Personas (2 integrantes)' })).toBeTruthy();
    expect(tabs.getByRole('link', { name: 'Subgrupos (0 subgrupos)' })).toBeTruthy();
  });

  it('asks which role to remove from someone who holds two', async () => {
    const deleted: string[] = [];
    const { fetchMock } = stubFetch(BASE, routes({ people: true, 'POST nodes/3/members': true }, {
      'DELETE nodes/3/members/10?role=teacher': ({ url }: { url: string }) => {
        deleted.push(url);
        return { status: 204 };
      },
    }));
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/nodes/3', session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar a Ávila Charris de la Hoz Maldonado, Julián del grupo' }));
    const confirm = screen.getByRole('group', { name: '¿Quitar a Ávila Charris de la Hoz Maldonado, Julián del grupo?' });
    expect(within(confirm).getAllByRole('button').map((b) => b.textContent)).toEqual(['Quitar como Director de grupo', 'Quitar como Docente', 'Quitar del grupo', 'Cancelar']);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Quitar como Docente' }));
    await waitFor(() => expect(deleted).toEqual([`${BASE}nodes/3/members/10?role=teacher`]));
  });

  it('searches the roster on the people tab, counting as the first tab does', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, routes({ people: true })).fetchMock);
    await renderApp({ path: '/nodes/3/people', session: session() });
    expect((await screen.findAllByText('2 integrantes')).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar integrantes' }), { target: { value: 'JULIAN' } });
    expect(screen.getByText('1 de 2 integrantes coincide')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Integrantes' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says a group is not theirs in words about the group, not about a person', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch(BASE, routes({}, { 'GET nodes/3/members': { status: 403, body: { error: 'forbidden', message: 'You are not allowed to do this' } } })).fetchMock,
    );
    await renderApp({ path: '/nodes/3', session: session() });
    expect(await screen.findByRole('heading', { name: 'No puedes ver este grupo' })).toBeTruthy();
    expect(screen.queryByText(/la persona, su familia/)).toBeNull();
  });

  it('fits the German tab labels: the long one may break at its soft hyphen', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, routes({ people: true, 'POST nodes/3/imports': true })).fetchMock);
    await renderApp({ path: '/nodes/3/nodes', session: session('de') });
    const nav = await screen.findByRole('navigation', { name: 'Bereiche der Gruppe' });
    await waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(4));
    expect(within(nav).getAllByRole('link').map((tab) => tab.firstElementChild?.textContent)).toEqual(['Gruppe', 'Personen', 'Unter\u00ADgruppen', 'Import']);
  });
});
