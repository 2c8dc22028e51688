import { describe, expect, it, vi } from 'vitest';
import type { PositionReport } from '@patio/core/schemas/transport';
import type { CapacitorBackgroundGeolocationPlugin, NativeLocation, NativeLocationError } from '../../../app/platform/capacitor';
import type { LocationErrorKind } from './locationErrors';
import { createNativePositionSource } from './nativePositionSource';
import { toPositionReportFromNative } from './toPositionReport';

const fix = (extra: Partial<NativeLocation> = {}): NativeLocation => ({
  latitude: 4.68,
  longitude: -74.05,
  accuracy: 5,
  altitude: 2600,
  altitudeAccuracy: 3,
  simulated: false,
  bearing: 87.5,
  speed: 6,
  time: 1_790_000_000_123,
  ...extra,
});

/** A plugin whose addWatcher answers its id only when the test says so. */
function slowPlugin() {
  let callback: (location?: NativeLocation, error?: NativeLocationError) => void = () => undefined;
  let answerId: (id: string) => void = () => undefined;
  const plugin: CapacitorBackgroundGeolocationPlugin = {
    addWatcher: vi.fn((_options, cb) => {
      callback = cb;
      return new Promise<string>((resolve) => (answerId = resolve));
    }),
    removeWatcher: vi.fn(async () => undefined),
    openSettings: vi.fn(async () => undefined),
  };
  return { plugin, send: (location?: NativeLocation, error?: NativeLocationError) => callback(location, error), answerId: (id: string) => answerId(id) };
}

describe('the app’s fixes as position reports', () => {
  it('turns the plugin’s time in ms into seconds and its bearing into the heading', () => {
    expect(toPositionReportFromNative(fix())).toEqual({ latitude: 4.68, longitude: -74.05, altitude: 2600, accuracy: 5, altitudeAccuracy: 3, heading: 87.5, speed: 6, timestamp: 1_790_000_000.123 });
  });

  it('reports as null what the phone could not measure', () => {
    // Android without a vertical accuracy, standing still (no bearing or speed).
    expect(toPositionReportFromNative(fix({ altitudeAccuracy: null, bearing: null, speed: null }))).toMatchObject({ altitude: 2600, altitudeAccuracy: null, heading: null, speed: null });
    // iOS marks an altitude or an accuracy it does not have with a negative accuracy.
    expect(toPositionReportFromNative(fix({ altitude: 0, altitudeAccuracy: -1, accuracy: -1 }))).toMatchObject({ altitude: null, altitudeAccuracy: null, accuracy: null });
  });

  it('takes a fix without a time as taken now', () => {
    expect(toPositionReportFromNative(fix({ time: null }), 1_790_000_005_000).timestamp).toBe(1_790_000_005);
  });
});

describe('the native position source', () => {
  it('removes a watcher stopped before its id arrived, and passes nothing on after the stop', async () => {
    const { plugin, send, answerId } = slowPlugin();
    const fixes: PositionReport[] = [];
    const errors: LocationErrorKind[] = [];
    const stop = createNativePositionSource(plugin, { title: 'T', message: 'M' }).watch({ onFix: (r) => fixes.push(r), onError: (k) => errors.push(k) });
    send(fix());
    stop();
    send(fix({ latitude: 4.7 }));
    send(undefined, { code: 'NOT_AUTHORIZED' });
    expect(plugin.removeWatcher).not.toHaveBeenCalled();
    answerId('w-7');
    await vi.waitFor(() => expect(plugin.removeWatcher).toHaveBeenCalledWith({ id: 'w-7' }));
    expect(fixes.map((r) => r.latitude)).toEqual([4.68]);
    expect(errors).toEqual([]);
  });

  it('tells a refusal from other failures', () => {
    const { plugin, send } = slowPlugin();
    const errors: LocationErrorKind[] = [];
    createNativePositionSource(plugin, { title: 'T', message: 'M' }).watch({ onFix: () => undefined, onError: (k) => errors.push(k) });
    send(undefined, { code: 'NOT_AUTHORIZED', message: 'Permission denied.' });
    send(undefined, { code: 'NOT_AUTHORIZED', message: 'Location services disabled.' });
    send(undefined, { message: 'Service not running.' });
    expect(errors).toEqual(['denied', 'serviceDenied', 'general']);
  });
});
