import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { POSITION_REPORT_INTERVAL_MS } from '@patio/core/constants';
import { POSITION_WATCH_OPTIONS } from '@patio/core/schemas/transport';
import type { NativeLocation, NativeLocationError, NativeWatcherOptions } from '../../app/platform/capacitor';
import { ago } from '../transport/transport.fixtures';
import { bodyOf, driving, openTrackerPage, positionPosts, trackingSwitch } from './tracker.fixtures';

type WatcherCallback = (location?: NativeLocation, error?: NativeLocationError) => void;

/**
 * The Android/iOS app shell as the web code sees it: window.Capacitor with the background location
 * plugin, whose watchers the test answers with fixes or errors.
 */
function fakeAppWithBackgroundLocation() {
  const watchers: Array<{ id: string; options: NativeWatcherOptions; callback: WatcherCallback }> = [];
  const plugin = {
    addWatcher: vi.fn(async (options: NativeWatcherOptions, callback: WatcherCallback) => {
      const id = `watcher-${watchers.length + 1}`;
      watchers.push({ id, options, callback });
      return id;
    }),
    removeWatcher: vi.fn(async (_options: { id: string }) => undefined),
    openSettings: vi.fn(async () => undefined),
  };
  vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'android', Plugins: { BackgroundGeolocation: plugin } });
  const last = () => watchers[watchers.length - 1];
  return {
    plugin,
    watchers,
    /** A fix the phone took `secondsLater` than now, heading east at 6 m/s. */
    locate: (latitude: number, secondsLater = 0) =>
      act(() =>
        last().callback({ latitude, longitude: -74.05, accuracy: 5, altitude: 2600, altitudeAccuracy: 3, simulated: false, bearing: 87.5, speed: 6, time: Date.now() + secondsLater * 1000 }),
      ),
    fail: (error: NativeLocationError) => act(() => last().callback(undefined, error)),
  };
}

/** The browser's geolocation and screen wake lock, to show which of them the page uses. */
function fakeBrowser() {
  const geolocation = { watchPosition: vi.fn(() => 1), clearWatch: vi.fn(), getCurrentPosition: vi.fn() };
  const wakeLock = { request: vi.fn(async () => ({ release: vi.fn(async () => undefined) })) };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true });
  onTestFinished(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
    Reflect.deleteProperty(navigator, 'wakeLock');
  });
  return { geolocation, wakeLock };
}

const accepted = { status: 201, body: { id: 1, live: true } };

