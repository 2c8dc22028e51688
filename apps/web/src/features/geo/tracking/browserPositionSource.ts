import { POSITION_WATCH_OPTIONS } from '@patio/core/schemas/transport';
import { locationErrorKind } from './locationErrors';
import type { PositionSource } from './positionSource';
import { toPositionReport } from './toPositionReport';

/** navigator.geolocation with the spec §9 watcher options (high accuracy, max age 5 s, timeout 10 s). */
export function createBrowserPositionSource(geolocation: Geolocation): PositionSource {
  return {
    kind: 'browser',
    watch({ onFix, onError }) {
      const watchId = geolocation.watchPosition(
        (position) => onFix(toPositionReport(position)),
        (failure) => onError(locationErrorKind(failure)),
        POSITION_WATCH_OPTIONS,
      );
      return () => geolocation.clearWatch(watchId);
    },
  };
}
