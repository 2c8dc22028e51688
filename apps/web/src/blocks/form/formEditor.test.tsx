import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormInput } from '@patio/core/schemas/blocks';
import type { StubCall } from '../../test/fetchStub';
import { bodyOf, callsTo, ENTITY, field, FORM_ID, makeForm, renderForm } from './form.fixtures';

const PUT = `data/entities/${FORM_ID}`;
const echo = (call: StubCall) => ({ body: { ...makeForm(), ...(bodyOf(call) as object) } });

async function openEditor(put: (call: StubCall) => { status?: number; body?: unknown } = echo) {
  const rendered = await renderForm({ mode: 'edit', routes: { [ENTITY]: { body: makeForm() }, [`PUT ${PUT}`]: put } });
  await screen.findByRole('textbox', { name: 'Título del formulario' });
  vi.useFakeTimers();
  return rendered;
}

/** Mantine's modal opens with a transition: let it run under the fake clock. */
async function dialog(name?: string) {
  await act(() => vi.advanceTimersByTimeAsync(300));
  return screen.getByRole('dialog', name ? { name } : {});
}

const question = (n: number) => screen.getByRole('group', { name: `Pregunta ${n}` });
const lastPut = (calls: StubCall[]) => bodyOf(callsTo(calls, 'PUT', PUT).at(-1)) as FormInput;

