import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { keepFramesOffline } from '../../blocks/blocks.fixtures';
import { POST_TYPES, signedIn } from './compose.fixtures';

// Issue 33 items 1 and 2 on /compose: a class's families in one tap with the recipient summary, and
// nothing typed dropped on publish (an unaccepted video address, a missing subject).

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));
const callsTo = (calls: StubCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url === `${BASE}${path}`);
const NODES = {
  types: [{ id: 1, key: 'class', singular: { es: 'Curso' }, plural: { es: 'Cursos' } }],
  nodes: [{ id: 7, parentId: null, typeId: 1, typeKey: 'class', name: '7A', position: 0, memberCount: 30 }],
};
const DRAFT = {
  id: 41, updatedAt: '2026-03-02T10:00:00.000Z', type: 'message', title: '', description: '',
  audience: { people: [8], rules: null, relatives: false },
  settings: { highlight: false, notifications: true, recipientsVisible: false, replies: 'author', forward: false }, quotes: [], publishDate: null, expirationDate: null, event: null,
};
const PUBLISHED = { id: 41, thread: 9, audienceCount: 1, publishDate: '2026-03-02T10:00:00.000Z', scheduled: false };
const SUMMARY = 'people/3/posts/audience-summary';

async function openCompose(routes: Routes, path = '/compose') {
  keepFramesOffline();
  const stub = stubFetch(BASE, { 'POST allowed': { body: { 'POST audiences/preview': true } }, 'GET post-types': { body: POST_TYPES }, 'GET nodes': { body: NODES }, ...routes });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn(3) });
  await screen.findByRole('textbox', { name: 'Asunto' }, { timeout: 20_000 });
  return { ...stub, ...app };
}

const openDraft = (draft: Partial<typeof DRAFT>, routes: Routes = {}) =>
  openCompose(
    {
      'GET people/3/posts/drafts/41': { body: { ...DRAFT, ...draft } },
      'PUT posts/41': (call) => ({ body: { ...bodyOf(call), id: 41, updatedAt: '2026-03-02T10:00:01.000Z' } }),
      'GET posts/41/blocks': { body: [] },
      [`POST ${SUMMARY}`]: { body: { count: 1, students: 0, relatives: 1, staff: 0 } },
      'POST people/3/posts/sent': { status: 201, body: PUBLISHED },
      ...routes,
    },
    '/compose?draft=41',
  );

