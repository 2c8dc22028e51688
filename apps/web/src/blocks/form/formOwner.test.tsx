import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormAnswer, FormResults } from '@patio/core/schemas/blocks';
import { BASE, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { callsTo, ENTITY, FORM_ID, makeForm, OWNER, person, RECORDS, renderForm, RESULTS } from './form.fixtures';

type Route = StubAnswer | ((call: StubCall) => StubAnswer);

const RESULTS_PATH = `data/entities/${FORM_ID}/results`;
const ANSWERS = (page: number) => `data/entities/${FORM_ID}/records?page=${page}&limit=20`;
const PENDING = (page: number) => `data/entities/${FORM_ID}/pending?page=${page}&limit=20`;

async function openAsOwner(routes: Record<string, Route> = {}, live = false) {
  const rendered = await renderForm({ uid: OWNER, live, routes: { [ENTITY]: { body: makeForm() }, [`GET ${RESULTS_PATH}`]: { body: RESULTS }, ...routes } });
  await screen.findByText('Respondieron 4 de 10');
  return rendered;
}

/** Each bar of a chart as "choice: numbers", every kind of space as a plain one. */
function bars(chart: HTMLElement): string[] {
  return within(chart)
    .getAllByRole('listitem')
    .map((li) => [...li.querySelectorAll('span')].map((s) => s.textContent).join(': ').replace(/\s/g, ' '));
}

const answer = (id: number, first: string, values: FormAnswer['values'], by = id): FormAnswer => ({
  person: person(id, first, 'Ruiz'),
  answeredBy: person(by, by === id ? first : 'Laura', by === id ? 'Ruiz' : 'Gómez'),
  values,
  createdAt: '2026-03-03T15:30:00.000Z',
});

describe('the form owner’s results', () => {
  afterEach(() => vi.useRealTimers());

  it('charts the counts per choice with their share, and counts written answers', async () => {
    const { calls } = await openAsOwner();
    expect(screen.getByRole('heading', { name: 'Salida al museo' })).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(callsTo(calls, 'GET', RECORDS(OWNER))).toHaveLength(0);
    const transport = screen.getByRole('figure', { name: 'Transporte' });
    expect(bars(transport)).toEqual(['Bus del colegio: 3 (75%)', 'Por su cuenta: 1 (25%)']);
    expect((transport.querySelector('[aria-hidden="true"] > div') as HTMLElement).style.width).toBe('75%');
    // A checkbox's share is of everyone who answered the form.
    expect(bars(screen.getByRole('figure', { name: 'Autorizo la salida' }))).toEqual(['Sí: 2 (50%)']);
    expect(screen.getByText('1 respuesta escrita; léela en Respuestas.')).toBeTruthy();
  });

  it('counts answers alone while no sent post carries the form, and says when nobody answered', async () => {
    await renderForm({ uid: OWNER, routes: { [ENTITY]: { body: makeForm() }, [`GET ${RESULTS_PATH}`]: { body: { ...RESULTS, answered: 0, audience: null } satisfies FormResults } } });
    expect(await screen.findByText('0 personas respondieron')).toBeTruthy();
    expect(screen.getByText('Todavía nadie ha respondido.')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('lists the answers per person, page by page, saying when a relative sent one', async () => {
    const first = Array.from({ length: 20 }, (_, i) => answer(100 + i, `Niño${i}`, { f1: 'Bus del colegio', f2: 1 }));
    const { calls } = await openAsOwner({
      [`GET ${ANSWERS(1)}`]: { body: first, headers: { 'X-Total-Count': '21' } },
      [`GET ${ANSWERS(2)}`]: { body: [answer(8, 'Mateo', { f1: 'Por su cuenta', f2: 0, f3: 'Maní' }, 7)], headers: { 'X-Total-Count': '21' } },
    });
    expect(callsTo(calls, 'GET', ANSWERS(1))).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Respuestas' }));
    const list = await screen.findByRole('list', { name: 'Respuestas' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(within(list).getByText('Ruiz, Niño0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ver más' }));
    const mateo = (await within(list).findByText('Ruiz, Mateo')).closest('li') as HTMLElement;
    expect(within(mateo).getByText(/enviada por Gómez, Laura/)).toBeTruthy();
    expect(within(mateo).getAllByRole('definition').map((d) => d.textContent)).toEqual(['Por su cuenta', 'No', 'Maní']);
    expect(screen.queryByRole('button', { name: 'Ver más' })).toBeNull();
  });

  it('lists who has not answered yet, with how many they are', async () => {
    await openAsOwner({ [`GET ${PENDING(1)}`]: { body: [person(40, 'Sara', 'León'), person(41, 'Juan', 'Mora')], headers: { 'X-Total-Count': '2' } } });
    fireEvent.click(screen.getByRole('tab', { name: 'Sin responder' }));
    const list = await screen.findByRole('list', { name: 'Sin responder' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('León, Sara')).toBeTruthy();
    expect(within(list).getByText('Mora, Juan')).toBeTruthy();
    expect(screen.getByText('Faltan 2 personas por responder')).toBeTruthy();
  });

  it('downloads the answers as CSV with the bearer token, titles in the interface language', async () => {
    const { calls } = await openAsOwner({
      [`GET data/entities/${FORM_ID}/records.csv?lang=es`]: { body: 'Persona;Transporte', headers: { 'Content-Disposition': `attachment; filename="respuestas.csv"; filename*=UTF-8''respuestas%20museo.csv` } },
    });
    const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = vi.fn(() => 'blob:answers');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Descargar respuestas (CSV)' }));
      await waitFor(() => expect(saved).toEqual(['respuestas museo.csv']));
      const request = calls.find((c) => c.url.includes('records.csv'));
      expect(request?.url).toBe(`${BASE}data/entities/${FORM_ID}/records.csv?lang=es`);
      expect(new Headers(request?.init?.headers).get('Authorization')).toMatch(/^Bearer /);
    } finally {
      click.mockRestore();
      URL.createObjectURL = objectUrls.create;
      URL.revokeObjectURL = objectUrls.revoke;
    }
  });

  it('says so when the CSV cannot be downloaded', async () => {
    await openAsOwner({ [`GET data/entities/${FORM_ID}/records.csv?lang=es`]: { status: 403, body: { error: 'forbidden', message: 'No' } } });
    fireEvent.click(screen.getByRole('button', { name: 'Descargar respuestas (CSV)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo descargar el CSV. Inténtalo de nuevo.');
  });

  it('updates the chart live when the server says the form got an answer', async () => {
    class FakeWebSocket {
      static created: FakeWebSocket[] = [];
      readyState = 0;
      onopen: ((event: Event) => void) | null = null;
      onmessage: ((event: MessageEvent) => void) | null = null;
      onclose: ((event: CloseEvent) => void) | null = null;
      onerror: ((event: Event) => void) | null = null;
      constructor(readonly url: string) {
        FakeWebSocket.created.push(this);
      }
      send() {}
      close() {}
      say(message: unknown) {
        this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
      }
    }
    vi.stubGlobal('WebSocket', FakeWebSocket);
    let results: FormResults = RESULTS;
    const { calls } = await openAsOwner({ [`GET ${RESULTS_PATH}`]: () => ({ body: results }) }, true);
    const socket = FakeWebSocket.created[0];
    socket.readyState = 1;
    socket.onopen?.(new Event('open'));
    socket.say({ type: 'ready', personId: OWNER });
    results = { ...RESULTS, answered: 5, fields: [{ ...RESULTS.fields[0], counts: [{ option: 'Bus del colegio', count: 4 }, { option: 'Por su cuenta', count: 1 }], answers: 5 }, ...RESULTS.fields.slice(1)] };
    // Another form's answers change nothing here.
    act(() => socket.say({ type: 'form.answered', formId: FORM_ID + 1 }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(callsTo(calls, 'GET', RESULTS_PATH)).toHaveLength(1);
    act(() => socket.say({ type: 'form.answered', formId: FORM_ID }));
    expect(await screen.findByText('Respondieron 5 de 10', {}, { timeout: 3000 })).toBeTruthy();
    expect(bars(screen.getByRole('figure', { name: 'Transporte' }))).toEqual(['Bus del colegio: 4 (80%)', 'Por su cuenta: 1 (20%)']);
  });

  it('refetches the results when the window regains focus', async () => {
    let answered = 4;
    const { calls } = await openAsOwner({ [`GET ${RESULTS_PATH}`]: () => ({ body: { ...RESULTS, answered } }) });
    answered = 6;
    act(() => window.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByText('Respondieron 6 de 10')).toBeTruthy();
    expect(callsTo(calls, 'GET', RESULTS_PATH)).toHaveLength(2);
  });
});
