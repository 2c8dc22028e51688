import type { CapacitorBackgroundGeolocationPlugin, NativeWatcherOptions } from '../../../app/platform/capacitor';
import { nativeLocationErrorKind } from './locationErrors';
import type { PositionSource } from './positionSource';
import { toPositionReportFromNative } from './toPositionReport';

/** The text of the notification Android shows while the app reports the bus's position in the background. */
export interface BackgroundNotice {
  title: string;
  message: string;
}

/**
 * No distance filter: every fix the phone has (about one a second) goes on to the 2 s report throttle,
 * as in the browser. A filter of even a few metres silences a bus that stands still (at the school
 * gate, at a stop where children board, in a jam), and after POSITION_STALE_AFTER_S (120 s) without a
 * report the families' map calls it stale, which is the very thing background tracking is here to
 * prevent. A filter would not save GPS power either: both platforms keep their high-accuracy updates
 * running and only drop the deliveries; the throttle already caps what is sent.
 */
export const NATIVE_DISTANCE_FILTER_M = 0;

/**
 * The app's background location (@capacitor-community/background-geolocation): with a background
 * message the watcher goes on with the screen locked or another app in front (a foreground service
 * with a notification on Android, the background location mode on iOS). It asks for the permission
 * itself and delivers only fresh fixes; the §9 maximum age and timeout have no counterpart in it.
 */
export function createNativePositionSource(plugin: CapacitorBackgroundGeolocationPlugin, notice: BackgroundNotice): PositionSource {
  return {
    kind: 'native',
    watch({ onFix, onError }) {
      let isStopped = false;
      const options: NativeWatcherOptions = {
        backgroundTitle: notice.title,
        backgroundMessage: notice.message,
        requestPermissions: true,
        stale: false,
        distanceFilter: NATIVE_DISTANCE_FILTER_M,
      };
      const watcherId = plugin.addWatcher(options, (location, error) => {
        if (isStopped) return;
        if (error) onError(nativeLocationErrorKind(error));
        else if (location) onFix(toPositionReportFromNative(location));
      });
      watcherId.catch((error: unknown) => {
        if (!isStopped) onError(nativeLocationErrorKind(error as { message?: string }));
      });
      return () => {
        isStopped = true;
        // The id comes asynchronously: a watcher stopped before it arrived is removed once it does.
        void watcherId.then((id) => plugin.removeWatcher({ id })).catch(() => undefined);
      };
    },
    openSettings() {
      void plugin.openSettings().catch(() => undefined);
    },
  };
}
