import { SERVICE_WORKER_URL } from '../../app/platform/serviceWorker';
import type { PushCapability, PushState } from './pushCapability';

// Web Push for browsers and the installed PWA: the token is the subscription's JSON (endpoint and
// keys), which the server hands to web-push with its VAPID key pair.

/** base64url (as the server sends the VAPID key) to bytes, the form every browser accepts. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return true; // a browser that does not report the key: trust the subscription it has
  const left = new Uint8Array(a);
  return left.length === b.length && left.every((byte, i) => byte === b[i]);
}

function isSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof Notification !== 'undefined';
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Subscribes (silently: permission is already granted), replacing a subscription made with another server key. */
async function subscribe(vapidKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  // Subscribing needs an active worker; `ready` waits for the one just registered to take over.
  const registration = await navigator.serviceWorker.ready;
  const key = base64UrlToBytes(vapidKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options?.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The browser's push capability; `readVapidKey` answers the server's public key (null: push is off on the server). */
export function createWebPushTokenSource(readVapidKey: () => Promise<string | null>): PushCapability {
  return {
    async getToken() {
      // Sign-in never prompts: without an earlier yes there is no token.
      if (!isSupported() || Notification.permission !== 'granted') return null;
      const key = await readVapidKey();
      if (!key) return null;
      return JSON.stringify(await subscribe(key));
    },

    async unsubscribe() {
      if (!isSupported()) return;
      await (await currentSubscription())?.unsubscribe();
    },

    async state(): Promise<PushState> {
      if (!isSupported()) return 'unsupported';
      if (Notification.permission === 'denied') return 'blocked';
      if (Notification.permission !== 'granted') return 'off';
      return (await currentSubscription()) ? 'on' : 'off';
    },

    async requestPermission(): Promise<PushState> {
      if (!isSupported()) return 'unsupported';
      const answer = await Notification.requestPermission();
      if (answer === 'denied') return 'blocked';
      return answer === 'granted' ? 'on' : 'off';
    },
  };
}
