import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORM_SUCCESS_MS } from '@patio/core/constants';
import type { StubAnswer, StubCall } from '../../test/fetchStub';
import { bodyOf, callsTo, ENTITY, makeForm, makeRecord, ME, person, RECORDS, renderForm } from './form.fixtures';

type Route = StubAnswer | ((call: StubCall) => StubAnswer);

async function openForm(routes: Record<string, Route> = {}, extra: Partial<Parameters<typeof renderForm>[0]> = {}) {
  const rendered = await renderForm({ routes: { [ENTITY]: { body: makeForm() }, [`GET ${RECORDS(ME)}`]: { body: [] }, ...routes }, ...extra });
  await screen.findByRole('heading', { name: 'Salida al museo' });
  return rendered;
}

const send = () => screen.getByRole('button', { name: 'Enviar respuesta' }) as HTMLButtonElement;
const transport = () => screen.getByRole('combobox', { name: /Transporte/ }) as HTMLSelectElement;

function answersOf(list: HTMLElement): Record<string, string> {
  const terms = within(list).getAllByRole('term').map((t) => t.textContent ?? '');
  const definitions = within(list).getAllByRole('definition').map((d) => d.textContent ?? '');
  return Object.fromEntries(terms.map((term, i) => [term, definitions[i]]));
}

