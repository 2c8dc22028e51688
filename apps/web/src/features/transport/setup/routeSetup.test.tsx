import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RouteStopsInput } from '@patio/core/schemas/transport-setup';
import { renderApp } from '../../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../../test/fetchStub';
import { ME, signedIn } from '../transport.fixtures';
import { card, routeSetup, withStops } from './routeSetup.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));
const admin = { body: { id: ME, firstName: 'Laura', lastName: 'Ruiz', lastName2: null, avatar: null, roles: ['administrator'], isAdmin: true, relatives: [] } };
const refused = (status: number, error: string) => ({ status, body: { error, message: 'Refused' } });

async function openSetup(routes: Routes = {}) {
  const stub = stubFetch(BASE, {
    'GET vue/settings': { body: {} },
    [`GET people/${ME}`]: admin,
    'POST allowed': { body: {} },
    'GET transport/routes/1/setup': { body: routeSetup() },
    ...routes,
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path: '/transport/routes/1/setup', session: signedIn() });
  return { ...stub, ...app };
}

async function openLoaded(routes: Routes = {}) {
  const app = await openSetup(routes);
  await screen.findByRole('heading', { level: 1, name: 'Configurar Ruta 1' }, { timeout: 20_000 });
  return app;
}

const section = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('section')!;
const stopRows = () => within(screen.getByRole('list', { name: 'Paradas de la ruta' })).getAllByRole('listitem');
const stopNames = () => stopRows().map((row) => (within(row).getByLabelText(/^Nombre/) as HTMLInputElement).value);
const callsOf = (calls: StubCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url === `${BASE}${path}`);

