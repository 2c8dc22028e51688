import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveTopicMessage } from '@patio/core/schemas/live';
import type { LiveClient, LiveTopicOptions } from './liveClient';

// The signed-in shell's live connection (useLiveUpdates), reachable from any screen that follows a
// topic. There is one per tab; while signed out, or while a registration awaits approval, none.

let active: LiveClient | null = null;
const listeners = new Set<() => void>();

/** useLiveUpdates hands its client over here while it runs. */
export function setActiveLiveClient(client: LiveClient): void {
  if (client === active) return;
  active = client;
  for (const listener of [...listeners]) listener();
}

/** `client` stopped: screens lose it (unless another took its place already). */
export function releaseActiveLiveClient(client: LiveClient): void {
  if (client !== active) return;
  active = null;
  for (const listener of [...listeners]) listener();
}

function watchActive(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const activeClient = () => active;

/**
 * Receives the events of `topic` (e.g. `routeTopicName(routeId)`, `transport/routes/12`) while the
 * component is mounted and `topic` is not null. `onSubscribed` runs each time the server follows the
 * topic (first time and after every reconnect: refetch what may have been missed); `onError` when it
 * refuses it. Without a live connection nothing arrives, so a screen keeps a slow fallback refresh.
 * The handlers may change on every render; only a new topic subscribes again.
 */
export function useLiveTopic(topic: string | null, onMessage: (message: LiveTopicMessage) => void, options: LiveTopicOptions = {}): void {
  const client = useSyncExternalStore(watchActive, activeClient, activeClient);
  const latest = useRef({ onMessage, ...options });
  useEffect(() => {
    latest.current = { onMessage, ...options };
  });
  useEffect(() => {
    if (!client || topic === null) return undefined;
    return client.subscribe(topic, (message) => latest.current.onMessage(message), {
      onSubscribed: () => latest.current.onSubscribed?.(),
      onError: (refusal) => latest.current.onError?.(refusal),
    });
  }, [client, topic]);
}
