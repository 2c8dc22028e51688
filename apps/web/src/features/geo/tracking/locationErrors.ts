/**
 * spec §8 location errors: the three codes of a GeolocationPositionError, the two texts the mobile
 * app's location plugin reports, and the newer wording's "not supported" and "general failure".
 */
export type LocationErrorKind = 'denied' | 'unavailable' | 'timeout' | 'accuracy' | 'serviceDenied' | 'unsupported' | 'general';

export const LOCATION_ERROR_KINDS: readonly LocationErrorKind[] = ['denied', 'unavailable', 'timeout', 'accuracy', 'serviceDenied', 'unsupported', 'general'];

// The location plugin of the mobile app reports these in English whatever the phone's language.
const PLUGIN_MESSAGES: Record<string, LocationErrorKind> = {
  'cannot request location accuracy': 'accuracy',
  'user has denied permission to use location service': 'serviceDenied',
};

/** The §8 error of a failed position request (GeolocationPositionError codes 1, 2, 3), for its translated text. */
export function locationErrorKind(error: { code?: number; message?: string } | null | undefined): LocationErrorKind {
  const message = (error?.message ?? '').trim().toLowerCase();
  if (PLUGIN_MESSAGES[message]) return PLUGIN_MESSAGES[message];
  switch (error?.code) {
    case 1:
      return 'denied';
    case 2:
      return 'unavailable';
    case 3:
      return 'timeout';
    default:
      return 'general';
  }
}

/** Errors after which the watcher cannot go on by itself: the person has to change a setting first. */
export function isBlockingLocationError(kind: LocationErrorKind): boolean {
  return kind === 'denied' || kind === 'serviceDenied' || kind === 'unsupported';
}

/**
 * The §8 error of the app's background location plugin. It answers NOT_AUTHORIZED both when the
 * location permission is refused and (Android) when the phone's location is switched off; any other
 * failure comes with a message only (iOS: CoreLocation's, in the phone's language).
 */
export function nativeLocationErrorKind(error: { code?: string; message?: string } | null | undefined): LocationErrorKind {
  if (error?.code === 'NOT_AUTHORIZED') {
    return /location services disabled/i.test(error.message ?? '') ? 'serviceDenied' : 'denied';
  }
  return locationErrorKind({ message: error?.message });
}