describe('the form editor', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('loads the form and PUTs the whole of it once, 500 ms after the last edit', async () => {
    const { calls } = await openEditor();
    expect((screen.getByRole('textbox', { name: 'Título del formulario' }) as HTMLInputElement).value).toBe('Salida al museo');
    expect(screen.getAllByRole('group', { name: /^Pregunta \d$/ })).toHaveLength(3);
    const title = screen.getByRole('textbox', { name: 'Título del formulario' });
    fireEvent.change(title, { target: { value: 'Salida' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(within(question(3)).getByRole('textbox', { name: 'Texto de la pregunta' }), { target: { value: 'Alergias o cuidados' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(callsTo(calls, 'PUT', PUT)).toHaveLength(0);
    expect(screen.getByText('Guardando…')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(callsTo(calls, 'PUT', PUT)).toHaveLength(1);
    expect(lastPut(calls)).toEqual({
      title: 'Salida',
      description: 'Confirma antes del viernes.',
      fields: [
        field('f1', 'select', 'Transporte', 1, 'Bus del colegio\nPor su cuenta'),
        field('f2', 'checkbox', 'Autorizo la salida', 2),
        field('f3', 'text', 'Alergias o cuidados', 3),
      ],
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Formulario guardado')).toBeTruthy();
  });

  it('adds a question as text with order = count + 1 and a name no other question has', async () => {
    const { calls } = await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar pregunta' }));
    const added = question(4);
    expect(document.activeElement).toBe(within(added).getByRole('textbox', { name: 'Texto de la pregunta' }));
    expect((within(added).getByRole('combobox', { name: 'Tipo de respuesta' }) as HTMLSelectElement).value).toBe('text');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(lastPut(calls).fields.at(-1)).toEqual({ name: 'f4', type: 'text', title: '', description: '', options: '', order: 4 });
  });

  it('asks before removing a question (Cancel keeps it), then renumbers the rest from 1', async () => {
    const { calls } = await openEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la pregunta 1' }));
    const asked = await dialog('¿Eliminar la pregunta?');
    expect(within(asked).getByText('La pregunta «Transporte» se quitará del formulario.')).toBeTruthy();
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancelar' }));
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.getAllByRole('group', { name: /^Pregunta \d$/ })).toHaveLength(3);
    expect(callsTo(calls, 'PUT', PUT)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la pregunta 1' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Eliminar' }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(lastPut(calls).fields.map((f) => [f.name, f.order])).toEqual([['f2', 1], ['f3', 2]]);

    // The last question goes and a new one comes: it does not take the removed one's name (and answers).
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la pregunta 2' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Eliminar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Agregar pregunta' }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(lastPut(calls).fields.map((f) => [f.name, f.order])).toEqual([['f2', 1], ['f4', 2]]);
  });

  it('item 4: removing a question people answered asks again, then saves with confirm=true', async () => {
    const hasAnswers = { status: 409, body: { error: 'field_has_answers', message: 'answered', details: [{ path: 'f1', message: 'answered' }] } };
    const rendered = await renderForm({
      mode: 'edit',
      routes: {
        [ENTITY]: { body: makeForm() },
        [`PUT ${PUT}`]: (call) => ((bodyOf(call) as FormInput).fields.some((f) => f.name === 'f1') ? echo(call) : hasAnswers),
        [`PUT ${PUT}?confirm=true`]: echo,
      },
    });
    await screen.findByRole('textbox', { name: 'Título del formulario' });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la pregunta 1' }));
    fireEvent.click(within(await dialog('¿Eliminar la pregunta?')).getByRole('button', { name: 'Eliminar' }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    const asked = await dialog('Esta pregunta ya tiene respuestas');
    expect(within(asked).getByText('Ya respondieron «Transporte». Si la eliminas, sus respuestas dejarán de verse en los resultados y en la exportación.')).toBeTruthy();
    expect(screen.queryByText('Formulario guardado')).toBeNull();
    fireEvent.click(within(asked).getByRole('button', { name: 'Eliminar de todos modos' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const confirmed = callsTo(rendered.calls, 'PUT', `${PUT}?confirm=true`);
    expect(confirmed).toHaveLength(1);
    expect((bodyOf(confirmed[0]) as FormInput).fields.map((f) => [f.name, f.order])).toEqual([['f2', 1], ['f3', 2]]);
    expect(screen.getByText('Formulario guardado')).toBeTruthy();
  });

  it('item 4: keeping a question people answered puts it back where it was and saves the form with it', async () => {
    const hasAnswers = { status: 409, body: { error: 'field_has_answers', message: 'answered', details: [{ path: 'f2', message: 'answered' }] } };
    const { calls } = await openEditor((call) => ((bodyOf(call) as FormInput).fields.some((f) => f.name === 'f2') ? echo(call) : hasAnswers));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar la pregunta 2' }));
    fireEvent.click(within(await dialog('¿Eliminar la pregunta?')).getByRole('button', { name: 'Eliminar' }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    fireEvent.click(within(await dialog('Esta pregunta ya tiene respuestas')).getByRole('button', { name: 'Conservar la pregunta' }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getAllByRole('group', { name: /^Pregunta \d$/ })).toHaveLength(3);
    expect((within(question(2)).getByRole('textbox', { name: 'Texto de la pregunta' }) as HTMLInputElement).value).toBe('Autorizo la salida');
    expect(lastPut(calls).fields.map((f) => [f.name, f.order])).toEqual([['f1', 1], ['f2', 2], ['f3', 3]]);
    expect(callsTo(calls, 'PUT', `${PUT}?confirm=true`)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Formulario guardado')).toBeTruthy();
  });

  it('moves a question with its buttons and renumbers from 1; the first cannot go up, the last not down', async () => {
    const { calls } = await openEditor();
    expect((screen.getByRole('button', { name: 'Subir la pregunta 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Bajar la pregunta 3' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Bajar la pregunta 1' }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(lastPut(calls).fields.map((f) => [f.name, f.order])).toEqual([['f2', 1], ['f1', 2], ['f3', 3]]);
    expect((within(question(1)).getByRole('textbox', { name: 'Texto de la pregunta' }) as HTMLInputElement).value).toBe('Autorizo la salida');
    fireEvent.click(screen.getByRole('button', { name: 'Subir la pregunta 3' }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(lastPut(calls).fields.map((f) => [f.name, f.order])).toEqual([['f2', 1], ['f3', 2], ['f1', 3]]);
  });

  it('moves a question by keyboard on its drag handle (space, arrows, space) and renumbers from 1', async () => {
    // happy-dom lays nothing out: give each question a 100 px row so dnd-kit can find its neighbours.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const item = this.closest('li');
      const index = item?.parentElement ? [...item.parentElement.children].indexOf(item) : 0;
      return DOMRect.fromRect({ x: 0, y: index * 100, width: 300, height: 90 });
    });
    const { calls } = await openEditor();
    const handle = screen.getByRole('button', { name: 'Arrastrar la pregunta 1' });
    expect(handle.getAttribute('aria-roledescription')).toBe('reordenable');
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(50));
    fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
    await act(() => vi.advanceTimersByTimeAsync(50));
    fireEvent.keyDown(document, { code: 'ArrowDown', key: 'ArrowDown' });
    await act(() => vi.advanceTimersByTimeAsync(50));
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(lastPut(calls).fields.map((f) => [f.name, f.order])).toEqual([['f2', 1], ['f3', 2], ['f1', 3]]);
  });

  it('shows the choices box for a list only, and warns while it has no choice', async () => {
    const { calls } = await openEditor();
    expect(within(question(1)).getByRole('textbox', { name: 'Opciones' })).toBeTruthy();
    expect(within(question(3)).queryByRole('textbox', { name: 'Opciones' })).toBeNull();
    fireEvent.change(within(question(3)).getByRole('combobox', { name: 'Tipo de respuesta' }), { target: { value: 'select' } });
    const options = within(question(3)).getByRole('textbox', { name: 'Opciones' });
    expect(within(question(3)).getByText('Escribe al menos una opción.')).toBeTruthy();
    fireEvent.change(options, { target: { value: 'Sí\nNo' } });
    expect(within(question(3)).queryByText('Escribe al menos una opción.')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(lastPut(calls).fields[2]).toMatchObject({ name: 'f3', type: 'select', options: 'Sí\nNo' });
  });

  it('says when a save failed and sends the same form again on retry', async () => {
    let status = 500;
    const { calls } = await openEditor((call) => (status === 500 ? { status, body: { error: 'internal', message: 'x' } } : echo(call)));
    fireEvent.change(screen.getByRole('textbox', { name: 'Descripción' }), { target: { value: 'Nueva' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByText('No se pudo guardar el formulario.')).toBeTruthy();
    status = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo(calls, 'PUT', PUT)).toHaveLength(2);
    expect(lastPut(calls).description).toBe('Nueva');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Formulario guardado')).toBeTruthy();
  });

  it('sends an edit still waiting when the block closes', async () => {
    const { calls, unmount } = await openEditor();
    fireEvent.change(screen.getByRole('textbox', { name: 'Título del formulario' }), { target: { value: 'Última' } });
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo(calls, 'PUT', PUT)).toHaveLength(1);
    expect(lastPut(calls).title).toBe('Última');
  });
});
