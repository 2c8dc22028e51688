import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, localDateOf } from '@patio/core/calendar/times';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { POST_TYPES, signedIn } from './compose.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
const GROUP = { id: 70, parentId: null, typeId: 1, typeKey: 'class', name: '7A', position: 0, memberCount: 30, path: [] };

const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));
const sent = (calls: StubCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url === `${BASE}${path}`);

async function openClassroom(routes: Routes = {}, path = '/compose?classroom=70') {
  const stub = stubFetch(BASE, {
    'POST allowed': { body: { 'POST audiences/preview': true } },
    'GET post-types': { body: POST_TYPES },
    'GET vue/settings': { body: { timeZone: 'America/Bogota' } },
    'GET nodes/70': { body: GROUP },
    'POST people/3/posts/drafts': { status: 201, body: { id: 41 } },
    'PUT posts/41': (call) => ({ body: { ...bodyOf(call), id: 41, updatedAt: '2026-03-02T10:00:00.000Z' } }),
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn(3) });
  await screen.findByRole('textbox', { name: 'Asunto' }, { timeout: 20_000 });
  return { ...stub, ...app };
}

describe('compose in classroom mode', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('item 3: names the group and offers the kinds instead of recipients; a task is due tomorrow at 23:59 school time by default', async () => {
    const warn = vi.spyOn(console, 'warn');
    await openClassroom();
    expect(screen.getByRole('heading', { level: 1, name: 'Publicar en el aula' })).toBeTruthy();
    // The mode's texts travel in the classroom chunk, and the screen waits for them: no key shown raw, ever.
    expect(warn.mock.calls.filter(([message]) => String(message).startsWith('Missing translation'))).toEqual([]);
    const section = screen.getByRole('region', { name: 'Aula' });
    expect(within(section).getByText('Para los estudiantes de 7A')).toBeTruthy();
    expect((within(section).getByRole('radio', { name: 'Tarea' }) as HTMLInputElement).checked).toBe(true);
    expect(within(section).getByRole('radio', { name: 'Material' })).toBeTruthy();
    expect(within(section).getByRole('radio', { name: 'Anuncio' })).toBeTruthy();
    expect((within(section).getByLabelText('Hora de entrega') as HTMLInputElement).value).toBe('23:59');
    // No recipients, no post type, no calendar event, no schedule: a classroom post goes now, to the group.
    expect(screen.queryByRole('region', { name: 'Destinatarios' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Tipo de publicación' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Evento en el calendario' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Fechas' })).toBeNull();
    // The blocks (files, e.g. a PDF) are there as in any draft.
    expect(screen.getByRole('region', { name: 'Contenido de la publicación' })).toBeTruthy();
  });

  it('item 3: publishing saves the draft, then posts {draft, kind, dueDate, points, relatives} to the group and opens the new classroom post', async () => {
    const { calls, router } = await openClassroom({ 'POST nodes/70/classroom/posts': { status: 201, body: { id: 600 } } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Asunto' }), { target: { value: 'Ensayo sobre el agua' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Puntos (opcional)' }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('switch', { name: /Enviar también a sus familias/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/people/3/classroom/70/posts/600'));

    const draft = bodyOf(sent(calls, 'POST', 'people/3/posts/drafts')[0]);
    expect(draft).toMatchObject({ type: 'task', title: 'Ensayo sobre el agua', audience: { people: [], rules: null, relatives: true }, event: null, publishDate: null });
    const published = bodyOf(sent(calls, 'POST', 'nodes/70/classroom/posts')[0]);
    const tomorrow = addDays(localDateOf(Math.floor(Date.now() / 1000), 'America/Bogota'), 1);
    expect(published).toEqual({ draft: 41, kind: 'task', dueDate: `${tomorrow}T23:59:00-05:00`, points: 10, relatives: true });
    expect(sent(calls, 'POST', 'people/3/posts/sent')).toEqual([]);
  });

  it('item 3: a material has no due date nor points and is filed as a document', async () => {
    const { calls, router } = await openClassroom({ 'POST nodes/70/classroom/posts': { status: 201, body: { id: 601 } } });
    fireEvent.click(screen.getByRole('radio', { name: 'Material' }));
    expect(screen.queryByLabelText('Hora de entrega')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Puntos (opcional)' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Asunto' }), { target: { value: 'Lecturas de la semana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/people/3/classroom/70/posts/601'));
    expect(bodyOf(sent(calls, 'POST', 'people/3/posts/drafts')[0]).type).toBe('document');
    expect(bodyOf(sent(calls, 'POST', 'nodes/70/classroom/posts')[0])).toEqual({ draft: 41, kind: 'material', dueDate: null, points: null, relatives: false });
  });

  it("item 3: bad points are stopped before sending; the server's due_date_past and a group that is not one's own are said in words, and the draft stays", async () => {
    let answer: StubAnswer = { status: 400, body: { error: 'due_date_past', message: 'The due date must be in the future' } };
    const { calls, router } = await openClassroom({ 'POST nodes/70/classroom/posts': () => answer });
    fireEvent.change(screen.getByRole('textbox', { name: 'Asunto' }), { target: { value: 'Ensayo' } });
    const points = screen.getByRole('textbox', { name: 'Puntos (opcional)' });
    fireEvent.change(points, { target: { value: '2,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Revisa la fecha de entrega y los puntos.');
    expect(screen.getByText('Los puntos son un número entero de 1 a 1000.')).toBeTruthy();
    expect(sent(calls, 'POST', 'nodes/70/classroom/posts')).toEqual([]);

    fireEvent.change(points, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('La fecha de entrega ya pasó: elige una fecha futura.'));
    expect(bodyOf(sent(calls, 'POST', 'nodes/70/classroom/posts')[0])).toMatchObject({ draft: 41, kind: 'task', points: null });
    expect(router.state.location.pathname).toBe('/compose');
    expect(router.state.location.search).toBe('?draft=41&classroom=70');
    expect((screen.getByRole('textbox', { name: 'Asunto' }) as HTMLInputElement).value).toBe('Ensayo');

    answer = { status: 404, body: { error: 'not_found', message: 'There is no such group' } };
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Solo los docentes del grupo y los administradores pueden publicar en su aula.'));
    expect(sent(calls, 'DELETE', 'posts/41')).toEqual([]);
  });

  it('item 3: an address naming no group reads as a group not found', async () => {
    const stub = stubFetch(BASE, { 'POST allowed': { body: {} }, 'GET post-types': { body: POST_TYPES } });
    vi.stubGlobal('fetch', stub.fetchMock);
    await renderApp({ path: '/compose?classroom=siete', session: signedIn(3) });
    expect(await screen.findByRole('heading', { level: 2, name: 'No encontramos este grupo' }, { timeout: 20_000 })).toBeTruthy();
  });
});
