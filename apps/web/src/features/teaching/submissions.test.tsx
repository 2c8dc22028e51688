import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubmissionReview } from '@patio/core/schemas/classroom';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { GROUP, ME, TASK, lines, person, signedIn, task, teaching } from './teaching.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;

// happy-dom has no document.fonts, which Mantine's autosizing Textarea (the feedback) listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

async function open(path: string, routes: Routes = {}) {
  const stub = stubFetch(BASE, {
    'GET vue/settings': { body: { timeZone: 'America/Bogota' } },
    [`GET people/${ME}`]: { body: { ...person(ME, 'Carolina', 'Restrepo'), roles: ['teacher'], relatives: [], groups: [] } },
    'POST allowed': { body: {} },
    [`GET people/${ME}/children`]: { body: [] },
    [`GET teaching/${ME}`]: { body: teaching() },
    [`GET posts/${TASK}/submissions`]: { body: lines() },
    [`GET people/${ME}/classroom/${GROUP}/posts/${TASK}`]: { body: task() },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn() });
  await screen.findByRole('list', { name: 'Trabajos de los estudiantes' }, { timeout: 20_000 });
  return { ...stub, ...app };
}

const reviews = (calls: StubCall[], studentId: number) =>
  calls.filter((c) => c.method === 'PUT' && c.url === `${BASE}posts/${TASK}/submissions/${studentId}`).map((c) => JSON.parse(String(c.init?.body)) as SubmissionReview);
const cardOf = (name: string) => screen.getByRole('listitem', { name });
/** The server's answer to a review: the submission with what was sent. */
const answer = (call: StubCall, studentId: number): StubAnswer => {
  const body = JSON.parse(String(call.init?.body)) as SubmissionReview;
  const before = lines().find((l) => l.student.id === studentId)!;
  return {
    body: {
      studentId, status: body.return ? 'returned' : before.status, text: before.text, files: before.files, grade: body.grade ?? before.grade,
      feedback: body.feedback ?? before.feedback, turnedInAt: before.turnedInAt, returnedAt: body.return ? '2030-03-08T15:00:00.000Z' : null,
    },
  };
};

