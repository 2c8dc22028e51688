import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionInput } from '@patio/core/schemas/classroom';
import { UPLOAD_MAX_BYTES } from '@patio/core/constants';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { FakeXhr } from '../../blocks/files/files.fixtures';
import { group, PARENT, postDetail, postPath, signedIn, STUDENT, submission, submissionPutPath, submittedFile, TASK, TEACHER, uploaded } from './classroom.fixtures';

// happy-dom has no document.fonts, which Mantine's autosizing Textarea (the answer) listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;

const profile = (id: number) => ({ body: { id, firstName: 'Ana', lastName: 'Gómez', lastName2: null, avatar: null, roles: [], relatives: [], groups: [] } });

async function open(me: number, routes: Routes, personId = me) {
  const stub = stubFetch(BASE, {
    'GET vue/settings': { body: {} },
    [`GET people/${me}`]: profile(me),
    'POST allowed': { body: {} },
    [`GET people/${me}/classroom`]: { body: [group({ role: me === TEACHER ? 'teacher' : me === PARENT ? 'relative' : 'student' })] },
    [`GET posts/${TASK}/blocks`]: { body: [] },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const app = await renderApp({ path: `/${postPath(personId)}`, session: signedIn(me) });
  await screen.findByRole('heading', { level: 2, name: 'Ensayo sobre el agua' }, { timeout: 20_000 });
  return { ...stub, ...app };
}

const puts = (calls: StubCall[]) => calls.filter((c) => c.method === 'PUT' && c.url === `${BASE}${submissionPutPath()}`);
const bodyOf = (call: StubCall) => JSON.parse(String(call.init?.body)) as SubmissionInput;
const work = () => screen.getByRole('region', { name: 'Tu trabajo' });

/** A server keeping the student's submission as the PUT sets it. */
function keepingServer(start = submission(), uploads: Record<number, string> = { 900: 'cuaderno.jpg' }) {
  let kept = start;
  const routes: Routes = {
    [`GET ${postPath()}`]: () => ({ body: postDetail({ submission: kept }) }),
    [`PUT ${submissionPutPath()}`]: (call) => {
      const input = bodyOf(call);
      const turnedIn = kept.status === 'turned_in' || kept.status === 'late';
      const files = input.files ? input.files.map((id) => kept.files.find((f) => f.id === id) ?? submittedFile(id, uploads[id] ?? `foto-${id}.jpg`)) : kept.files;
      kept = {
        ...kept,
        text: input.text ?? kept.text,
        files,
        status: input.turnIn ? (turnedIn ? kept.status : 'turned_in') : turnedIn ? 'assigned' : kept.status,
        turnedInAt: input.turnIn ? '2027-03-05T15:30:00.000Z' : turnedIn ? null : kept.turnedInAt,
      };
      return { body: kept };
    },
  };
  return { routes, kept: () => kept };
}

describe('a classroom post', { timeout: 30_000 }, () => {
  beforeEach(() => {
    FakeXhr.sent = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  it('§4 post: shows title, author, due date, points, the sanitised description and the blocks', async () => {
    await open(STUDENT, {
      [`GET ${postPath()}`]: { body: postDetail({ description: '<p>Escribe <strong>una página</strong>.</p><img src=x onerror="alert(1)">' }) },
      [`GET posts/${TASK}/blocks`]: { body: [{ id: 1, type: 'html', url: 'media/html/33', name: '', position: 0 }] },
      'GET media/html/33': { body: { id: 33, body: '<p>Rúbrica del ensayo</p>' } },
    });
    const post = screen.getByRole('article', { name: 'Ensayo sobre el agua' });
    expect(within(post).getByText('Carolina Restrepo')).toBeTruthy();
    expect(within(post).getByText('Fecha de entrega').nextElementSibling?.textContent).toMatch(/2099/);
    expect(within(post).getByText('10 puntos')).toBeTruthy();
    expect(within(post).getByText(/Escribe.*una página/)).toBeTruthy();
    expect(post.querySelector('img[onerror]')).toBeNull();
    expect(await within(post).findByText('Rúbrica del ensayo')).toBeTruthy();
    expect(within(work()).getByText('Asignada')).toBeTruthy();
  });

  it('§4 post: the student writes, turns in, sees it turned in with the time, and takes the turn-in back', async () => {
    const server = keepingServer();
    const { calls } = await open(STUDENT, server.routes);
    fireEvent.change(within(work()).getByRole('textbox', { name: 'Respuesta' }), { target: { value: 'El agua cubre el 71 % de la Tierra.' } });
    fireEvent.click(within(work()).getByRole('button', { name: 'Entregar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(bodyOf(puts(calls)[0])).toEqual({ text: 'El agua cubre el 71 % de la Tierra.', files: [], turnIn: true });
    expect(await within(work()).findByText('Entregada')).toBeTruthy();
    expect(within(work()).getByText('Entregada el').nextElementSibling?.textContent).toMatch(/2027/);
    expect(within(work()).getByText('El agua cubre el 71 % de la Tierra.')).toBeTruthy();
    expect(within(work()).queryByRole('textbox')).toBeNull();

    fireEvent.click(within(work()).getByRole('button', { name: 'Anular entrega' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(bodyOf(puts(calls)[1])).toEqual({ turnIn: false });
    expect(await within(work()).findByRole('textbox', { name: 'Respuesta' })).toHaveProperty('value', 'El agua cubre el 71 % de la Tierra.');
    expect(within(work()).getByText('Asignada')).toBeTruthy();
  });

  it('§4 post: a file from the device goes to the student’s uploads with progress, and the work is saved with it at once', async () => {
    const server = keepingServer();
    const { calls } = await open(STUDENT, server.routes);
    const input = work().querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('image/*,application/pdf');
    expect(input.multiple).toBe(true);
    const photo = new File(['x'.repeat(2048)], 'cuaderno.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].url).toBe(`${BASE}people/${STUDENT}/uploads`);
    expect((FakeXhr.sent[0].body?.get('file') as File).name).toBe('cuaderno.jpg');
    act(() => FakeXhr.sent[0].progress(1024, 2048));
    expect(within(work()).getByRole('group', { name: 'Subiendo 1 archivo' })).toBeTruthy();
    act(() => FakeXhr.sent[0].respond(201, [uploaded(900, 'cuaderno.jpg')]));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(bodyOf(puts(calls)[0])).toEqual({ text: '', files: [900], turnIn: false });
    expect(within(work()).getByRole('list', { name: 'Archivos de la entrega' }).textContent).toContain('cuaderno.jpg');

    // Removing it saves at once too.
    fireEvent.click(within(work()).getByRole('button', { name: 'Quitar cuaderno.jpg' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(bodyOf(puts(calls)[1])).toEqual({ text: '', files: [], turnIn: false });
  });

  it('§4 post: on a phone the camera has its own button (capture), sent as cameraFile', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(pointer: coarse)', media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {} }));
    await open(STUDENT, keepingServer().routes);
    expect(within(work()).getByRole('button', { name: 'Tomar foto' })).toBeTruthy();
    const camera = work().querySelector<HTMLInputElement>('input[type=file][capture]')!;
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.accept).toBe('image/*');
    fireEvent.change(camera, { target: { files: [new File(['x'], 'foto.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].body?.get('cameraFile')).toBeTruthy();
  });

  it('§4 post: a file over the limit is refused before sending; the server’s codes are said in words', async () => {
    const { calls } = await open(STUDENT, {
      [`GET ${postPath()}`]: { body: postDetail() },
      [`PUT ${submissionPutPath()}`]: { status: 400, body: { error: 'invalid_files', message: 'Every file must be one of your own uploads' } },
    });
    const huge = new File(['x'], 'video.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    fireEvent.change(work().querySelector('input[type=file]')!, { target: { files: [huge] } });
    expect((await within(work()).findByRole('alert')).textContent).toMatch(/^El archivo es demasiado grande: el máximo es 512/);
    expect(FakeXhr.sent).toHaveLength(0);

    fireEvent.click(within(work()).getByRole('button', { name: 'Entregar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((await within(work()).findByRole('alert')).textContent).toBe('Alguno de los archivos ya no está disponible. Quítalo y vuelve a adjuntarlo.');
    // Nothing changed: the work can still be turned in.
    expect(within(work()).getByText('Asignada')).toBeTruthy();
  });

  it('§4 post: past the due date the student is told it will count as late', async () => {
    await open(STUDENT, { [`GET ${postPath()}`]: { body: postDetail({ dueDate: '2020-01-01T00:00:00.000Z', submission: submission({ status: 'missing' }) }) } });
    expect(within(work()).getByText('Sin entregar')).toBeTruthy();
    expect(within(work()).getByText(/La fecha de entrega ya pasó/)).toBeTruthy();
  });

  it('§4 post: once returned, the grade out of the points and the teacher’s feedback; the student may change it and turn it in again', async () => {
    await open(STUDENT, {
      [`GET ${postPath()}`]: {
        body: postDetail({ submission: submission({ status: 'returned', text: 'Mi ensayo', grade: 9, feedback: 'Muy bien argumentado.\nRevisa las tildes.', turnedInAt: '2027-03-05T15:30:00.000Z', returnedAt: '2027-03-06T10:00:00.000Z' }) }),
      },
    });
    expect(within(work()).getByText('Devuelta')).toBeTruthy();
    expect(within(work()).getByText('9 / 10')).toBeTruthy();
    expect(within(work()).getByText(/Muy bien argumentado/).textContent).toBe('Muy bien argumentado.\nRevisa las tildes.');
    expect(within(work()).getByText('Devuelta el')).toBeTruthy();
    // The graded work stays as it was until the student chooses to change it.
    expect(within(work()).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(work()).getByRole('button', { name: 'Cambiar y entregar de nuevo' }));
    expect(within(work()).getByRole('textbox', { name: 'Respuesta' })).toHaveProperty('value', 'Mi ensayo');
    expect(within(work()).getByRole('button', { name: 'Entregar de nuevo' })).toBeTruthy();
  });

  it("§4 post: a relative reads the child's work read-only when the school does not let relatives turn in", async () => {
    const { calls } = await open(
      PARENT,
      {
        [`GET ${postPath()}`]: { body: postDetail({ submission: submission({ status: 'turned_in', text: 'Mi ensayo', files: [submittedFile(900, 'cuaderno.jpg')], turnedInAt: '2027-03-05T15:30:00.000Z' }) }) },
        'POST allowed': { body: { [`PUT ${submissionPutPath()}`]: false } },
        [`GET posts/${TASK}/submissions/${STUDENT}/files/900?download=1`]: { body: { bytes: 'x' } },
        [`GET people/${STUDENT}`]: { body: { id: STUDENT, firstName: 'Sofía', lastName: 'Gómez', lastName2: null, avatar: null, roles: ['student'] } },
      },
      STUDENT,
    );
    const panel = await screen.findByRole('region', { name: 'Trabajo de Sofía Gómez' });
    expect(within(panel).getByText('Entregada')).toBeTruthy();
    expect(within(panel).getByText('Mi ensayo')).toBeTruthy();
    expect(within(panel).getByText('cuaderno.jpg')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === `${BASE}allowed`)).toBe(true));
    expect(within(panel).getByText('Solo el estudiante puede cambiar y entregar este trabajo.')).toBeTruthy();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Descargar cuaderno.jpg']);

    // The file opens from its own address, with the token (the relative is no owner of the upload).
    const objectUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:cuaderno');
    URL.revokeObjectURL = vi.fn();
    try {
      fireEvent.click(within(panel).getByRole('button', { name: 'Descargar cuaderno.jpg' }));
      await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    } finally {
      URL.createObjectURL = objectUrl.create;
      URL.revokeObjectURL = objectUrl.revoke;
    }
    const download = calls.find((c) => c.url === `${BASE}posts/${TASK}/submissions/${STUDENT}/files/900?download=1`);
    expect((download?.init?.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
  });

  it.each([403, 404])("item 3, item 4: a relative the post did not reach (its blocks answer %i) reads it and the child's work under “7A de Sofía”, told its attachments are for its recipients", async (refusal) => {
    const { calls } = await open(
      PARENT,
      {
        [`GET ${postPath()}`]: { body: postDetail({ submission: submission({ status: 'turned_in', text: 'Mi ensayo', turnedInAt: '2027-03-05T15:30:00.000Z' }) }) },
        [`GET people/${STUDENT}/classroom`]: { body: [group()] },
        [`GET people/${STUDENT}`]: { body: { id: STUDENT, firstName: 'Sofía', lastName: 'Gómez', lastName2: null, avatar: null, roles: ['student'] } },
        [`GET posts/${TASK}/blocks`]: { status: refusal, body: { error: refusal === 403 ? 'forbidden' : 'not_found', message: 'No' } },
        'POST allowed': { body: { [`PUT ${submissionPutPath()}`]: false } },
      },
      STUDENT,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '7A de Sofía' })).toBeTruthy();
    const post = screen.getByRole('article', { name: 'Ensayo sobre el agua' });
    expect(within(post).getByText(/Escribe.*una página/)).toBeTruthy();
    expect(await within(post).findByText('Si esta publicación tiene adjuntos, solo los ven sus destinatarios.')).toBeTruthy();
    expect(within(post).queryByRole('list')).toBeNull();
    // A refusal is an answer: the blocks are asked once, not again and again.
    expect(calls.filter((c) => c.url === `${BASE}posts/${TASK}/blocks`)).toHaveLength(1);
    const panel = screen.getByRole('region', { name: 'Trabajo de Sofía Gómez' });
    expect(within(panel).getByText('Entregada')).toBeTruthy();
    expect(within(panel).getByText('Mi ensayo')).toBeTruthy();
  });

  it('item 4: a post whose blocks load shows no note about them', async () => {
    await open(STUDENT, { [`GET ${postPath()}`]: { body: postDetail() } });
    expect(screen.getByRole('heading', { level: 1, name: '7A' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/solo los ven sus destinatarios/)).toBeNull());
  });

  it('§4 post: a relative the server lets turn in attaches their own files and turns in; a 403 turns the panel read-only', async () => {
    let answered = 0;
    const { calls } = await open(
      PARENT,
      {
        [`GET ${postPath()}`]: { body: postDetail() },
        'POST allowed': { body: { [`PUT ${submissionPutPath()}`]: true } },
        // The school turns the setting off between the two requests.
        [`PUT ${submissionPutPath()}`]: (call) => {
          answered += 1;
          if (answered > 1) return { status: 403, body: { error: 'forbidden', message: 'No' } };
          return { body: submission({ files: bodyOf(call).files!.map((id) => submittedFile(id, 'hoja.pdf', 'application/pdf', 1)) }) };
        },
      },
      STUDENT,
    );
    const panel = screen.getByRole('region', { name: 'Trabajo del estudiante' });
    const text = await within(panel).findByRole('textbox', { name: 'Respuesta' });
    fireEvent.change(panel.querySelector('input[type=file]')!, { target: { files: [new File(['x'], 'hoja.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].url).toBe(`${BASE}people/${PARENT}/uploads`);
    act(() => FakeXhr.sent[0].respond(201, [uploaded(901, 'hoja.pdf', 'application/pdf', 1)]));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(bodyOf(puts(calls)[0])).toEqual({ text: '', files: [901], turnIn: false });

    fireEvent.change(text, { target: { value: 'Lo entrego por ella' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Entregar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(bodyOf(puts(calls)[1])).toEqual({ text: 'Lo entrego por ella', files: [901], turnIn: true });
    expect((await within(panel).findByRole('alert')).textContent).toBe('No puedes entregar este trabajo.');
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).getByText('Solo el estudiante puede cambiar y entregar este trabajo.')).toBeTruthy();
  });

  it("§4 post: the group's teacher sees the post with a link to its submissions", async () => {
    await open(TEACHER, { [`GET ${postPath(TEACHER)}`]: { body: postDetail({ submission: null }) } });
    expect(screen.getByRole('link', { name: 'Ver entregas' }).getAttribute('href')).toBe(`/teaching/${TEACHER}/posts/${TASK}`);
    expect(screen.queryByRole('region', { name: /trabajo/i })).toBeNull();
  });
});