describe('the driver’s tracker in the app', { timeout: 30_000 }, () => {
  it('reports the app’s background fixes instead of the browser’s, at most one per 2 s', async () => {
    const browser = fakeBrowser();
    const app = fakeAppWithBackgroundLocation();
    const sentAt: number[] = [];
    const { calls } = await openTrackerPage({
      'POST geo/targets/5/position': () => {
        sentAt.push(Date.now());
        return accepted;
      },
    });
    fireEvent.click(await trackingSwitch());
    await waitFor(() => expect(app.watchers).toHaveLength(1));
    expect(app.watchers[0].options).toEqual({
      backgroundTitle: 'Patio está compartiendo la ubicación del bus',
      backgroundMessage: 'Las familias ven el bus en el mapa. Se detiene al terminar el recorrido o al apagar el envío.',
      requestPermissions: true,
      stale: false,
      distanceFilter: 0,
    });
    expect(browser.geolocation.watchPosition).not.toHaveBeenCalled();

    const takenAt = Date.now();
    await app.locate(4.68);
    await app.locate(4.681, 1);
    await app.locate(4.682, 2);
    await waitFor(() => expect(positionPosts(calls)).toHaveLength(1));
    // The same spec §3 report as the browser's: bearing is the heading, the time in epoch seconds.
    const report = bodyOf(positionPosts(calls)[0]);
    expect(report).toEqual({ latitude: 4.68, longitude: -74.05, altitude: 2600, accuracy: 5, altitudeAccuracy: 3, heading: 87.5, speed: 6, timestamp: expect.any(Number) });
    expect(report.timestamp).toBeCloseTo(takenAt / 1000, 1);
    expect(await screen.findByText('Ubicación permitida siempre.')).toBeTruthy();
    expect(screen.getByText('Precisión: ±5 m')).toBeTruthy();

    // The newest of the fixes that came too soon follows once the interval is over, not before.
    await waitFor(() => expect(positionPosts(calls)).toHaveLength(2), { timeout: 4000 });
    expect(bodyOf(positionPosts(calls)[1]).latitude).toBe(4.682);
    expect(sentAt[1] - sentAt[0]).toBeGreaterThanOrEqual(POSITION_REPORT_INTERVAL_MS - 50);
    // One watcher for the whole run, however often the screen renders; no screen lock kept in a pocket.
    expect(app.plugin.addWatcher).toHaveBeenCalledTimes(1);
    expect(browser.wakeLock.request).not.toHaveBeenCalled();
  });

  it('shows the location as denied, with a button to the phone’s settings, when the app is refused it', async () => {
    const app = fakeAppWithBackgroundLocation();
    await openTrackerPage();
    fireEvent.click(await trackingSwitch());
    await waitFor(() => expect(app.watchers).toHaveLength(1));
    await app.fail({ code: 'NOT_AUTHORIZED', message: 'User denied location permission' });
    expect((await screen.findByRole('alert')).textContent).toContain('Permiso denegado.');
    expect(screen.getByText('Ubicación denegada.').parentElement?.textContent).toContain('En los ajustes del teléfono, permite que Patio use la ubicación');
    expect(((await trackingSwitch()) as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(app.plugin.removeWatcher).toHaveBeenCalledWith({ id: 'watcher-1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Abrir los ajustes del teléfono' }));
    expect(app.plugin.openSettings).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the phone’s location switched off', { code: 'NOT_AUTHORIZED', message: 'Location services disabled.' }, 'El usuario negó el permiso para usar el servicio de ubicación.', true],
    ['any other failure', { message: 'The operation couldn’t be completed. (kCLErrorDomain error 2.)' }, 'Falla general de la ubicación.', false],
  ])('explains %s with the §8 texts', async (_case, error, text, stopsSharing) => {
    const app = fakeAppWithBackgroundLocation();
    await openTrackerPage();
    fireEvent.click(await trackingSwitch());
    await waitFor(() => expect(app.watchers).toHaveLength(1));
    await app.fail(error);
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(((await trackingSwitch()) as HTMLInputElement).checked).toBe(!stopsSharing);
    expect(screen.queryByRole('button', { name: 'Abrir los ajustes del teléfono' }) !== null).toBe(stopsSharing);
  });

  it('removes the watcher when the run is finished', async () => {
    const app = fakeAppWithBackgroundLocation();
    let finished = false;
    const { calls } = await openTrackerPage({
      'GET transport/routes/1': () => ({ body: driving({ run: { id: 900, startedAt: ago(1200), finishedAt: finished ? ago(0) : null, startedBy: null } }) }),
      'POST transport/routes/1/runs/900/finish': () => {
        finished = true;
        return { body: null };
      },
    });
    fireEvent.click(await trackingSwitch());
    await waitFor(() => expect(app.watchers).toHaveLength(1));
    expect(app.plugin.removeWatcher).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Terminar recorrido' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Terminar recorrido' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/runs/900/finish'))).toBe(true));
    await waitFor(() => expect(app.plugin.removeWatcher).toHaveBeenCalledWith({ id: 'watcher-1' }));
    expect(app.plugin.addWatcher).toHaveBeenCalledTimes(1);
  });

  it('removes the watcher when sharing is turned off', async () => {
    const app = fakeAppWithBackgroundLocation();
    await openTrackerPage();
    fireEvent.click(await trackingSwitch());
    await waitFor(() => expect(app.watchers).toHaveLength(1));
    fireEvent.click(await trackingSwitch());
    await waitFor(() => expect(app.plugin.removeWatcher).toHaveBeenCalledWith({ id: 'watcher-1' }));
  });
});

describe('the driver’s tracker without the app’s background location', { timeout: 30_000 }, () => {
  it('watches with the browser and keeps the screen on, in a browser', async () => {
    const browser = fakeBrowser();
    await openTrackerPage();
    fireEvent.click(await trackingSwitch());
    await waitFor(() => expect(browser.geolocation.watchPosition).toHaveBeenCalledTimes(1));
    expect(browser.geolocation.watchPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), POSITION_WATCH_OPTIONS);
    await waitFor(() => expect(browser.wakeLock.request).toHaveBeenCalledWith('screen'));
  });

  it('falls back to the browser in an app shell built without the plugin', async () => {
    const browser = fakeBrowser();
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true, getPlatform: () => 'ios', Plugins: {} });
    await openTrackerPage();
    fireEvent.click(await trackingSwitch());
    await waitFor(() => expect(browser.geolocation.watchPosition).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'Abrir los ajustes del teléfono' })).toBeNull();
  });
});
