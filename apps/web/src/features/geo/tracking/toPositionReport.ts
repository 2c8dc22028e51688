import type { PositionReport } from '@patio/core/schemas/transport';

const measured = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

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
