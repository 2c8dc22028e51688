import { useEffect } from 'react';

/**
 * Keeps the phone's screen on while `active` (Screen Wake Lock API, where the browser has it): a
 * browser stops reporting the position when the screen locks. The lock is taken again when the page
 * becomes visible, as browsers release it whenever it is hidden.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } }).wakeLock;
    if (!active || !wakeLock) return undefined;
    let sentinel: { release(): Promise<void> } | null = null;
    let current = true;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((lock) => {
          if (current) sentinel = lock;
          else void lock.release();
        })
        .catch(() => undefined);
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      current = false;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release().catch(() => undefined);
    };
  }, [active]);
}