describe('compose: everyday use (issue 33)', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('item 1: a class is chosen and its families are one tap away; the summary counts them by kind', async () => {
    const { calls } = await openCompose({
      'POST people/3/posts/drafts': { status: 201, body: { id: 41 } },
      'PUT posts/41': (call) => ({ body: { ...bodyOf(call), id: 41, updatedAt: '2026-03-02T10:00:00.000Z' } }),
      'POST audiences/preview': { body: { count: 12, sample: [] } },
      [`POST ${SUMMARY}`]: (call) => {
        const { relatives } = bodyOf(call);
        return { body: relatives ? { count: 16, students: 5, relatives: 11, staff: 0 } : { count: 11, students: 0, relatives: 11, staff: 0 } };
      },
    });
    expect(screen.getByText('Todavía no hay destinatarios.')).toBeTruthy();
    const group = await screen.findByRole('combobox', { name: 'Grupo o curso' });
    await within(group).findByRole('option', { name: '7A (Curso)' });
    expect(screen.queryByRole('button', { name: 'Familias de 7A' })).toBeNull();
    fireEvent.change(group, { target: { value: '7' } });

    fireEvent.click(screen.getByRole('button', { name: 'Familias de 7A' }));
    expect(await screen.findByText('Le llegará a 11 personas')).toBeTruthy();
    expect(screen.getByText('0 estudiantes · 11 familiares · 0 del personal')).toBeTruthy();
    expect(bodyOf(callsTo(calls, 'POST', SUMMARY).at(-1))).toEqual({ people: [], rules: { field: 'familiesOf', op: 'eq', args: [7] }, relatives: false });
    expect(screen.getByRole('button', { name: 'Familias de 7A' }).getAttribute('aria-pressed')).toBe('true');
    // The rule builder shows the same rule, row by row.
    expect((screen.getByRole('combobox', { name: 'Dato de la condición 1' }) as HTMLSelectElement).value).toBe('familiesOf');

    fireEvent.click(screen.getByRole('button', { name: 'Estudiantes y familias de 7A' }));
    expect(await screen.findByText('5 estudiantes · 11 familiares · 0 del personal')).toBeTruthy();
    expect(bodyOf(callsTo(calls, 'POST', SUMMARY).at(-1))).toEqual({
      people: [],
      rules: { op: 'and', args: [{ field: 'node', op: 'eq', args: [7] }, { field: 'role', op: 'eq', args: ['student'] }] },
      relatives: true,
    });
    expect((screen.getByRole('switch', { name: /Incluir a sus familiares/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Familias de 7A' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('item 1: a post meant for families that reaches no relative says so before publishing', async () => {
    await openDraft({ title: 'Reunión', type: 'circular' }, { [`POST ${SUMMARY}`]: { body: { count: 5, students: 5, relatives: 0, staff: 0 } } });
    const warning = 'Este tipo de publicación es para las familias, pero no le llegará a ningún familiar. Toca «Familias de…» o activa «Incluir a sus familiares».';
    expect(await screen.findByText('5 estudiantes · 0 familiares · 0 del personal')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(warning);
    // A message may go to students alone.
    fireEvent.change(screen.getByRole('combobox', { name: 'Tipo de publicación' }), { target: { value: 'message' } });
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
  });

  it('item 2: a video address pasted and not accepted holds the publish back with the reason, and is accepted on publish once valid', async () => {
    const { calls, router } = await openDraft(
      { title: 'Salida' },
      {
        'POST posts/41/blocks': { status: 201, body: { id: 5, type: 'youtube', url: null, options: {} } },
        'PUT posts/41/blocks/5': (call) => ({ body: { id: 5, type: 'youtube', url: null, options: {}, ...bodyOf(call) } }),
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Añadir contenido' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Video' }));
    const address = await screen.findByRole('textbox', { name: 'Dirección del video (YouTube o Vimeo)' });
    fireEvent.change(address, { target: { value: 'https://example.org/video' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        '«Dirección del video (YouTube o Vimeo)» tiene una dirección sin aceptar. Corrígela o quita el bloque antes de publicar.',
      ),
    );
    // The field says why, under the address.
    expect(screen.getByText('Esta no es una dirección de video válida')).toBeTruthy();
    expect(document.activeElement).toBe(address);
    expect(callsTo(calls, 'POST', 'people/3/posts/sent')).toHaveLength(0);

    fireEvent.change(address, { target: { value: ' https://www.youtube.com/watch?v=dQw4w9WgXcQ ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sent/41'));
    expect(callsTo(calls, 'PUT', 'posts/41/blocks/5').map(bodyOf)).toEqual([{ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }]);
    // The address was saved before the post went out.
    const order = (method: string, path: string) => calls.findIndex((c) => c.method === method && c.url === `${BASE}${path}`);
    expect(order('PUT', 'posts/41/blocks/5')).toBeLessThan(order('POST', 'people/3/posts/sent'));
  });

  it('item 2: a post without a subject takes the first words of its body, visibly, and publishes on the next tap', async () => {
    const { calls, router } = await openDraft({ description: '<p>Mañana   no hay <strong>clase</strong> por la jornada pedagógica del colegio entero</p>' });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    const subject = screen.getByRole('textbox', { name: 'Asunto' }) as HTMLInputElement;
    await waitFor(() => expect(subject.value).toBe('Mañana no hay clase por la jornada pedagógica'));
    expect(screen.getAllByText('Pusimos como asunto las primeras palabras del mensaje. Revísalo y vuelve a tocar Publicar.').length).toBeGreaterThan(0);
    expect(callsTo(calls, 'POST', 'people/3/posts/sent')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sent/41'));
    expect(calls.filter((c) => c.method === 'PUT' && c.url === `${BASE}posts/41`).map(bodyOf).at(-1)).toMatchObject({ title: 'Mañana no hay clase por la jornada pedagógica' });
  });

  it('item 2: a post with neither subject nor text asks for a subject and sends nothing', async () => {
    const { calls } = await openDraft({});
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Escribe un asunto antes de publicar.');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Asunto' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(calls, 'POST', 'people/3/posts/sent')).toHaveLength(0);
  });
});
