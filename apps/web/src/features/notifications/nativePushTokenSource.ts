import type { CapacitorPushPlugin, NativePushPermission } from '../../app/platform/capacitor';
import type { PushCapability, PushState } from './pushCapability';

/** Set while this install's FCM/APNs token is registered with the school (logout clears storage with it). */
export const NATIVE_PUSH_KEY = 'patio.push.native';

/** How long the plugin may take to hand over a token before sign-in goes on without one. */
const REGISTRATION_TIMEOUT_MS = 15_000;

function stateOf(permission: NativePushPermission): PushState {
  if (permission.receive === 'granted') return 'on';
  return permission.receive === 'denied' ? 'blocked' : 'off';
}

/** Registers with FCM/APNs and waits for the token of the 'registration' event. */
function registerForToken(plugin: CapacitorPushPlugin): Promise<string | null> {
  return new Promise((resolve) => {
    const handles: Array<Promise<{ remove(): void | Promise<void> }>> = [];
    const finish = (token: string | null) => {
      clearTimeout(timer);
      handles.forEach((handle) => void handle.then((h) => h.remove()));
      resolve(token);
    };
    const timer = setTimeout(() => finish(null), REGISTRATION_TIMEOUT_MS);
    handles.push(Promise.resolve(plugin.addListener('registration', (token) => finish(token.value))));
    handles.push(Promise.resolve(plugin.addListener('registrationError', () => finish(null))));
    plugin.register().catch(() => finish(null));
  });
}

/** The Android/iOS app's push capability over @capacitor/push-notifications. */
export function createNativePushTokenSource(plugin: CapacitorPushPlugin, storage: Storage): PushCapability {
  return {
    async getToken() {
      if ((await plugin.checkPermissions()).receive !== 'granted') return null;
      const token = await registerForToken(plugin);
      if (token) storage.setItem(NATIVE_PUSH_KEY, '1');
      return token;
    },

    async unsubscribe() {
      storage.removeItem(NATIVE_PUSH_KEY);
      await plugin.unregister?.();
    },

    async state() {
      const state = stateOf(await plugin.checkPermissions());
      return state === 'on' && !storage.getItem(NATIVE_PUSH_KEY) ? 'off' : state;
    },

    async requestPermission() {
      return stateOf(await plugin.requestPermissions());
    },
  };
}
