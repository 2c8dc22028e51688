import { useSyncExternalStore } from 'react';

export interface RequestCounter {
  get(): number;
  subscribe(listener: () => void): () => void;
}

/** True while any counted request runs. */
export function useRequestsInFlight(counter: RequestCounter): boolean {
  return useSyncExternalStore(counter.subscribe, () => counter.get() > 0);
}
