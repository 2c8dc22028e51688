import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionState } from '../services';
import { debounce } from './debounce';
import { createLiveClient } from './liveClient';
import { liveUrlOf } from './liveUrl';

/** A burst of changes (a reply to a big thread, a move of many threads) becomes one refetch. */
export const LIVE_REFRESH_DEBOUNCE_MS = 200;

/**
 * While signed in, keeps the live connection open and refetches everything under the 'threads' query
 * key when the server says the person's threads changed, so inbox, unread counts and an open thread
 * follow without a reload. Mount it once, inside the deck's query provider.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const url = useSessionState((s) => s.url);
  const token = useSessionState((s) => s.token);
  const registrationPending = useSessionState((s) => s.registrationPending);

  useEffect(() => {
    if (!url || !token || registrationPending || typeof WebSocket === 'undefined') return;
    const liveUrl = liveUrlOf(url, window.location.href);
    if (!liveUrl) return;
    const refresh = debounce(() => void queryClient.invalidateQueries({ queryKey: ['threads'] }), LIVE_REFRESH_DEBOUNCE_MS);
    const client = createLiveClient({
      url: liveUrl,
      token,
      createSocket: (address) => new WebSocket(address),
      onThreadsChanged: refresh,
      onResync: refresh,
    });
    const wakeWhenVisible = () => {
      if (document.visibilityState === 'visible') client.wake();
    };
    const wake = () => client.wake();
    document.addEventListener('visibilitychange', wakeWhenVisible);
    window.addEventListener('online', wake);
    client.start();
    return () => {
      document.removeEventListener('visibilitychange', wakeWhenVisible);
      window.removeEventListener('online', wake);
      client.stop();
      refresh.cancel();
    };
  }, [queryClient, url, token, registrationPending]);
}

/** useLiveUpdates as an element, for the signed-in shell. */
export function LiveUpdates(): null {
  useLiveUpdates();
  return null;
}
