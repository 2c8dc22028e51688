import { isNativeApp } from './capacitor';

// public/sw.js both shows Web Push notifications and keeps the app shell for offline starts. Push
// registers it when the person turns notifications on; registering it at every start as well lets
// anyone who has opened the app once open it again without a network (a roll call in a dead zone).

/** The service worker at the site root: its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the worker once the page has loaded, so its shell download never competes with the first
 * paint. Built apps on the web only: the dev server has no shell, and the mobile app ships its files.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || isNativeApp() || !('serviceWorker' in navigator)) return;
  const register = () => {
    // Without a worker the app still runs online; it is simply not available offline.
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
