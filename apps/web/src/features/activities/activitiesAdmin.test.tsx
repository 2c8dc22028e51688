import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appendQuery } from '@patio/core/query';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { activity, ADMIN, CHESS, FOOTBALL, request, signedIn } from './activities.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;

const admin = { body: { id: ADMIN, firstName: 'Marta', lastName: 'Díaz', lastName2: null, avatar: null, roles: [], relatives: [], isAdmin: true } };
const NODES = {
  types: [
    { id: 1, key: 'grade', singular: { es: 'Grado' }, plural: { es: 'Grados' } },
    { id: 2, key: 'activity', singular: { es: 'Actividad' }, plural: { es: 'Actividades' } },
  ],
  nodes: [
    { id: 70, parentId: null, typeId: 1, typeKey: 'grade', name: '7A', position: 0, memberCount: 30 },
    { id: 71, parentId: null, typeId: 1, typeKey: 'grade', name: '8B', position: 1, memberCount: 28 },
    // An activity is a node of the tree too; it is never offered as an eligible group.
    { id: CHESS, parentId: null, typeId: 2, typeKey: 'activity', name: 'Ajedrez', position: 2, memberCount: 3 },
  ],
};

async function open(routes: Routes, path = '/admin/extracurricular') {
  const stub = stubFetch(BASE, {
    'GET vue/settings': { body: {} },
    [`GET people/${ADMIN}`]: admin,
    'POST allowed': { body: {} },
    'GET nodes': { body: NODES },
    'GET transport/routes?page=1&limit=100': { body: [{ id: 3, name: 'Ruta norte' }], headers: { 'X-Total-Count': '1' } },
    'GET billing/settings': { body: { currency: 'COP' } },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn(ADMIN) });
  return { ...stub, ...app };
}

const bodyOf = (call: StubCall) => JSON.parse(String(call.init?.body));
const sent = (calls: StubCall[], method: string) => calls.filter((c) => c.method === method);

