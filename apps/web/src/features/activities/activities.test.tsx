import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { activity, CHESS, childEntry, FOOTBALL, PARENT, signedIn, SOFIA, TOMAS } from './activities.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;

const profile = (id: number) => ({ body: { id, firstName: 'Marta', lastName: 'Gómez', lastName2: null, avatar: null, roles: ['relative'], relatives: [], groups: [] } });

async function open(routes: Routes, me = PARENT) {
  const stub = stubFetch(BASE, { 'GET vue/settings': { body: {} }, [`GET people/${me}`]: profile(me), 'POST allowed': { body: {} }, ...routes });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path: '/activities', session: signedIn(me) });
  return { ...stub, ...app };
}

const bodyOf = (call: StubCall) => JSON.parse(String(call.init?.body));
/** An element whose own text reads `text` once Intl's (narrow) no-break spaces are plain ones. */
const spaced = (text: string) => (_: string, element: Element | null) => element?.children.length === 0 && element.textContent?.replace(/\s+/g, ' ') === text;

describe('item 2: the families’ catalogue of activities', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('item 2: a family sees the term’s activities each child may join, with schedule, place, places, price and leader', async () => {
    const football = activity({ id: FOOTBALL, name: 'Fútbol', price: 0, periods: [], placesLeft: 0, waiting: 4, schedule: [{ day: 5, start: '14:00', end: '15:30' }], place: '', children: [childEntry(SOFIA, 'Sofía Gómez', { eligible: false }), childEntry(TOMAS, 'Tomás Gómez')] });
    const chess = activity({ children: [childEntry(SOFIA, 'Sofía Gómez'), childEntry(TOMAS, 'Tomás Gómez', { eligible: false })] });
    await open({ 'GET activities': { body: [chess, football] } });

    const list = await screen.findByRole('region', { name: 'Actividades para Sofía Gómez' }, { timeout: 20_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Extraescolares' })).toBeTruthy();
    const card = within(list).getByRole('article', { name: 'Ajedrez' });
    // Week order, in the reader's language; the price with the school currency's formatter.
    const lines = within(card).getAllByText(spaced('lunes, 3:00 p. m. – 4:00 p. m.'));
    expect(lines).toHaveLength(1);
    expect(lines[0].nextElementSibling?.textContent?.replace(/\s+/g, ' ')).toBe('miércoles, 3:00 p. m. – 4:30 p. m.');
    expect(within(card).getByText(spaced('1 de febrero de 2027 – 15 de junio de 2027'))).toBeTruthy();
    expect(within(card).getByText('Biblioteca')).toBeTruthy();
    expect(within(card).getByText('Quedan 3 plazas')).toBeTruthy();
    expect(within(card).getByText(/\$\s120\.000 por periodo · 2 periodos/)).toBeTruthy();
    expect(within(card).getByText('Carolina Restrepo')).toBeTruthy();
    // Fútbol is not offered to Sofía's class.
    expect(within(list).queryByRole('article', { name: 'Fútbol' })).toBeNull();

    // The switcher shows the other child's activities.
    fireEvent.click(screen.getByRole('radio', { name: 'Tomás Gómez' }));
    const other = await screen.findByRole('region', { name: 'Actividades para Tomás Gómez' });
    const footballCard = within(other).getByRole('article', { name: 'Fútbol' });
    expect(within(footballCard).getByText('Gratuita')).toBeTruthy();
    expect(within(footballCard).getByText('Sin plazas: las nuevas solicitudes quedan en lista de espera')).toBeTruthy();
    expect(within(other).queryByRole('article', { name: 'Ajedrez' })).toBeNull();
  });

  it('item 2: a request in two taps shows its waiting position and the overlap warning the server gave', async () => {
    let requested = false;
    const catalogue = () => ({
      body: [activity({ placesLeft: 0, children: [childEntry(SOFIA, 'Sofía Gómez', { request: requested ? { id: 44, status: 'waiting', position: 2 } : null })] })],
    });
    const { calls } = await open({
      'GET activities': catalogue,
      [`POST activities/${CHESS}/requests`]: () => {
        requested = true;
        return { status: 201, body: { id: 44, status: 'waiting', position: 2, warnings: ['schedule_overlap'] } };
      },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Inscribir a Sofía Gómez en Ajedrez' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar la inscripción' });
    expect(within(dialog).getByText('¿Inscribir a Sofía Gómez en Ajedrez? Ya no quedan plazas: la solicitud quedará en lista de espera.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, inscribir' }));

    expect(await screen.findByText('En lista de espera, puesto 2')).toBeTruthy();
    expect(screen.getByText('Atención: el horario de Ajedrez coincide con otra actividad de Sofía Gómez.')).toBeTruthy();
    const posts = calls.filter((c) => c.method === 'POST' && c.url === `${BASE}activities/${CHESS}/requests`);
    expect(posts.map(bodyOf)).toEqual([{ student: SOFIA }]);
  });

  it('item 2: "Retirar solicitud" asks first, then withdraws and offers "Inscribir" again', async () => {
    let withdrawn = false;
    const { calls } = await open({
      'GET activities': () => ({ body: [activity({ children: [childEntry(SOFIA, 'Sofía Gómez', { request: withdrawn ? null : { id: 44, status: 'accepted', position: null } })] })] }),
      [`DELETE activities/${CHESS}/requests/44`]: () => {
        withdrawn = true;
        return { status: 204 };
      },
    });

    expect(await screen.findByText('Aceptada', {}, { timeout: 20_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retirar solicitud de Sofía Gómez en Ajedrez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirar la solicitud' });
    // Nothing is sent before the confirmation.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, retirar' }));
    expect(await screen.findByRole('button', { name: 'Inscribir a Sofía Gómez en Ajedrez' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([`${BASE}activities/${CHESS}/requests/44`]);
  });

  it('item 2: a refused request says why in the reader’s language and shows no state', async () => {
    await open({
      'GET activities': { body: [activity({ children: [childEntry(SOFIA, 'Sofía Gómez')] })] },
      [`POST activities/${CHESS}/requests`]: { status: 400, body: { error: 'not_eligible', message: 'Not eligible' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Inscribir a Sofía Gómez en Ajedrez' }, { timeout: 20_000 }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, inscribir' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Esta actividad no se ofrece al curso de este estudiante.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Inscribir a Sofía Gómez en Ajedrez' })).toBeTruthy();
  });

  it('item 2: pending, rejected and offered requests show their state; a rejected one cannot be withdrawn', async () => {
    await open({
      'GET activities': {
        body: [
          activity({ children: [childEntry(SOFIA, 'Sofía Gómez', { request: { id: 1, status: 'pending', position: null } })] }),
          activity({ id: FOOTBALL, name: 'Fútbol', children: [childEntry(SOFIA, 'Sofía Gómez', { request: { id: 2, status: 'rejected', position: null } })] }),
          activity({ id: 903, name: 'Robótica', children: [childEntry(SOFIA, 'Sofía Gómez', { request: { id: 3, status: 'offered', position: null, offerExpiresAt: Date.UTC(2027, 1, 3) } })] }),
        ],
      },
    });
    const chess = await screen.findByRole('article', { name: 'Ajedrez' }, { timeout: 20_000 });
    expect(within(chess).getByText('Pendiente')).toBeTruthy();
    expect(within(chess).getByRole('button', { name: /Retirar/ })).toBeTruthy();
    const football = screen.getByRole('article', { name: 'Fútbol' });
    expect(within(football).getByText('Rechazada')).toBeTruthy();
    expect(within(football).queryByRole('button')).toBeNull();
    // A place offered from the waiting list is said as such, with its answers and not a withdrawal.
    const robotics = screen.getByRole('article', { name: 'Robótica' });
    expect(within(robotics).getByText('Plaza ofrecida')).toBeTruthy();
    expect(within(robotics).getByText(/confírmala antes del/)).toBeTruthy();
    expect(within(robotics).queryByRole('button', { name: /Retirar/ })).toBeNull();
  });

  it('item 2: an offered place is confirmed in one tap, or declined after a question', async () => {
    let status: 'offered' | 'accepted' = 'offered';
    const { calls } = await open({
      'GET activities': () => ({ body: [activity({ children: [childEntry(SOFIA, 'Sofía Gómez', { request: { id: 5, status, position: null, offerExpiresAt: Date.UTC(2027, 1, 3) } })] })] }),
      [`POST activities/${CHESS}/requests/5/confirm`]: () => {
        status = 'accepted';
        return { body: { id: 5, status: 'accepted', position: null } };
      },
      [`POST activities/${CHESS}/requests/5/decline`]: { status: 204 },
    });
    const chess = await screen.findByRole('article', { name: 'Ajedrez' }, { timeout: 20_000 });
    // Named by their visible text (axe's label-content-name-mismatch), described by the offer that says whose place it is.
    const described = /^Hay una plaza para Sofía Gómez en Ajedrez: confírmala antes del/;
    fireEvent.click(within(chess).getByRole('button', { name: 'No la quiero', description: described }));
    const question = await screen.findByRole('dialog', { name: 'Rechazar la plaza' });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.url.endsWith('/decline'))).toBe(false);

    fireEvent.click(within(chess).getByRole('button', { name: 'Confirmar plaza', description: described }));
    expect(await within(chess).findByText('Aceptada')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${BASE}activities/${CHESS}/requests/5/confirm`]);
  });

  it('item 2: a reader without children sees the catalogue without requests', async () => {
    await open({ 'GET activities': { body: [activity()] } });
    const catalogue = await screen.findByRole('region', { name: 'Actividades del periodo' }, { timeout: 20_000 });
    expect(within(catalogue).getByRole('article', { name: 'Ajedrez' })).toBeTruthy();
    expect(within(catalogue).queryByRole('button', { name: /Inscribir/ })).toBeNull();
  });

  it('item 2: an empty term says what will appear', async () => {
    await open({ 'GET activities': { body: [] } });
    expect(await screen.findByRole('heading', { name: 'No hay actividades extraescolares este periodo' }, { timeout: 20_000 })).toBeTruthy();
  });
});
