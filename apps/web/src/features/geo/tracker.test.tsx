import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { POSITION_WATCH_OPTIONS } from '@patio/core/schemas/transport';
import { BASE } from '../../test/fetchStub';
import { ago, route } from '../transport/transport.fixtures';
import { bodyOf, driving, openTrackerPage, positionPosts, target, trackingSwitch, type Routes } from './tracker.fixtures';

/** A GPS the test drives: it answers the page's watcher with fixes or errors. */
function fakeGeolocation() {
  const watchers: Array<{ success: PositionCallback; error?: PositionErrorCallback | null; options?: PositionOptions }> = [];
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback, error?: PositionErrorCallback | null, options?: PositionOptions) => watchers.push({ success, error, options })),
    clearWatch: vi.fn(),
    getCurrentPosition: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  onTestFinished(() => void Reflect.deleteProperty(navigator, 'geolocation'));
  const last = () => watchers[watchers.length - 1];
  return {
    geolocation,
    watchers,
    /** A fix taken `secondsLater` than now by the device's clock. */
    fix: (latitude: number, secondsLater = 0) =>
      act(() =>
        last().success({ coords: { latitude, longitude: -74.05, accuracy: 7.6, altitude: null, altitudeAccuracy: null, heading: NaN, speed: 5 }, timestamp: Date.now() + secondsLater * 1000 } as unknown as GeolocationPosition),
      ),
    fail: (code: number, message = '') => act(() => last().error?.({ code, message } as GeolocationPositionError)),
  };
}

async function openTracker(extra: Routes = {}, { withGps = true } = {}) {
  const gps = withGps ? fakeGeolocation() : null;
  const page = await openTrackerPage(extra);
  return { ...page, gps: gps! };
}

