import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubCall } from '../../test/fetchStub';

const session = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(1) });
const types = [
  { id: 1, key: 'school', singular: { es: 'Colegio' }, plural: { es: 'Colegios' } },
  { id: 2, key: 'grade', singular: { es: 'Grado' }, plural: { es: 'Grados' } },
  { id: 3, key: 'class', singular: { es: 'Curso' }, plural: { es: 'Cursos' } },
  { id: 4, key: 'team', singular: { es: 'Equipo' }, plural: { es: 'Equipos' } },
];
const node = (id: number, parentId: number | null, name: string, typeId: number, memberCount = 0) => ({
  id, parentId, name, typeId, typeKey: types[typeId - 1].key, position: 0, memberCount,
});
const school = [node(1, null, 'Colegio Demo', 1, 3), node(2, 1, 'Tercero', 2), node(3, 2, '3A', 3, 2), node(4, 2, '3B', 3, 1), node(5, 1, 'Fútbol', 4, 6)];
const link = (name: RegExp) => screen.queryByRole('link', { name });

describe('groups tree', { timeout: 20_000 }, () => {
  it('opens and closes groups with disclosure buttons, and finds a group with the groups above it', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET nodes': { body: { types, nodes: school } }, 'POST allowed': { body: { 'POST nodes': true } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/nodes', session: session() });
    expect(await screen.findByRole('link', { name: /^3A Curso · 2 integrantes$/ })).toBeTruthy();

    const hide = screen.getByRole('button', { name: 'Ocultar los grupos dentro de Tercero' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(hide.getAttribute('aria-controls')!)).toBeTruthy();
    fireEvent.click(hide);
    expect(link(/^3A /)).toBeNull();
    expect(screen.getByRole('button', { name: 'Mostrar los grupos dentro de Tercero' }).getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar todo' }));
    expect(link(/^Tercero /)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir todo' }));
    expect(link(/^3B /)).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar grupos' }), { target: { value: 'FUTBOL' } });
    expect(screen.getByRole('status').textContent).toBe('1 grupo coincide con la búsqueda');
    expect(link(/^Fútbol /)?.querySelector('mark')?.textContent).toBe('Fútbol');
    expect(link(/^Colegio Demo /)).toBeTruthy();
    expect(link(/^Tercero /)).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar grupos' }), { target: { value: 'curso 3b' } });
    expect(link(/^3B /)).toBeTruthy();
    expect(link(/^Tercero /)).toBeTruthy();
    expect(link(/^3A /)).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar grupos' }), { target: { value: 'zzz' } });
    expect(screen.getByText(/Ningún grupo coincide con «zzz»/)).toBeTruthy();
  });

  it('adds a group in place under the chosen parent, saying why a name is refused', async () => {
    let nodes = school;
    const posts: unknown[] = [];
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET nodes': () => ({ body: { types, nodes } }),
      'POST allowed': { body: { 'POST nodes': true } },
      'POST nodes': (call: StubCall) => {
        const body = JSON.parse(String(call.init?.body)) as { name: string; parentId: number; typeId: number };
        posts.push(body);
        if (body.name === '3A') return { status: 409, body: { error: 'node_name_taken', message: 'There is already a group named "3A" in this place' } };
        nodes = [...school, node(9, body.parentId, body.name, body.typeId)];
        return { status: 201, body: { ...node(9, body.parentId, body.name, body.typeId), path: [] } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/nodes', session: session() });
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar un grupo dentro de Tercero' }));
    const form = screen.getByRole('form', { name: 'Nuevo grupo dentro de Tercero' });
    expect((within(form).getByRole('combobox', { name: 'Tipo de grupo' }) as HTMLSelectElement).value).toBe('3');

    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    expect(await within(form).findByText('Escribe el nombre del grupo.')).toBeTruthy();
    expect(posts).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: /Nombre del grupo/ }), { target: { value: '3A' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    expect(await within(form).findByText('Ya hay un grupo llamado «3A» en ese lugar. Elige otro nombre.')).toBeTruthy();

    fireEvent.change(within(form).getByRole('textbox', { name: /Nombre del grupo/ }), { target: { value: ' 3C ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear grupo' }));
    const created = await screen.findByRole('link', { name: /^3C Curso/ });
    expect(posts[1]).toEqual({ parentId: 2, typeId: 3, name: '3C' });
    expect(screen.getByRole('status').textContent).toBe('Se creó el grupo «3C».');
    await waitFor(() => expect(document.activeElement).toBe(created));
    expect(screen.queryByRole('form')).toBeNull();
    expect(calls.filter((c) => c.url === `${BASE}nodes` && (c.init?.method ?? 'GET') === 'GET').length).toBe(2);
  });

  it('shows a teacher the groups in their care, with nothing to add', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET nodes': { body: { types, nodes: [node(3, 2, '3A', 3, 2)] } }, 'POST allowed': { body: { 'POST nodes': false } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/nodes', session: session() });
    expect(await screen.findByRole('link', { name: /^3A Curso/ })).toBeTruthy();
    expect(screen.getByText('Ves los grupos que tienes a cargo (con los que están dentro de ellos) y los de tu familia.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Abrir todo' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Agregar/ })).toBeNull();
  });

  it('tells a family why the Groups screen is not for them', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET nodes': { status: 403, body: { error: 'forbidden', message: 'You are not allowed to do this' } }, 'POST allowed': { body: {} } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/nodes', session: session() });
    expect(await screen.findByRole('heading', { name: 'Los grupos son para el personal del colegio' })).toBeTruthy();
    expect(screen.queryByText(/la persona, su familia/)).toBeNull();
  });
});
