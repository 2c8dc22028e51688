import { nativeBackgroundGeolocation } from '../../../app/platform/capacitor';
import { createBrowserPositionSource } from './browserPositionSource';
import { createNativePositionSource, type BackgroundNotice } from './nativePositionSource';
import type { PositionSource } from './positionSource';

const hasGeolocation = () => typeof navigator !== 'undefined' && Boolean(navigator.geolocation);

/**
 * The app's background location when the app shell was built with the plugin, else the browser's
 * geolocation; null when there is neither. `notice` is what Android shows while the app tracks.
 */
export function findPositionSource(notice: BackgroundNotice): PositionSource | null {
  const plugin = nativeBackgroundGeolocation();
  if (plugin) return createNativePositionSource(plugin, notice);
  return hasGeolocation() ? createBrowserPositionSource(navigator.geolocation) : null;
}