describe('answering a form', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the questions: a list starting at an empty choice with an asterisk, a checkbox and a text', async () => {
    await openForm();
    expect(screen.getByText('Confirma antes del viernes.')).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Tu respuesta al formulario' });
    const list = transport();
    expect([...list.options].map((o) => [o.value, o.text])).toEqual([['', 'Elige una opción'], ['Bus del colegio', 'Bus del colegio'], ['Por su cuenta', 'Por su cuenta']]);
    expect(list.value).toBe('');
    expect(list.getAttribute('aria-required')).toBe('true');
    expect(within(form).getByText('Transporte').parentElement?.textContent).toContain('*');
    expect(within(form).getByRole('checkbox', { name: 'Autorizo la salida' })).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'Alergias' })).toBeTruthy();
    // Untouched, the empty list passes (spec §5).
    expect(send().disabled).toBe(false);
  });

  it('disables send while a touched list is left at its empty choice, and says why', async () => {
    await openForm();
    await screen.findByRole('form', { name: 'Tu respuesta al formulario' });
    fireEvent.change(transport(), { target: { value: 'Bus del colegio' } });
    expect(send().disabled).toBe(false);
    fireEvent.change(transport(), { target: { value: '' } });
    expect(send().disabled).toBe(true);
    expect(screen.getByText('Elige una opción para poder enviar.')).toBeTruthy();
    fireEvent.change(transport(), { target: { value: 'Por su cuenta' } });
    expect(send().disabled).toBe(false);
    expect(screen.queryByText('Elige una opción para poder enviar.')).toBeNull();
  });

  it('sends the answers keyed by field name, thanks for 5 seconds, then shows them', async () => {
    const { calls } = await openForm({
      [`POST ${RECORDS(ME)}`]: (call) => ({ status: 201, body: makeRecord(ME, bodyOf(call) as Record<string, string | number>) }),
    });
    await screen.findByRole('form', { name: 'Tu respuesta al formulario' });
    fireEvent.change(transport(), { target: { value: 'Bus del colegio' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Autorizo la salida' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Alergias' }), { target: { value: 'Maní' } });
    vi.useFakeTimers();
    fireEvent.click(send());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(bodyOf(callsTo(calls, 'POST', RECORDS(ME))[0])).toEqual({ f1: 'Bus del colegio', f2: 1, f3: 'Maní' });
    expect(screen.getByRole('status').textContent).toBe('¡Gracias! Tu respuesta quedó guardada.');
    expect(screen.queryByRole('form')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(FORM_SUCCESS_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('¡Gracias! Tu respuesta quedó guardada.');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByText('Tus respuestas')).toBeTruthy();
    expect(answersOf(document.body)).toEqual({ Transporte: 'Bus del colegio', 'Autorizo la salida': 'Sí', Alergias: 'Maní' });
    // The answer is kept: nothing is asked again.
    expect(callsTo(calls, 'GET', RECORDS(ME))).toHaveLength(1);
  });

  it('sends an untouched checkbox as 0 and leaves out an empty list and blank texts', async () => {
    const { calls } = await openForm({ [`POST ${RECORDS(ME)}`]: { status: 201, body: makeRecord(ME, { f2: 0 }) } });
    await screen.findByRole('form', { name: 'Tu respuesta al formulario' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Alergias' }), { target: { value: '   ' } });
    fireEvent.click(send());
    await screen.findByText('¡Gracias! Tu respuesta quedó guardada.');
    expect(bodyOf(callsTo(calls, 'POST', RECORDS(ME))[0])).toEqual({ f2: 0 });
  });

  it('shows a person who already answered their answers instead of the form', async () => {
    await openForm({ [`GET ${RECORDS(ME)}`]: { body: [makeRecord(ME, { f1: 'Por su cuenta', f2: 0 })] } });
    expect(await screen.findByText('Tus respuestas')).toBeTruthy();
    expect(answersOf(document.body)).toEqual({ Transporte: 'Por su cuenta', 'Autorizo la salida': 'No', Alergias: 'Sin respuesta' });
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar respuesta' })).toBeNull();
  });

  it('names the question the server refused, and reloads a form that changed meanwhile', async () => {
    let answer: StubAnswer = { status: 400, body: { error: 'unknown_field', message: 'The form has no field "f3"', details: [{ path: 'f3', message: 'The form has no field "f3"' }] } };
    const { calls } = await openForm({ [`POST ${RECORDS(ME)}`]: () => answer });
    await screen.findByRole('form', { name: 'Tu respuesta al formulario' });
    fireEvent.click(send());
    expect((await screen.findByRole('alert')).textContent).toBe('El formulario cambió mientras respondías: la pregunta «Alergias» ya no existe. Revisa y envía de nuevo.');
    expect(callsTo(calls, 'GET', ENTITY.slice(4)).length).toBe(2);

    answer = { status: 400, body: { error: 'invalid_choice', message: 'Invalid choice' } };
    fireEvent.click(send());
    await screen.findByText('Una de las opciones elegidas ya no está en la lista. Revisa y elige de nuevo.');

    answer = { status: 400, body: { error: 'invalid_choice', message: 'Invalid choice', details: [{ path: 'f1', message: 'Not a choice' }] } };
    fireEvent.click(send());
    await screen.findByText('La opción elegida en «Transporte» ya no está en la lista. Elige otra.');

    answer = { status: 403, body: { error: 'forbidden', message: 'No' } };
    fireEvent.click(send());
    await screen.findByText('No puedes responder este formulario por esta persona.');
  });

  it('after a 409 shows the answer the server already holds', async () => {
    let records: unknown[] = [];
    await openForm({
      [`GET ${RECORDS(ME)}`]: () => ({ body: records }),
      [`POST ${RECORDS(ME)}`]: () => {
        records = [makeRecord(ME, { f1: 'Bus del colegio', f2: 1 })];
        return { status: 409, body: { error: 'already_answered', message: 'Already answered' } };
      },
    });
    await screen.findByRole('form', { name: 'Tu respuesta al formulario' });
    fireEvent.click(send());
    expect(await screen.findByText('Tus respuestas')).toBeTruthy();
    expect(screen.getByText('Este formulario ya tenía una respuesta guardada para esta persona; es la que ves aquí.')).toBeTruthy();
    expect(answersOf(document.body)).toMatchObject({ Transporte: 'Bus del colegio', 'Autorizo la salida': 'Sí' });
  });

  it('lets a parent answer for a child, and marks who has answered', async () => {
    const child = { ...person(8, 'Mateo', 'Gómez'), roles: ['student'], groups: [] };
    const { calls } = await openForm(
      {
        'GET people/7/children': { body: [child] },
        [`GET ${RECORDS(8)}`]: { body: [] },
        [`GET ${RECORDS(ME)}`]: { body: [makeRecord(ME, { f2: 1 })] },
        [`POST ${RECORDS(8)}`]: (call) => ({ status: 201, body: makeRecord(8, bodyOf(call) as Record<string, string | number>, ME) }),
      },
      { user: { relatives: [{ ...child, kind: 'son' }] } },
    );
    const picker = (await screen.findByRole('combobox', { name: 'Responder por' })) as HTMLSelectElement;
    await screen.findByText('Tus respuestas');
    expect([...picker.options].map((o) => o.text)).toEqual(['Yo · respondido', 'Gómez, Mateo']);
    fireEvent.change(picker, { target: { value: '8' } });
    const form = await screen.findByRole('form', { name: 'Respuesta de Gómez, Mateo' });
    fireEvent.change(within(form).getByRole('combobox', { name: /Transporte/ }), { target: { value: 'Por su cuenta' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar la respuesta de Gómez, Mateo' }));
    expect(await screen.findByText('¡Gracias! La respuesta de Gómez, Mateo quedó guardada.')).toBeTruthy();
    expect(bodyOf(callsTo(calls, 'POST', RECORDS(8))[0])).toEqual({ f1: 'Por su cuenta', f2: 0 });
    expect(callsTo(calls, 'POST', RECORDS(ME))).toHaveLength(0);
    expect([...picker.options].map((o) => o.text)).toEqual(['Yo · respondido', 'Gómez, Mateo · respondido']);
  });

  it('answers only for oneself when the person has no children, without asking for them', async () => {
    const { calls } = await openForm({}, { user: { relatives: [{ ...person(3, 'Ana', 'Gómez'), roles: ['relative'], kind: 'mother' }] } });
    await screen.findByRole('form', { name: 'Tu respuesta al formulario' });
    expect(screen.queryByRole('combobox', { name: 'Responder por' })).toBeNull();
    expect(calls.some((c) => c.url.includes('/children'))).toBe(false);
  });

  it('says so when the form has no questions yet', async () => {
    await openForm({ [ENTITY]: { body: makeForm({ fields: [] }) } });
    expect(await screen.findByText('Este formulario todavía no tiene preguntas.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enviar respuesta' })).toBeNull();
  });

  it('says when the form is gone', async () => {
    await renderForm({ routes: {} });
    expect((await screen.findByRole('alert')).textContent).toContain('Este formulario ya no está disponible.');
  });
});
