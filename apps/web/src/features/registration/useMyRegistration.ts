import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useServices } from '../../app/services';
import { fetchMyRegistration, type MyRegistration } from './myRegistration';

/** How often the status screen asks again while it is on screen: gentle on the server, quick enough for a family. */
export const MY_REGISTRATION_POLL_MS = 60_000;

export type MyRegistrationState =
  | { state: 'loading' }
  | { state: 'ready'; registration: MyRegistration | null; isRefreshing: boolean; checkedAt: Date }
  | { state: 'failed'; error: unknown; isRefreshing: boolean };

/**
 * GET registration/mine for the status screen: once at start, on `refresh()`, every minute while the
 * page is visible, and at once when it becomes visible again (the family comes back to the tab).
 */
export function useMyRegistration(): MyRegistrationState & { refresh: () => void } {
  const { api } = useServices();
  const [result, setResult] = useState<MyRegistrationState>({ state: 'loading' });
  const mounted = useRef(true);

  // Only the answer sets state: the first load starts from 'loading' already.
  const load = useCallback(() => {
    fetchMyRegistration(api)
      .then((registration) => mounted.current && setResult({ state: 'ready', registration, isRefreshing: false, checkedAt: new Date() }))
      .catch((error: unknown) => mounted.current && setResult({ state: 'failed', error, isRefreshing: false }));
  }, [api]);

  const refresh = useCallback(() => {
    setResult((r) => (r.state === 'loading' ? r : { ...r, isRefreshing: true }));
    load();
  }, [load]);

  useEffect(() => {
    mounted.current = true;
    load();
    const isVisible = () => document.visibilityState === 'visible';
    const timer = setInterval(() => isVisible() && refresh(), MY_REGISTRATION_POLL_MS);
    const handleVisibility = () => isVisible() && refresh();
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      mounted.current = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', handleVisibility);
    };
  }, [load, refresh]);

  return useMemo(() => ({ ...result, refresh }), [result, refresh]);
}
