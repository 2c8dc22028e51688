import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * spec §4 Position tracker permission states. A web page only gets the location while it is open, so
 * a browser's "granted" is "granted when in use"; "granted" (always, in the background) is the mobile
 * app's (spec §1 background location). `unknown`: the browser does not say (no Permissions API).
 */
export type TrackerPermission = 'unknown' | 'notRequested' | 'denied' | 'granted' | 'grantedWhenInUse';

/** The Permissions API's state of 'geolocation' as a tracker permission. */
export function trackerPermissionOf(state: PermissionState | null | undefined): TrackerPermission {
  if (state === 'prompt') return 'notRequested';
  if (state === 'denied') return 'denied';
  if (state === 'granted') return 'grantedWhenInUse';
  return 'unknown';
}

/**
 * The location permission of this page, kept up to date when the person changes it in the browser.
 * With `fromBrowser` false (the app's own location plugin, which has no such query) it stays
 * 'unknown' until the watcher's first fix or refusal sets it.
 */
export function useLocationPermission(fromBrowser = true): [TrackerPermission, Dispatch<SetStateAction<TrackerPermission>>] {
  const [permission, setPermission] = useState<TrackerPermission>('unknown');

  useEffect(() => {
    if (!fromBrowser) return undefined;
    let status: PermissionStatus | null = null;
    let current = true;
    const read = () => {
      if (current && status) setPermission(trackerPermissionOf(status.state));
    };
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((answer) => {
        status = answer;
        read();
        status.addEventListener('change', read);
      })
      .catch(() => undefined);
    return () => {
      current = false;
      status?.removeEventListener('change', read);
    };
  }, [fromBrowser]);

  return [permission, setPermission];
}