describe("a task's submissions", { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('item 2: shows every student with status, turn-in time, text and files (saved from the server\'s address with the token), and the task with its points', async () => {
    const { calls } = await open(`/teaching/${ME}/posts/${TASK}?group=${GROUP}`, {
      [`GET posts/${TASK}/submissions/101/files/9?download=1`]: { body: '%PDF', headers: { 'Content-Disposition': 'attachment; filename="ensayo.pdf"' } },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Ensayo sobre el agua' })).toBeTruthy();
    expect(await screen.findByText(/7A · Entrega: 5\/03\/2030.* · 10 puntos/)).toBeTruthy();
    expect(screen.getByText('3 estudiantes · 2 entregaron · 2 por revisar')).toBeTruthy();

    const ana = cardOf('Ana Pérez');
    expect(within(ana).getByText('Entregada')).toBeTruthy();
    expect(within(ana).getByText(/^Entregada el 2\/03\/2030/)).toBeTruthy();
    expect(within(ana).getByText('El agua cubre el 71 % de la Tierra.')).toBeTruthy();
    // happy-dom has no object URLs: stand-ins, put back at the end.
    const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:work');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fireEvent.click(within(within(ana).getByRole('list', { name: 'Archivos entregados' })).getByRole('button', { name: 'ensayo.pdf 20,0 KB' }));
    await waitFor(() => expect(saved).toEqual(['ensayo.pdf']));
    const download = calls.find((c) => c.url.endsWith('files/9?download=1'));
    expect(new Headers(download?.init?.headers).get('Authorization')).toMatch(/^Bearer /);
    URL.createObjectURL = objectUrls.create;
    URL.revokeObjectURL = objectUrls.revoke;
    expect(within(cardOf('Bruno Díaz')).getByText('Asignada')).toBeTruthy();
    expect(within(cardOf('Bruno Díaz')).getByText('Sin texto ni archivos.')).toBeTruthy();
    expect(within(cardOf('Carla Gómez')).getByText('Entregada tarde')).toBeTruthy();
    expect(within(ana).getByRole('textbox', { name: 'Calificación (0 a 10)' })).toBeTruthy();
  });

  it('item 2: Enter in the grade saves without returning; "Devolver" returns and the keyboard moves on to the next work to review', async () => {
    const { calls } = await open(`/teaching/${ME}/posts/${TASK}?group=${GROUP}`, {
      [`PUT posts/${TASK}/submissions/101`]: (call) => answer(call, 101),
    });
    const ana = cardOf('Ana Pérez');
    const grade = within(ana).getByRole('textbox', { name: 'Calificación (0 a 10)' });
    fireEvent.change(grade, { target: { value: '9,5' } });
    fireEvent.change(within(ana).getByRole('textbox', { name: 'Comentarios' }), { target: { value: 'Muy bien argumentado.' } });
    fireEvent.submit(grade.closest('form')!);
    await waitFor(() => expect(reviews(calls, 101)).toEqual([{ return: false, feedback: 'Muy bien argumentado.', grade: 9.5 }]));
    expect(await within(ana).findByText('Guardado')).toBeTruthy();
    expect(within(ana).getByText('Entregada')).toBeTruthy();

    fireEvent.click(within(ana).getByRole('button', { name: 'Devolver' }));
    await waitFor(() => expect(reviews(calls, 101)).toHaveLength(2));
    expect(reviews(calls, 101)[1]).toEqual({ return: true, feedback: 'Muy bien argumentado.', grade: 9.5 });
    expect(await within(ana).findByText('Devuelta a Ana Pérez')).toBeTruthy();
    expect(within(ana).getByText('Devuelta')).toBeTruthy();
    expect((within(ana).getByRole('textbox', { name: 'Calificación (0 a 10)' }) as HTMLInputElement).value).toBe('9,5');
    // Bruno has nothing to review: the next work is Carla's.
    await waitFor(() => expect(document.activeElement).toBe(within(cardOf('Carla Gómez')).getByRole('textbox', { name: 'Calificación (0 a 10)' })));
    expect(screen.getByText('3 estudiantes · 2 entregaron · 1 por revisar')).toBeTruthy();
  });

  it('item 2: opened from the queue at a student, the keyboard starts on their work; "Siguiente por revisar" goes round the rest', async () => {
    await open(`/teaching/${ME}/posts/${TASK}?group=${GROUP}&student=103`);
    const carla = within(cardOf('Carla Gómez')).getByRole('textbox', { name: 'Calificación (0 a 10)' });
    await waitFor(() => expect(document.activeElement).toBe(carla));
    fireEvent.click(within(cardOf('Carla Gómez')).getByRole('button', { name: 'Siguiente por revisar' }));
    expect(document.activeElement).toBe(within(cardOf('Ana Pérez')).getByRole('textbox', { name: 'Calificación (0 a 10)' }));
  });

  it('item 2: a grade above the points is stopped before sending; the server\'s grade_out_of_range and no_points are translated; nothing typed is lost', async () => {
    let refusal: StubAnswer = { status: 400, body: { error: 'grade_out_of_range', message: 'The grade must be between 0 and 10' } };
    const { calls } = await open(`/teaching/${ME}/posts/${TASK}?group=${GROUP}`, { [`PUT posts/${TASK}/submissions/103`]: () => refusal });
    const carla = cardOf('Carla Gómez');
    const grade = within(carla).getByRole('textbox', { name: 'Calificación (0 a 10)' });
    const feedback = within(carla).getByRole('textbox', { name: 'Comentarios' });
    fireEvent.change(grade, { target: { value: '11' } });
    fireEvent.change(feedback, { target: { value: 'Entregado tarde, pero completo.' } });
    fireEvent.click(within(carla).getByRole('button', { name: 'Devolver' }));
    expect((await within(carla).findByRole('alert')).textContent).toBe('La calificación debe estar entre 0 y 10.');
    expect(reviews(calls, 103)).toEqual([]);
    expect(document.activeElement).toBe(grade);

    fireEvent.change(grade, { target: { value: 'diez' } });
    fireEvent.submit(grade.closest('form')!);
    expect((await within(carla).findByRole('alert')).textContent).toBe('Escribe la calificación como un número de 0 a 10.');

    // The server may still refuse (the points changed meanwhile): its words, translated.
    fireEvent.change(grade, { target: { value: '10' } });
    fireEvent.submit(grade.closest('form')!);
    await waitFor(() => expect(within(carla).getByRole('alert').textContent).toBe('La calificación debe estar entre 0 y 10.'));
    expect(reviews(calls, 103)).toEqual([{ return: false, feedback: 'Entregado tarde, pero completo.', grade: 10 }]);

    refusal = { status: 400, body: { error: 'no_points', message: 'This task has no points' } };
    fireEvent.click(within(carla).getByRole('button', { name: 'Devolver' }));
    await waitFor(() => expect(within(carla).getByRole('alert').textContent).toBe('Esta tarea no tiene puntos: borra la calificación y deja solo los comentarios.'));
    expect((grade as HTMLInputElement).value).toBe('10');
    expect((feedback as HTMLTextAreaElement).value).toBe('Entregado tarde, pero completo.');
    expect(within(carla).getByText('Entregada tarde')).toBeTruthy();
  });

  it('item 2: opened without its group (from a classroom list), the task is found among the groups one teaches', async () => {
    const mapa = { id: 501, kind: 'task', title: 'Mapa de Colombia', author: person(ME, 'Carolina', 'Restrepo'), publishDate: '2030-02-01T12:00:00.000Z', dueDate: '2030-02-10T04:59:00.000Z', points: 20, submission: null };
    const { calls } = await open(`/teaching/${ME}/posts/501`, {
      'GET posts/501/submissions': { body: lines() },
      [`GET people/${ME}/classroom/${GROUP}/posts?kind=task`]: { body: [mapa] },
      [`GET people/${ME}/classroom/71/posts?kind=task`]: { body: [] },
      [`GET people/${ME}/classroom/${GROUP}/posts/501`]: { body: task({ ...mapa, id: 501 } as never) },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Mapa de Colombia' })).toBeTruthy();
    expect(await within(cardOf('Ana Pérez')).findByRole('textbox', { name: 'Calificación (0 a 20)' })).toBeTruthy();
    expect(screen.getByText(/^7A · Entrega: 9\/02\/2030/)).toBeTruthy();
    expect(calls.some((c) => c.url === `${BASE}people/${ME}/classroom/${GROUP}/posts/501`)).toBe(true);
  });

  it('item 2: a task without points takes feedback only; Ctrl+Enter in the feedback saves', async () => {
    const { calls } = await open(`/teaching/${ME}/posts/${TASK}?group=${GROUP}`, {
      [`GET people/${ME}/classroom/${GROUP}/posts/${TASK}`]: { body: task({ points: null }) },
      [`PUT posts/${TASK}/submissions/101`]: (call) => answer(call, 101),
    });
    expect(await screen.findByText(/ · Sin puntos$/)).toBeTruthy();
    const ana = cardOf('Ana Pérez');
    await waitFor(() => expect(within(ana).queryByRole('textbox', { name: /Calificación/ })).toBeNull());
    const feedback = within(ana).getByRole('textbox', { name: 'Comentarios' });
    fireEvent.change(feedback, { target: { value: 'Revisa la conclusión.' } });
    fireEvent.keyDown(feedback, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(reviews(calls, 101)).toEqual([{ return: false, feedback: 'Revisa la conclusión.' }]));
  });
});
