import type { PositionReport } from '@patio/core/schemas/transport';
import type { NativeLocation } from '../../../app/platform/capacitor';

const measured = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
// iOS gives a negative accuracy for a value it could not measure (CoreLocation's "invalid").
const measuredAccuracy = (value: number | null | undefined): number | null => {
  const accuracy = measured(value);
  return accuracy !== null && accuracy >= 0 ? accuracy : null;
};

/**
 * A browser fix as the spec §3 Position report: what the device cannot measure (heading and speed
 * while standing still, altitude indoors) is null, and the time is in epoch seconds.
 */
export function toPositionReport(position: GeolocationPosition): PositionReport {
  const { coords } = position;
  return {
    latitude: coords.latitude,
    longitude: coords.longitude,
    altitude: measured(coords.altitude),
    accuracy: measured(coords.accuracy),
    altitudeAccuracy: measured(coords.altitudeAccuracy),
    heading: measured(coords.heading),
    speed: measured(coords.speed),
    timestamp: Math.round(position.timestamp) / 1000,
  };
}

/**
 * A fix of the app's background location plugin as the same §3 report: its `bearing` is the heading,
 * its `time` (epoch ms) the timestamp. A fix without a time is taken as now: the watcher asks for
 * fresh fixes only (`stale: false`), so one is never older than its delivery.
 */
export function toPositionReportFromNative(location: NativeLocation, now = Date.now()): PositionReport {
  const altitudeAccuracy = measuredAccuracy(location.altitudeAccuracy);
  // iOS always sends an altitude: with a negative vertical accuracy when it has none.
  const hasAltitude = location.altitudeAccuracy == null || altitudeAccuracy !== null;
  return {
    latitude: location.latitude,
    longitude: location.longitude,
    altitude: hasAltitude ? measured(location.altitude) : null,
    accuracy: measuredAccuracy(location.accuracy),
    altitudeAccuracy,
    heading: measured(location.bearing),
    speed: measured(location.speed),
    timestamp: Math.round(measured(location.time) ?? now) / 1000,
  };
}
