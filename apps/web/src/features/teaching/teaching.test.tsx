import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { GROUP, ME, TASK, nodePost, person, signedIn, teaching } from './teaching.fixtures';
import { NODE_POSTS_PAGE } from './useNodePosts';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;

async function open(path: string, routes: Routes) {
  const stub = stubFetch(BASE, {
    'GET vue/settings': { body: { timeZone: 'America/Bogota' } },
    [`GET people/${ME}`]: { body: { ...person(ME, 'Carolina', 'Restrepo'), roles: ['teacher'], relatives: [], groups: [] } },
    'POST allowed': { body: {} },
    [`GET people/${ME}/children`]: { body: [] },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn() });
  return { ...stub, ...app };
}

describe('the teaching dashboard', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("item 1: shows each group's students, work to review, completion and next due date, linking to its classroom and its compose", async () => {
    await open(`/teaching/${ME}`, { [`GET teaching/${ME}`]: { body: teaching() } });
    const groups = await screen.findByRole('region', { name: 'Mis grupos' }, { timeout: 20_000 });
    const [first, second] = within(groups).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: '7A' }).getAttribute('href')).toBe(`/people/${ME}/classroom/${GROUP}`);
    expect(within(first!).getByText('Estudiantes').nextElementSibling?.textContent).toBe('3');
    expect(within(first!).getByText('Por revisar').nextElementSibling?.textContent).toBe('2');
    expect(within(first!).getByText(/Trabajos entregados: 80/)).toBeTruthy();
    // The due date is the school's wall clock (Bogotá): 23:59 on 5 March.
    expect(within(first!).getByText('Próxima entrega').nextElementSibling?.textContent).toMatch(/^5\/03\/2030.*11:59/);
    expect(within(first!).getByRole('link', { name: 'Publicar (7A)' }).getAttribute('href')).toBe(`/compose?classroom=${GROUP}`);
    expect(within(second!).getByText('Aún no vence ninguna tarea.')).toBeTruthy();
    expect(within(second!).getByText('Próxima entrega').nextElementSibling?.textContent).toBe('Ninguna');

    const upcoming = screen.getByRole('region', { name: 'Próximas entregas' });
    const task = within(upcoming).getByRole('link', { name: /Ensayo sobre el agua/ });
    expect(task.textContent).toContain('2 de 3 entregaron');
    expect(task.getAttribute('href')).toBe(`/teaching/${ME}/posts/${TASK}?group=${GROUP}`);
  });

  it('item 1: the review queue lists turned-in work oldest first, late said in words, and opens the submission at that student', async () => {
    const { router } = await open(`/teaching/${ME}`, {
      [`GET teaching/${ME}`]: { body: teaching() },
      [`GET posts/${TASK}/submissions`]: { body: [] },
    });
    const queue = await screen.findByRole('region', { name: 'Por revisar (2)' }, { timeout: 20_000 });
    const items = within(queue).getAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Ana PérezEntregadaEnsayo sobre el agua · 7AEntregada el/),
      expect.stringMatching(/^Carla GómezEntregada tardeEnsayo sobre el agua · 7A/),
    ]);
    fireEvent.click(items[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/teaching/${ME}/posts/${TASK}`));
    expect(router.state.location.search).toBe(`?group=${GROUP}&student=103`);
  });

  it('item 1: a person who teaches no group reads so', async () => {
    await open(`/teaching/${ME}`, { [`GET teaching/${ME}`]: { body: { groups: [], upcoming: [], toReview: [] } } });
    expect(await screen.findByRole('heading', { name: 'Aún no tienes grupos a cargo' }, { timeout: 20_000 })).toBeTruthy();
  });

  it("item 1: another teacher's dashboard is refused in words, not a blank page", async () => {
    await open('/teaching/8', { 'GET teaching/8': { status: 403, body: { error: 'forbidden', message: 'Not yours' } } });
    expect(await screen.findByRole('heading', { name: /No tienes permiso/ }, { timeout: 20_000 })).toBeTruthy();
  });
});

describe("a group's posts of a type", { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("item 4: lists the group's posts of the type with title, author and date, each opening the post, page after page", async () => {
    const firstPage = Array.from({ length: NODE_POSTS_PAGE }, (_, i) => nodePost(900 - i, `Tarea ${i + 1}`, { kind: 'task', dueDate: '2030-03-06T04:59:00.000Z' }));
    const { calls, router } = await open(`/nodes/${GROUP}/posts/task`, {
      [`GET nodes/${GROUP}`]: { body: { id: GROUP, parentId: null, typeId: 1, typeKey: 'class', name: '7A', position: 0, memberCount: 3, path: [] } },
      [`GET nodes/${GROUP}/children`]: { body: [] },
      'GET node-types': { body: [] },
      'GET post-types': { body: [{ type: 'task', singular: 'Tarea', plural: 'Tareas', icon: 'task', color: '#1c89b8', visible: true, names: {} }] },
      [`GET nodes/${GROUP}/posts?type=task&limit=${NODE_POSTS_PAGE}`]: { body: firstPage },
      [`GET nodes/${GROUP}/posts?type=task&limit=${NODE_POSTS_PAGE}&before=${900 - NODE_POSTS_PAGE + 1}`]: {
        body: [nodePost(10, 'Circular de la rectoría', { author: person(2, 'Tomás', 'Díaz') })],
      },
      'GET posts/10': { body: { id: 10, thread: 77 } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '7A' }, { timeout: 20_000 })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Tareas' });
    expect(within(list).getAllByRole('link')).toHaveLength(NODE_POSTS_PAGE);
    const first = within(list).getByRole('link', { name: /Tarea 1\b/ });
    expect(first.getAttribute('href')).toBe(`/people/${ME}/classroom/${GROUP}/posts/900`);
    expect(first.textContent).toContain('Carolina Restrepo · Tarea · Entrega:');

    fireEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    const other = await within(list).findByRole('button', { name: /Circular de la rectoría/ });
    expect(other.textContent).toContain('Tomás Díaz');
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
    // Not a classroom post and not one's own: opened in its conversation.
    fireEvent.click(other);
    await waitFor(() => expect(router.state.location.pathname).toBe('/threads/feed/77'));
    expect(calls.some((c) => c.url === `${BASE}posts/10`)).toBe(true);
  });
});
