import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { child, group, GROUP, listedPost, PARENT, signedIn, STUDENT, TASK, TEACHER } from './classroom.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;

const profile = (id: number) => ({ body: { id, firstName: 'Ana', lastName: 'Gómez', lastName2: null, avatar: null, roles: [], relatives: [], groups: [] } });

async function open(path: string, me: number, routes: Routes) {
  const stub = stubFetch(BASE, { 'GET vue/settings': { body: {} }, [`GET people/${me}`]: profile(me), 'POST allowed': { body: {} }, ...routes });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn(me) });
  return { ...stub, ...app };
}

const gets = (calls: StubCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.url === `${BASE}${path}`);

describe('the classroom lists', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('§4 /classroom: a student sees their classes with what is pending, and opens one', async () => {
    const { router } = await open('/classroom', STUDENT, {
      [`GET people/${STUDENT}/classroom`]: { body: [group(), group({ id: 71, name: 'Inglés 7', pending: 0 })] },
      [`GET people/${STUDENT}/classroom/${GROUP}/posts`]: { body: [listedPost()] },
    });
    const list = await screen.findByRole('list', { name: 'Mis clases' }, { timeout: 20_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Aula' })).toBeTruthy();
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.textContent)).toEqual(['7A2 pendientes', 'Inglés 7Al día']);
    fireEvent.click(rows[0]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/people/${STUDENT}/classroom/${GROUP}`));
    expect(await screen.findByRole('link', { name: 'Ensayo sobre el agua' })).toBeTruthy();
  });

  it("§4 /classroom: a family sees each child with the child's classes, which open the child's classroom", async () => {
    const second = child({ id: 12, firstName: 'Tomás', groups: [] });
    const { calls } = await open('/classroom', PARENT, {
      [`GET people/${PARENT}/classroom`]: { body: [group({ role: 'relative', pending: 3 })] },
      [`GET people/${PARENT}/children`]: { body: [child(), second] },
      [`GET people/${STUDENT}/classroom`]: { body: [group({ pending: 3 })] },
      'GET people/12/classroom': { body: [] },
    });
    const list = await screen.findByRole('list', { name: 'Clases de Sofía Gómez' }, { timeout: 20_000 });
    expect(screen.getByRole('heading', { level: 2, name: 'Sofía Gómez' })).toBeTruthy();
    expect(within(list).getByRole('link').getAttribute('href')).toBe(`/people/${STUDENT}/classroom/${GROUP}`);
    expect(within(list).getByText('3 pendientes')).toBeTruthy();
    // A child in no classroom class is left out.
    expect(screen.queryByRole('heading', { name: /Tomás/ })).toBeNull();
    expect(gets(calls, 'people/12/classroom')).toHaveLength(1);
  });

  it('§4 /classroom: a teacher lands on their teaching screen', async () => {
    const { router } = await open('/classroom', TEACHER, { [`GET people/${TEACHER}/classroom`]: { body: [group({ role: 'teacher', pending: 4 })] } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/teaching/${TEACHER}`), { timeout: 20_000 });
  });

  it('§4 /classroom: a person in no class gets a clear empty state', async () => {
    await open('/classroom', STUDENT, { [`GET people/${STUDENT}/classroom`]: { body: [] } });
    expect(await screen.findByRole('heading', { name: 'Aún no tienes clases en el aula' }, { timeout: 20_000 })).toBeTruthy();
  });

  it("§4 /people/{id}/classroom: a relative sees the child's classes under the child's name", async () => {
    await open(`/people/${STUDENT}/classroom`, PARENT, {
      [`GET people/${STUDENT}`]: { body: { ...child(), relatives: [], groups: [] } },
      [`GET people/${STUDENT}/classroom`]: { body: [group({ pending: 1 })] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aula de Sofía Gómez' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /7A/ }).getAttribute('href')).toBe(`/people/${STUDENT}/classroom/${GROUP}`);
    expect(screen.getByText('1 pendiente')).toBeTruthy();
  });

  it('§4 group: classwork with due date, points and a status badge; the stream apart; filters by kind (asked of the server) and by status', async () => {
    const posts = [
      listedPost(),
      listedPost({ id: 502, title: 'Taller de fracciones', submission: { status: 'missing' }, dueDate: '2027-03-01T23:59:00.000Z', points: null }),
      listedPost({ id: 503, kind: 'material', title: 'Guía de lectura', dueDate: null, points: null, submission: null }),
      listedPost({ id: 504, kind: 'announcement', title: 'Salida al museo', dueDate: null, points: null, submission: null }),
    ];
    const { calls, router } = await open(`/people/${STUDENT}/classroom/${GROUP}`, STUDENT, {
      [`GET people/${STUDENT}/classroom`]: { body: [group()] },
      [`GET people/${STUDENT}/classroom/${GROUP}/posts`]: { body: posts },
      [`GET people/${STUDENT}/classroom/${GROUP}/posts?kind=task`]: { body: posts.filter((p) => p.kind === 'task') },
    });
    const classwork = await screen.findByRole('region', { name: 'Trabajo de clase' }, { timeout: 20_000 });
    expect(screen.getByRole('heading', { level: 1, name: '7A' })).toBeTruthy();
    const essay = within(classwork).getByRole('link', { name: 'Ensayo sobre el agua' }).closest('li')!;
    expect(essay.textContent).toContain('10 puntos');
    expect(essay.textContent).toMatch(/Entrega: .*2099/);
    expect(within(essay).getByText('Asignada')).toBeTruthy();
    expect(within(classwork).getByText('Sin entregar')).toBeTruthy();
    const stream = screen.getByRole('region', { name: 'Novedades' });
    expect(within(stream).getAllByRole('link').map((l) => l.textContent)).toEqual(['Guía de lectura', 'Salida al museo']);
    // Nothing for teachers here.
    expect(screen.queryByRole('link', { name: 'Nueva tarea o material' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Ver entregas/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Tareas' }));
    await waitFor(() => expect(gets(calls, `people/${STUDENT}/classroom/${GROUP}/posts?kind=task`)).toHaveLength(1));
    expect(router.state.location.search).toBe('?kind=task');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Novedades' })).toBeNull());

    fireEvent.change(screen.getByRole('combobox', { name: 'Estado de la entrega' }), { target: { value: 'missing' } });
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Trabajo de clase' })).getAllByRole('link').map((l) => l.textContent)).toEqual(['Taller de fracciones']));
    expect(router.state.location.search).toBe('?kind=task&status=missing');

    fireEvent.change(screen.getByRole('combobox', { name: 'Estado de la entrega' }), { target: { value: 'returned' } });
    expect(await screen.findByRole('heading', { name: 'Nada coincide con los filtros' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('region', { name: 'Novedades' })).toBeTruthy();
  });

  it("§4 group: the group's teacher finds “new task or material” and each task's submissions, and no status filter", async () => {
    await open(`/people/${TEACHER}/classroom/${GROUP}`, TEACHER, {
      [`GET people/${TEACHER}/classroom`]: { body: [group({ role: 'teacher', pending: 1 })] },
      [`GET people/${TEACHER}/classroom/${GROUP}/posts`]: { body: [listedPost({ submission: null })] },
    });
    const action = await screen.findByRole('link', { name: 'Nueva tarea o material' }, { timeout: 20_000 });
    expect(action.getAttribute('href')).toBe(`/compose?classroom=${GROUP}`);
    expect(screen.getByRole('link', { name: 'Ver entregas de «Ensayo sobre el agua»' }).getAttribute('href')).toBe(`/teaching/${TEACHER}/posts/${TASK}`);
    expect(screen.queryByRole('combobox', { name: 'Estado de la entrega' })).toBeNull();
    expect(screen.queryByText('Asignada')).toBeNull();
  });

  it("item 3: a relative's view of a child's class says whose class it is; the student's own reads the class alone", async () => {
    await open(`/people/${STUDENT}/classroom/${GROUP}`, PARENT, {
      [`GET people/${STUDENT}`]: { body: { ...child(), relatives: [], groups: [] } },
      [`GET people/${STUDENT}/classroom`]: { body: [group()] },
      [`GET people/${PARENT}/classroom`]: { body: [group({ role: 'relative' })] },
      [`GET people/${STUDENT}/classroom/${GROUP}/posts`]: { body: [listedPost()] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '7A de Sofía' }, { timeout: 20_000 })).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();

    await open(`/people/${STUDENT}/classroom/${GROUP}`, STUDENT, {
      [`GET people/${STUDENT}/classroom`]: { body: [group()] },
      [`GET people/${STUDENT}/classroom/${GROUP}/posts`]: { body: [listedPost()] },
    });
    expect(await screen.findByRole('link', { name: 'Ensayo sobre el agua' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '7A' })).toBeTruthy();
  });

  it('§4 group: a group the person has no part in says so', async () => {
    await open(`/people/${STUDENT}/classroom/99`, STUDENT, {
      [`GET people/${STUDENT}/classroom`]: { body: [group()] },
      [`GET people/${STUDENT}/classroom/99/posts`]: { status: 404, body: { error: 'not_found', message: 'No' } },
    });
    expect(await screen.findByRole('heading', { name: 'No encontramos este grupo' }, { timeout: 20_000 })).toBeTruthy();
  });
});
