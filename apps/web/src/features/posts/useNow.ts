import { useSyncExternalStore } from 'react';

export const MINUTE_MS = 60_000;

// One shared clock for every date on screen: relative dates ("hace 3 minutos") move on each minute.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((notify) => notify()), MINUTE_MS / 2);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The current minute: stable between calls within it, as a store snapshot must be. */
const currentMinute = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;

/** Now, to the minute, re-rendering the caller when the minute changes. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, currentMinute, currentMinute);
}