describe('the driver’s tracker', { timeout: 30_000 }, () => {
  it('watches with the §9 options and reports the position while the run is on', async () => {
    const { gps, calls } = await openTracker({ 'POST geo/targets/5/position': { status: 201, body: { id: 1, live: true } } });
    fireEvent.click(await trackingSwitch());
    await waitFor(() => expect(gps.watchers).toHaveLength(1));
    expect(gps.watchers[0].options).toEqual(POSITION_WATCH_OPTIONS);
    await gps.fix(4.68);
    await gps.fix(4.681, 1);
    await gps.fix(4.682, 2);
    await waitFor(() => expect(positionPosts(calls)).toHaveLength(1));
    const report = bodyOf(positionPosts(calls)[0]);
    expect(report).toMatchObject({ latitude: 4.68, longitude: -74.05, accuracy: 7.6, heading: null, speed: 5, altitude: null });
    expect(report.timestamp).toBeCloseTo(Date.now() / 1000, -1);
    expect(await screen.findByText(/^Última posición enviada hace/)).toBeTruthy();
    expect(screen.getByText('Precisión: ±8 m')).toBeTruthy();
    // Three fixes at once: the newest of the others follows once the interval is over.
    await waitFor(() => expect(positionPosts(calls)).toHaveLength(2), { timeout: 4000 });
    expect(bodyOf(positionPosts(calls)[1]).latitude).toBe(4.682);
  });

  it('keeps reports while offline and sends them in order when the network is back', async () => {
    let online = false;
    const { gps, calls } = await openTracker({
      'POST geo/targets/5/position': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { status: 201, body: { id: 1, live: true } };
      },
    });
    fireEvent.click(await trackingSwitch());
    await waitFor(() => expect(gps.watchers).toHaveLength(1));
    await gps.fix(4.68);
    expect(await screen.findByText('1 posición espera conexión para enviarse')).toBeTruthy();
    expect(screen.getByText(/Sin conexión con el servidor/)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('patio.tracker.demo.5.queue') ?? '[]')).toHaveLength(1);
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText(/espera conexión/)).toBeNull());
    expect(positionPosts(calls).map((c) => bodyOf(c).latitude)).toEqual([4.68, 4.68]);
    expect(localStorage.getItem('patio.tracker.demo.5.queue')).toBeNull();
  });

  it.each([
    [1, '', 'Permiso denegado.'],
    [2, '', 'Posición no disponible.'],
    [3, '', 'Se agotó el tiempo al establecer tu ubicación.'],
    [2, 'Cannot request location accuracy', 'No se puede solicitar la precisión de la ubicación.'],
    [1, 'User has denied permission to use location service', 'El usuario negó el permiso para usar el servicio de ubicación.'],
    [99, '', 'Falla general de la ubicación.'],
  ])('explains location error %i %s in words', async (code, message, text) => {
    const { gps } = await openTracker();
    fireEvent.click(await trackingSwitch());
    await waitFor(() => expect(gps.watchers).toHaveLength(1));
    await gps.fail(code, message);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
    // A refusal stops the watcher: the switch goes off and the permission reads "denied".
    if (code === 1) {
      expect(((await trackingSwitch()) as HTMLInputElement).checked).toBe(false);
      expect(screen.getByText('Ubicación denegada.')).toBeTruthy();
    }
  });

  it('says when the browser has no geolocation at all', async () => {
    await openTracker({}, { withGps: false });
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'geolocation'));
    fireEvent.click(await trackingSwitch());
    expect((await screen.findByRole('alert')).textContent).toContain('La geolocalización no es compatible con este navegador.');
  });

  it('shows the permission the browser reports', async () => {
    const status = { state: 'granted', addEventListener: vi.fn(), removeEventListener: vi.fn() };
    Object.defineProperty(navigator, 'permissions', { value: { query: vi.fn(async () => status) }, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'permissions'));
    await openTracker();
    expect(await screen.findByText('Ubicación permitida mientras Patio está abierto.')).toBeTruthy();
  });

  it('starts a run and turns tracking on with it', async () => {
    let running = false;
    const { calls, gps } = await openTracker({
      'GET transport/routes/1': () => ({ body: driving({ run: running ? { id: 901, startedAt: ago(1), finishedAt: null, startedBy: null } : null }) }),
      'POST transport/routes/1/runs': () => {
        running = true;
        return { status: 201, body: { id: 901 } };
      },
    });
    expect(screen.getByText('Sin recorrido en curso')).toBeTruthy();
    expect(await screen.findByText('Inicia el recorrido para marcar quién sube y quién baja.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar recorrido' }));
    expect(await screen.findByRole('button', { name: 'Terminar recorrido' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${BASE}transport/routes/1/runs`]);
    expect(((await trackingSwitch()) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(gps.watchers).toHaveLength(1));
  });

  it('says so when someone else already started the run', async () => {
    await openTracker({
      'GET transport/routes/1': { body: driving({ run: null }) },
      'POST transport/routes/1/runs': { status: 409, body: { error: 'run_in_progress', message: 'A run is on' } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar recorrido' }));
    expect(await screen.findByText('Esta ruta ya tiene un recorrido en curso.')).toBeTruthy();
  });

  it('asks before finishing the run', async () => {
    const { calls } = await openTracker({ 'POST transport/routes/1/runs/900/finish': { body: null } });
    fireEvent.click(screen.getByRole('button', { name: 'Terminar recorrido' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Terminar el recorrido?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.url.endsWith('/finish'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Terminar recorrido' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Terminar recorrido' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === `${BASE}transport/routes/1/runs/900/finish`)).toBe(true));
  });

  it('marks riders boarded and dropped at their stops', async () => {
    const { calls } = await openTracker({ 'POST transport/routes/1/runs/900/events': (call) => ({ status: 201, body: { id: 1, runId: 900, kind: bodyOf(call).kind, at: ago(0), stop: null, person: null, actor: null, minutes: null } }) });
    const calle80 = await screen.findByRole('list', { name: 'Estudiantes de la parada Calle 80' });
    fireEvent.click(within(calle80).getByRole('button', { name: 'Marcar que Ana Ruiz subió' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/events'))).toHaveLength(1));
    const colegio = screen.getByRole('list', { name: 'Estudiantes de la parada Colegio' });
    // Luis is on the bus: he can be dropped at school; Ana cannot yet.
    expect(within(colegio).queryByRole('button', { name: 'Marcar que Ana Ruiz bajó' })).toBeNull();
    fireEvent.click(within(colegio).getByRole('button', { name: 'Marcar que Luis Gómez bajó' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/events'))).toHaveLength(2));
    expect(calls.filter((c) => c.url.endsWith('/events')).map(bodyOf)).toEqual([
      { kind: 'boarded', personId: 40, stopId: 102 },
      { kind: 'dropped', personId: 41, stopId: 103 },
    ]);
  });

  it('reports a delay in whole minutes', async () => {
    const { calls } = await openTracker({ 'POST transport/routes/1/runs/900/events': { status: 201, body: { id: 2, runId: 900, kind: 'delayed', at: ago(0), stop: null, person: null, actor: null, minutes: 15 } } });
    fireEvent.click(screen.getByRole('button', { name: 'Reportar retraso' }));
    const minutes = screen.getByLabelText('Minutos de retraso');
    fireEvent.change(minutes, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Avisar a las familias' }));
    expect(await screen.findByText('Escribe un número entero entre 1 y 240.')).toBeTruthy();
    fireEvent.change(minutes, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Avisar a las familias' }));
    expect(await screen.findByText('Se avisó a las familias de un retraso de 15 minutos.')).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.url.endsWith('/events')))).toEqual({ kind: 'delayed', minutes: 15 });
  });

  it('shows staff who do not drive the bus where it was last, with no controls', async () => {
    await openTracker({ 'GET geo/targets/5': { body: target({ canReport: false }) }, 'GET transport/routes/1': { body: route({ canDrive: false }) } });
    expect(await screen.findByRole('region', { name: 'Última posición de Bus 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Iniciar recorrido' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Terminar recorrido' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