describe('item 2: the administrators’ Extraescolares screen', { timeout: 40_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('item 2: lists the term’s activities with places taken and waiting, and reads another term on demand', async () => {
    const { calls } = await open({
      'GET activities': { body: [activity({ places: 12, placesLeft: 0, waiting: 2 }), activity({ id: FOOTBALL, name: 'Fútbol', places: 20, placesLeft: 15 })] },
      'GET activities?term=2027-09-01': { body: [] },
    });
    const list = await screen.findByRole('list', { name: 'Actividades del periodo' }, { timeout: 30_000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Extraescolares' })).toBeTruthy();
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]).getByText('12 de 12 plazas ocupadas · 2 en espera')).toBeTruthy();
    expect(within(rows[1]).getByText('5 de 20 plazas ocupadas')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Periodo que incluye el día'), { target: { value: '2027-09-01' } });
    expect(await screen.findByRole('heading', { name: 'Aún no hay actividades en este periodo' })).toBeTruthy();
    expect(calls.some((c) => c.url === `${BASE}activities?term=2027-09-01`)).toBe(true);
  });

  it('item 2: accepts the selected pending requests one PUT each and says which failed and why; shows the waiting list in order', async () => {
    let decided = false;
    const { calls } = await open({
      'GET activities': { body: [activity()] },
      [`GET activities/${CHESS}/requests`]: () => ({
        body: [
          request({ id: 1, status: decided ? 'accepted' : 'pending' }),
          request({ id: 2, student: { id: 13, name: 'Luis Pardo' }, status: 'pending' }),
          request({ id: 3, student: { id: 14, name: 'Ana Ruiz' }, status: 'pending' }),
          request({ id: 5, student: { id: 16, name: 'Eva Mora' }, status: 'waiting', position: 2 }),
          request({ id: 4, student: { id: 15, name: 'Pía Soto' }, status: 'waiting', position: 1 }),
        ],
      }),
      [`PUT activities/${CHESS}/requests/1`]: () => {
        decided = true;
        return { body: request({ id: 1, status: 'accepted' }) };
      },
      [`PUT activities/${CHESS}/requests/2`]: { status: 409, body: { error: 'activity_full', message: 'Full' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitudes de Ajedrez' }, { timeout: 30_000 }));
    const pending = await screen.findByRole('region', { name: 'Pendientes' });
    fireEvent.click(within(pending).getByRole('checkbox', { name: 'Seleccionar a Sofía Gómez' }));
    fireEvent.click(within(pending).getByRole('checkbox', { name: 'Seleccionar a Luis Pardo' }));
    fireEvent.click(within(pending).getByRole('button', { name: 'Aceptar seleccionadas' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Luis Pardo: Ya no quedan plazas en la actividad.');
    expect(screen.getByText('Se decidió 1 solicitud.')).toBeTruthy();
    expect(sent(calls, 'PUT').map((c) => [c.url, bodyOf(c)])).toEqual([
      [`${BASE}activities/${CHESS}/requests/1`, { status: 'accepted' }],
      [`${BASE}activities/${CHESS}/requests/2`, { status: 'accepted' }],
    ]);
    // The one that failed stays selected for another try; the accepted one moved to its list.
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Aceptadas' })).getByText('Sofía Gómez · 7A')).toBeTruthy());
    expect((within(pending).getByRole('checkbox', { name: 'Seleccionar a Luis Pardo' }) as HTMLInputElement).checked).toBe(true);
    const waiting = within(screen.getByRole('region', { name: 'Lista de espera' })).getAllByRole('listitem');
    expect(waiting.map((li) => li.textContent)).toEqual(['1Pía Soto · 7A', '2Eva Mora · 7A']);
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar Excel' })).toBeTruthy();
  });

  it('item 2: a request is dated on the school’s day, not the UTC one', async () => {
    await open({
      'GET vue/settings': { body: { timeZone: 'America/Bogota' } },
      'GET activities': { body: [activity()] },
      // 20:30 in Bogotá on 2 February is already 3 February in UTC.
      [`GET activities/${CHESS}/requests`]: { body: [request({ createdAt: Date.UTC(2027, 1, 3, 1, 30) })] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitudes de Ajedrez' }, { timeout: 30_000 }));
    expect(await screen.findByText('Pedida por Marta Gómez el 2 de febrero de 2027')).toBeTruthy();
  });

  it('item 2: the form says what is missing and an end before its start, and sends nothing', async () => {
    const { calls } = await open({ 'GET activities': { body: [] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva actividad' }, { timeout: 30_000 }));
    const form = await screen.findByRole('form', { name: 'Nueva actividad' });
    const slot = within(form).getByRole('group', { name: 'Franja 1' });
    // The groups are a checklist of the school's tree.
    expect(await within(within(form).getByRole('group', { name: 'Cursos o grupos que pueden inscribirse' })).findAllByRole('checkbox')).toHaveLength(2);
    fireEvent.change(within(slot).getByLabelText('Inicio'), { target: { value: '16:00' } });
    fireEvent.change(within(slot).getByLabelText('Fin'), { target: { value: '15:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear actividad' }));
    expect(await within(form).findByText('La hora de fin debe ser posterior a la de inicio.')).toBeTruthy();
    expect(within(form).getAllByText('Completa este campo.').length).toBeGreaterThanOrEqual(5);
    expect(sent(calls, 'POST').filter((c) => c.url.endsWith('/activities'))).toEqual([]);
  });

  it('item 2: editing sends the whole activity with PUT and shows the server’s refusal in words', async () => {
    const chess = activity({ route: { id: 3, name: 'Ruta norte' } });
    const { calls } = await open({
      'GET activities': { body: [chess] },
      [`PUT activities/${CHESS}`]: { status: 409, body: { error: 'capacity_below_accepted', message: 'Below accepted' } },
      [appendQuery('GET people', { q: 'Luis', role: '', node: '', page: 1, limit: 50 })]: { body: [{ id: 31, firstName: 'Luis', lastName: 'Pardo', lastName2: null, avatar: null, roles: ['teacher'] }], headers: { 'X-Total-Count': '1' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Ajedrez' }, { timeout: 30_000 }));
    const form = await screen.findByRole('form', { name: 'Editar Ajedrez' });
    expect((within(form).getByRole('textbox', { name: 'Nombre' }) as HTMLInputElement).value).toBe('Ajedrez');
    expect((within(form).getByRole('textbox', { name: 'Descripción' }) as HTMLTextAreaElement).value).toBe('Aperturas y finales.');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Plazas' }), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cambiar responsable' }));
    fireEvent.change(within(form).getByRole('searchbox', { name: /Responsable/ }), { target: { value: 'Luis' } });
    fireEvent.click(await within(form).findByRole('button', { name: /^Pardo, Luis/ }, { timeout: 5_000 }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));

    expect((await within(form).findByRole('alert')).textContent).toBe('Las plazas no pueden ser menos que los estudiantes ya aceptados.');
    const [put] = sent(calls, 'PUT');
    expect(bodyOf(put)).toEqual({
      name: 'Ajedrez',
      description: '<p>Aperturas y finales.</p>',
      termFrom: '2027-02-01',
      termTo: '2027-06-15',
      schedule: [
        { day: 3, start: '15:00', end: '16:30' },
        { day: 1, start: '15:00', end: '16:00' },
      ],
      place: 'Biblioteca',
      places: 2,
      eligibleNodeIds: [70],
      price: 120000,
      periods: [
        { label: 'Febrero', dueDate: '2027-02-05' },
        { label: 'Marzo', dueDate: '2027-03-05' },
      ],
      leaderId: 31,
      routeId: 3,
    });
  });

  it('item 2: deleting asks first, then removes the activity', async () => {
    let deleted = false;
    const { calls } = await open({
      'GET activities': () => ({ body: deleted ? [] : [activity()] }),
      [`DELETE activities/${CHESS}`]: () => {
        deleted = true;
        return { status: 204 };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar Ajedrez' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar la actividad' });
    expect(sent(calls, 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sí, eliminar' }));
    expect(await screen.findByText('Actividad eliminada.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Aún no hay actividades en este periodo' })).toBeTruthy();
    expect(sent(calls, 'DELETE').map((c) => c.url)).toEqual([`${BASE}activities/${CHESS}`]);
  });
});
