import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useServices, useSessionState } from '../services';
import { collect } from './collect';
import { debounce } from './debounce';
import { createLiveClient } from './liveClient';
import { liveUrlOf } from './liveUrl';
import { releaseActiveLiveClient, setActiveLiveClient } from './useLiveTopic';

/** A burst of changes (a reply to a big thread, a move of many threads) becomes one refetch. */
export const LIVE_REFRESH_DEBOUNCE_MS = 200;
/** A poll answered by a whole school refetches its results at most this often. */
export const LIVE_FORM_REFRESH_MS = 1000;

/**
 * While signed in, keeps the live connection open and refetches everything under the 'threads' query
 * key when the server says the person's threads changed, so inbox, unread counts and an open thread
 * follow without a reload; and everything under ['forms', formId] when one of their forms got an
 * answer (results, answers, who is missing). Mount it once, inside the deck's query provider.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const { session } = useServices();
  const url = useSessionState((s) => s.url);
  const token = useSessionState((s) => s.token);
  const registrationPending = useSessionState((s) => s.registrationPending);

  useEffect(() => {
    if (!url || !token || registrationPending || typeof WebSocket === 'undefined') return;
    const liveUrl = liveUrlOf(url, window.location.href);
    if (!liveUrl) return;
    const refresh = debounce(() => void queryClient.invalidateQueries({ queryKey: ['threads'] }), LIVE_REFRESH_DEBOUNCE_MS);
    const refreshForms = collect<number>((formIds) => {
      for (const formId of formIds) void queryClient.invalidateQueries({ queryKey: ['forms', formId] });
    }, LIVE_FORM_REFRESH_MS);
    const resync = () => {
      refresh();
      // Answers that came while away were missed too; only forms on screen refetch.
      void queryClient.invalidateQueries({ queryKey: ['forms'], refetchType: 'active' });
    };
    const client = createLiveClient({
      url: liveUrl,
      token,
      createSocket: (address) => new WebSocket(address),
      onThreadsChanged: refresh,
      onFormAnswered: refreshForms,
      onResync: resync,
      // A revoked or expired token ends the session at once, as an HTTP 401 does (the deck then shows sign-in).
      onTokenRefused: () => session.expire(),
    });
    const wakeWhenVisible = () => {
      if (document.visibilityState === 'visible') client.wake();
    };
    const wake = () => client.wake();
    document.addEventListener('visibilitychange', wakeWhenVisible);
    window.addEventListener('online', wake);
    client.start();
    // Screens that follow a topic (useLiveTopic) subscribe through this connection.
    setActiveLiveClient(client);
    return () => {
      releaseActiveLiveClient(client);
      document.removeEventListener('visibilitychange', wakeWhenVisible);
      window.removeEventListener('online', wake);
      client.stop();
      refresh.cancel();
      refreshForms.cancel();
    };
  }, [queryClient, session, url, token, registrationPending]);
}

/** useLiveUpdates as an element, for the signed-in shell. */
export function LiveUpdates(): null {
  useLiveUpdates();
  return null;
}
