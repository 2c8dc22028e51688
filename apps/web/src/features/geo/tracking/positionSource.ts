import type { PositionReport } from '@patio/core/schemas/transport';
import type { LocationErrorKind } from './locationErrors';

export interface PositionHandlers {
  /** A new fix, already as the spec §3 report. */
  onFix(report: PositionReport): void;
  onError(kind: LocationErrorKind): void;
}

/** Where the tracker's fixes come from: the phone's background location in the app, else the browser (see findPositionSource). */
export interface PositionSource {
  /**
   * 'native': the app's location plugin, which goes on with the screen locked or the app in the
   * background (spec §1); 'browser': navigator.geolocation, only while the page is shown.
   */
  kind: 'native' | 'browser';
  /** Starts watching; answers the function that stops it. */
  watch(handlers: PositionHandlers): () => void;
  /** Opens the app's page in the phone's settings, where a refused location permission is given back (native only). */
  openSettings?: () => void;
}
