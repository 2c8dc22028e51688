import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@patio/core/schemas/notifications';
import { POST_TYPES } from '../postTypes/postTypes.fixtures';

export { signedIn } from '../postTypes/postTypes.fixtures';

/** What GET people/3/settings/notifications and GET post-types answer unless a test says otherwise. */
export const settingsRoutes = (settings: NotificationSettings = DEFAULT_NOTIFICATION_SETTINGS) => ({
  'GET people/3/settings/notifications': { body: settings },
  'GET post-types': { body: POST_TYPES },
});

/** A subscription as PushManager hands it over: JSON.stringify reads its toJSON. */
export function fakeSubscription(endpoint = 'https://push.example/abc') {
  const json = { endpoint, expirationTime: null, keys: { p256dh: 'BPub', auth: 'Auth' } };
  return { ...json, options: { applicationServerKey: null }, toJSON: () => json, unsubscribe: async () => true };
}

type Permission = 'default' | 'granted' | 'denied';

type Subscription = ReturnType<typeof fakeSubscription>;

/** A browser with service workers and Notification; `answer` is what the permission prompt says. */
export function stubPushBrowser({ permission = 'default' as Permission, answer = 'granted' as Permission, subscribedAlready = false, pushServiceRefuses = false } = {}) {
  const state = { permission, subscription: null as Subscription | null, subscribed: 0, unsubscribed: 0, registered: [] as string[], subscribeOptions: null as unknown };
  const subscription = (): Subscription => ({
    ...fakeSubscription(),
    unsubscribe: async () => {
      state.unsubscribed++;
      state.subscription = null;
      return true;
    },
  });
  if (subscribedAlready) state.subscription = subscription();
  const Notification = {
    get permission() {
      return state.permission;
    },
    requestPermission: async () => {
      state.permission = answer;
      return answer;
    },
  };
  const pushManager = {
    getSubscription: async () => state.subscription,
    subscribe: async (options: unknown) => {
      // What headless Chromium answers without a reachable push service.
      if (pushServiceRefuses) throw new DOMException('Registration failed - push service error', 'AbortError');
      state.subscribed++;
      state.subscribeOptions = options;
      state.subscription = subscription();
      return state.subscription;
    },
  };
  const registration = { pushManager, getNotifications: async () => [] };
  const serviceWorker = {
    register: async (url: string) => {
      state.registered.push(url);
      return registration;
    },
    ready: Promise.resolve(registration),
    getRegistration: async () => registration,
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  (globalThis as { Notification?: unknown }).Notification = Notification;
  return state;
}

/** Back to a browser without them (happy-dom has neither). */
export function removePushBrowser(): void {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(globalThis, 'Notification');
}