describe('route setup screen', { timeout: 30_000 }, () => {
  it('shows the route’s vehicle, crew, stops in order on a map, and riders', async () => {
    await openLoaded();
    const crew = section('Vehículo y tripulación');
    expect((within(crew).getByLabelText(/^Vehículo/) as HTMLInputElement).value).toBe('Buseta ABC-123');
    expect(within(within(crew).getByRole('group', { name: 'Conductor' })).getByText('Jorge Páez')).toBeTruthy();
    expect(within(within(crew).getByRole('group', { name: 'Acompañante' })).getByText('Sin asignar')).toBeTruthy();

    expect(stopNames()).toEqual(['Portería norte', 'Calle 80', 'Colegio']);
    const second = within(screen.getByRole('list', { name: 'Paradas de la ruta' })).getByRole('group', { name: 'Parada 2' });
    expect((within(second).getByLabelText('Hora prevista') as HTMLInputElement).value).toBe('06:45');
    expect(within(second).getByText('Ubicación: 4.68000, -74.05000')).toBeTruthy();
    // A stop riders get on or off at cannot be removed, and says why.
    expect((within(second).getByRole('button', { name: 'Quitar la parada 2' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(second).getByText('1 pasajero sube o baja aquí')).toBeTruthy();
    expect(screen.getByText(/Una parada en la que suben o bajan pasajeros solo se puede quitar después de darles otra\./)).toBeTruthy();
    const map = await screen.findByRole('region', { name: 'Mapa para ubicar las paradas de Ruta 1' });
    expect(map.getAttribute('aria-describedby')).toContain(screen.getByRole('list', { name: 'Paradas de la ruta' }).id);
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(3));
    expect([...map.querySelectorAll('.leaflet-marker-icon')].map((m) => m.getAttribute('aria-label'))).toEqual(['1. Portería norte', '2. Calle 80', '3. Colegio']);

    const riders = within(screen.getByRole('list', { name: 'Pasajeros de la ruta' }));
    const ana = riders.getByRole('group', { name: 'Ana Ruiz' });
    expect(within(ana).getByText('Integrante del grupo')).toBeTruthy();
    expect((within(ana).getByLabelText('Sube en') as HTMLSelectElement).value).toBe('102');
    expect((within(ana).getByLabelText('Baja en') as HTMLSelectElement).value).toBe('103');
    // A member rides anyway: their row only clears the stops.
    expect(within(ana).queryByRole('button', { name: /^Quitar/ })).toBeNull();
    expect(within(ana).getByRole('button', { name: 'Borrar paradas de Ana Ruiz' })).toBeTruthy();
    const bruno = riders.getByRole('group', { name: 'Bruno Díaz' });
    expect(within(bruno).getByRole('button', { name: 'Quitar a Bruno Díaz de la ruta' })).toBeTruthy();
    expect((within(bruno).getByLabelText('Baja en') as HTMLSelectElement).value).toBe('');
  });

  it('saves the vehicle and a monitor found by name, and clears the driver', async () => {
    const { calls } = await openLoaded({
      'GET people?q=Marta&page=1&limit=50': { body: [card(55, 'Marta', 'Gil', ['employee']), card(30, 'Jorge', 'Páez', ['employee'])] },
      'PUT transport/routes/1/crew': (call) => ({ body: routeSetup({ vehicle: bodyOf(call).vehicle, driver: null, monitor: { id: 55, name: 'Marta Gil' } }) }),
    });
    const crew = section('Vehículo y tripulación');
    fireEvent.change(within(crew).getByLabelText(/^Vehículo/), { target: { value: '  Bus XYZ-987 ' } });
    expect(within(crew).getByText('Cambios sin guardar')).toBeTruthy();
    fireEvent.click(within(crew).getByRole('button', { name: 'Elegir acompañante' }));
    fireEvent.change(within(crew).getByLabelText('Buscar acompañante'), { target: { value: 'Marta' } });
    fireEvent.click(await within(crew).findByRole('button', { name: 'Elegir a Marta Gil' }));
    expect(within(within(crew).getByRole('group', { name: 'Acompañante' })).getByText('Marta Gil')).toBeTruthy();
    fireEvent.click(within(crew).getByRole('button', { name: 'Quitar conductor' }));
    fireEvent.click(within(crew).getByRole('button', { name: 'Guardar vehículo y tripulación' }));
    expect(await within(crew).findByText('Vehículo y tripulación guardados.')).toBeTruthy();
    expect(bodyOf(callsOf(calls, 'PUT', 'transport/routes/1/crew')[0])).toEqual({ vehicle: 'Bus XYZ-987', driverId: null, monitorId: 55 });
    await waitFor(() => expect(within(crew).queryByText('Cambios sin guardar')).toBeNull());
  });

  it('says why the crew was refused, and never sends the same person as driver and monitor', async () => {
    const { calls } = await openLoaded({
      'GET people?q=Jorge&page=1&limit=50': { body: [card(30, 'Jorge', 'Páez', ['employee'])] },
      'GET people?q=Marta&page=1&limit=50': { body: [card(55, 'Marta', 'Gil', ['employee'])] },
      'PUT transport/routes/1/crew': refused(400, 'invalid_person'),
    });
    const crew = section('Vehículo y tripulación');
    fireEvent.click(within(crew).getByRole('button', { name: 'Elegir acompañante' }));
    fireEvent.change(within(crew).getByLabelText('Buscar acompañante'), { target: { value: 'Jorge' } });
    fireEvent.click(await within(crew).findByRole('button', { name: 'Elegir a Jorge Páez' }));
    fireEvent.click(within(crew).getByRole('button', { name: 'Guardar vehículo y tripulación' }));
    expect(within(crew).getByRole('alert').textContent).toBe('El conductor y el acompañante deben ser personas distintas.');
    expect(callsOf(calls, 'PUT', 'transport/routes/1/crew')).toHaveLength(0);

    fireEvent.click(within(crew).getByRole('button', { name: 'Cambiar acompañante' }));
    fireEvent.change(within(crew).getByLabelText('Buscar acompañante'), { target: { value: 'Marta' } });
    fireEvent.click(await within(crew).findByRole('button', { name: 'Elegir a Marta Gil' }));
    fireEvent.click(within(crew).getByRole('button', { name: 'Guardar vehículo y tripulación' }));
    expect(await within(crew).findByText('Esa persona no es de esta institución. Elige otra.')).toBeTruthy();
  });

  it('adds a stop where the map is clicked, names it, times it, moves it up and saves the whole list', async () => {
    const { calls, container } = await openLoaded({
      'PUT transport/routes/1/stops': (call) => ({ body: withStops(routeSetup(), bodyOf(call) as RouteStopsInput) }),
    });
    const map = await screen.findByRole('region', { name: 'Mapa para ubicar las paradas de Ruta 1' });
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(3));
    fireEvent.click(container.querySelector('.leaflet-container')!, { clientX: 40, clientY: 30 });
    await waitFor(() => expect(stopRows()).toHaveLength(4));
    const added = within(stopRows()[3]);
    expect(added.getByText(/^Ubicación: -?\d+\.\d{5}, -?\d+\.\d{5}$/)).toBeTruthy();
    // The new stop's name is where the keyboard goes next.
    await waitFor(() => expect(document.activeElement).toBe(added.getByLabelText(/^Nombre/)));
    fireEvent.change(added.getByLabelText(/^Nombre/), { target: { value: 'Calle 100' } });
    fireEvent.change(added.getByLabelText('Hora prevista'), { target: { value: '07:00' } });
    fireEvent.click(added.getByRole('button', { name: 'Subir la parada 4' }));
    expect(stopNames()).toEqual(['Portería norte', 'Calle 80', 'Calle 100', 'Colegio']);
    expect(screen.getByText('Calle 100 es ahora la parada 3 de 4.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Subir la parada 3'));
    expect(within(section('Paradas')).getByText('Cambios sin guardar')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar paradas' }));
    expect(await screen.findByText('Paradas guardadas.')).toBeTruthy();
    const sent = bodyOf(callsOf(calls, 'PUT', 'transport/routes/1/stops')[0]) as RouteStopsInput;
    expect(sent.stops.map((s) => [s.id, s.name, s.scheduledTime])).toEqual([
      [101, 'Portería norte', '06:30'],
      [102, 'Calle 80', '06:45'],
      [null, 'Calle 100', '07:00'],
      [103, 'Colegio', '07:10'],
    ]);
    expect(sent.stops[0]).toEqual({ id: 101, name: 'Portería norte', lat: 4.675, lng: -74.05, scheduledTime: '06:30' });
    expect(Number.isFinite(sent.stops[2].lat) && Number.isFinite(sent.stops[2].lng)).toBe(true);
    await waitFor(() => expect(within(section('Paradas')).queryByText('Cambios sin guardar')).toBeNull());
  });

  it('places a chosen stop at the map’s centre, removes another, and moves one down', async () => {
    const { calls } = await openLoaded({
      'GET transport/routes/1/setup': { body: routeSetup({ stops: routeSetup().stops.map((s) => ({ ...s, riders: 0 })), riders: [] }) },
      'PUT transport/routes/1/stops': (call) => ({ body: withStops(routeSetup(), bodyOf(call) as RouteStopsInput) }),
    });
    const list = screen.getByRole('list', { name: 'Paradas de la ruta' });
    const last = within(list).getByRole('group', { name: 'Parada 3' });
    fireEvent.click(within(last).getByRole('button', { name: 'Ubicar la parada 3 en el mapa' }));
    expect(within(last).getByRole('button', { name: 'Ubicar la parada 3 en el mapa' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Toca el mapa para ubicar Colegio.')).toBeTruthy();
    // The map opened on the first stop (a map without a size in this test centres on it).
    const centre = await screen.findByRole('button', { name: 'Ubicar Colegio en el centro del mapa' });
    await waitFor(() => expect((centre as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(centre);
    expect(within(last).getByText('Ubicación: 4.67500, -74.05000')).toBeTruthy();
    expect(screen.getByText('Toca el mapa para agregar una parada en ese punto.')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Quitar la parada 2' }));
    expect(screen.getByText('Se quitó Calle 80.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(stopRows()[1]).getByLabelText(/^Nombre/)));
    fireEvent.click(within(list).getByRole('button', { name: 'Bajar la parada 1' }));
    expect(stopNames()).toEqual(['Colegio', 'Portería norte']);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar paradas' }));
    expect(await screen.findByText('Paradas guardadas.')).toBeTruthy();
    const sent = bodyOf(callsOf(calls, 'PUT', 'transport/routes/1/stops')[0]) as RouteStopsInput;
    expect(sent.stops.map((s) => [s.id, s.lat, s.lng])).toEqual([
      [103, 4.675, -74.05],
      [101, 4.675, -74.05],
    ]);
  });

  it('does not send stops without a name or a place, and undoes the changes on request', async () => {
    const { calls } = await openLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar parada' }));
    const added = within(stopRows()[3]);
    expect(added.getByText('Aún sin ubicación en el mapa')).toBeTruthy();
    // A stop added from the button is placed by the next touch of the map.
    expect(screen.getByText('Toca el mapa para ubicar Parada 4.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar paradas' }));
    expect(within(section('Paradas')).getByRole('alert').textContent).toBe('Revisa las paradas marcadas antes de guardar.');
    expect(added.getByText('Escribe el nombre de la parada.')).toBeTruthy();
    expect(added.getByText('Ubica la parada en el mapa.')).toBeTruthy();
    expect(callsOf(calls, 'PUT', 'transport/routes/1/stops')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Descartar cambios' }));
    expect(stopNames()).toEqual(['Portería norte', 'Calle 80', 'Colegio']);
    expect(screen.queryByRole('button', { name: 'Descartar cambios' })).toBeNull();
  });

  it.each([
    ['run_in_progress', 409, 'Hay un recorrido en curso: guarda las paradas cuando termine.'],
    ['stop_in_use', 409, 'Una parada que quitaste todavía tiene pasajeros que suben o bajan allí: asígnales otras paradas primero.'],
    ['not_a_stop', 400, 'Una de las paradas ya no está en esta ruta. Recarga la página e inténtalo de nuevo.'],
  ])('says why the stops were refused (%s)', async (code, status, text) => {
    await openLoaded({ 'PUT transport/routes/1/stops': refused(status, code) });
    fireEvent.change(within(stopRows()[2]).getByLabelText(/^Nombre/), { target: { value: 'Colegio (portería)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar paradas' }));
    expect((await within(section('Paradas')).findByRole('alert')).textContent).toBe(text);
    // Nothing typed is lost.
    expect(stopNames()[2]).toBe('Colegio (portería)');
  });

  it('keeps the stops read-only while a run is on, and the crew and riders editable', async () => {
    await openLoaded({ 'GET transport/routes/1/setup': { body: routeSetup({ running: true }) } });
    const stops = section('Paradas');
    expect(within(stops).getByText('Hay un recorrido en curso: las paradas se podrán cambiar cuando termine.')).toBeTruthy();
    for (const input of within(stops).getAllByLabelText(/^Nombre/)) expect((input as HTMLInputElement).closest('fieldset')!.disabled).toBe(true);
    expect((within(stops).getByRole('button', { name: 'Guardar paradas' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(stops).getByRole('button', { name: 'Agregar parada' }) as HTMLButtonElement).disabled).toBe(true);
    await within(stops).findByRole('region', { name: 'Mapa para ubicar las paradas de Ruta 1' });
    expect(within(stops).queryByRole('button', { name: 'Agregar una parada en el centro del mapa' })).toBeNull();
    expect((within(section('Vehículo y tripulación')).getByRole('button', { name: 'Guardar vehículo y tripulación' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(section('Pasajeros')).getByLabelText('Buscar estudiante') as HTMLInputElement).disabled).toBe(false);
  });

  it('saves a rider’s stops, clears a member’s and removes a rider added by hand', async () => {
    const { calls } = await openLoaded({
      'PUT transport/routes/1/riders/40': (call) => ({ body: routeSetup({ riders: [{ person: { id: 40, name: 'Ana Ruiz' }, ...bodyOf(call), member: true }, routeSetup().riders[1]] }) }),
      'DELETE transport/routes/1/riders/41': { body: routeSetup({ riders: [routeSetup().riders[0]] }) },
      'DELETE transport/routes/1/riders/40': { body: routeSetup({ riders: [{ person: { id: 40, name: 'Ana Ruiz' }, pickupStopId: null, dropoffStopId: null, member: true }] }) },
    });
    const riders = section('Pasajeros');
    const ana = within(riders).getByRole('group', { name: 'Ana Ruiz' });
    expect((within(ana).getByRole('button', { name: 'Guardar las paradas de Ana Ruiz' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(ana).getByLabelText('Sube en'), { target: { value: '101' } });
    expect(within(riders).getByText('Cambios sin guardar')).toBeTruthy();
    fireEvent.click(within(ana).getByRole('button', { name: 'Guardar las paradas de Ana Ruiz' }));
    expect(await within(riders).findByText('Paradas de Ana Ruiz guardadas.')).toBeTruthy();
    expect(bodyOf(callsOf(calls, 'PUT', 'transport/routes/1/riders/40')[0])).toEqual({ pickupStopId: 101, dropoffStopId: 103 });
    await waitFor(() => expect(within(riders).queryByText('Cambios sin guardar')).toBeNull());

    fireEvent.click(within(riders).getByRole('button', { name: 'Quitar a Bruno Díaz de la ruta' }));
    expect(await within(riders).findByText('Bruno Díaz ya no viaja en esta ruta.')).toBeTruthy();
    expect(within(riders).queryByRole('group', { name: 'Bruno Díaz' })).toBeNull();

    fireEvent.click(within(riders).getByRole('button', { name: 'Borrar paradas de Ana Ruiz' }));
    expect(await within(riders).findByText('Se borraron las paradas de Ana Ruiz.')).toBeTruthy();
    expect((within(riders).getByLabelText('Sube en') as HTMLSelectElement).value).toBe('');
    expect(callsOf(calls, 'DELETE', 'transport/routes/1/riders/40')).toHaveLength(1);
  });

  it('adds a student found by the search as a rider with their stops, and says why one was refused', async () => {
    let answer: StubAnswer = refused(400, 'not_a_stop');
    const { calls } = await openLoaded({
      'GET people?q=Sof&role=student&page=1&limit=50': { body: [card(40, 'Ana', 'Ruiz', ['student']), card(60, 'Sofía', 'Mejía', ['student'])] },
      'PUT transport/routes/1/riders/60': () => answer,
    });
    const riders = section('Pasajeros');
    fireEvent.change(within(riders).getByLabelText('Buscar estudiante'), { target: { value: 'Sof' } });
    fireEvent.click(await within(riders).findByRole('button', { name: 'Elegir a Sofía Mejía' }));
    // Ana rides already: she is not offered.
    expect(within(riders).queryByRole('button', { name: 'Elegir a Ana Ruiz' })).toBeNull();
    const sofia = within(riders).getByRole('group', { name: 'Sofía Mejía' });
    fireEvent.change(within(sofia).getByLabelText('Sube en'), { target: { value: '102' } });
    fireEvent.click(within(riders).getByRole('button', { name: 'Agregar a Sofía Mejía' }));
    expect(await within(riders).findByText('Una de las paradas ya no está en esta ruta. Recarga la página e inténtalo de nuevo.')).toBeTruthy();

    answer = { body: routeSetup({ riders: [...routeSetup().riders, { person: { id: 60, name: 'Sofía Mejía' }, pickupStopId: 102, dropoffStopId: null, member: false }] }) };
    fireEvent.click(within(riders).getByRole('button', { name: 'Agregar a Sofía Mejía' }));
    expect(await within(riders).findByText('Sofía Mejía ahora viaja en esta ruta.')).toBeTruthy();
    expect(bodyOf(callsOf(calls, 'PUT', 'transport/routes/1/riders/60').at(-1))).toEqual({ pickupStopId: 102, dropoffStopId: null });
    const row = within(within(riders).getByRole('list', { name: 'Pasajeros de la ruta' })).getByRole('group', { name: 'Sofía Mejía' });
    expect((within(row).getByLabelText('Sube en') as HTMLSelectElement).value).toBe('102');
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = await openLoaded({ 'GET transport/routes/1': { status: 404, body: { error: 'not_found', message: 'No' } } });
    fireEvent.change(within(section('Vehículo y tripulación')).getByLabelText(/^Vehículo/), { target: { value: 'Otra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
    expect(within(dialog).getByText('Hay cambios sin guardar en: Vehículo y tripulación. Si sales ahora, se perderán.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/transport/routes/1/setup');
    expect((within(section('Vehículo y tripulación')).getByLabelText(/^Vehículo/) as HTMLInputElement).value).toBe('Otra');

    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transport/routes/1/map'));
  });

  it('says so when the person may not set the route up', async () => {
    await openSetup({ 'GET transport/routes/1/setup': refused(403, 'forbidden') });
    expect(await screen.findByText('No tienes acceso a esta página', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Paradas' })).toBeNull();
  });
});
