import type { Settings } from '@patio/core/schemas/org';
import type { ApiClient } from '../../app/api/apiClient';
import { nativePushPlugin } from '../../app/platform/capacitor';
import type { SessionStore } from '../../app/session/sessionStore';
import { createNativePushTokenSource } from './nativePushTokenSource';
import type { PushCapability } from './pushCapability';
import { createWebPushTokenSource } from './webPushTokenSource';

/** The server's VAPID key: from the settings kept in the session, else asked again (older sessions have none). */
async function readVapidKey(api: ApiClient, store: SessionStore): Promise<string | null> {
  const kept = store.getState().settings?.vapidPublicKey;
  if (kept) return kept;
  const settings = await api.get<Settings>('vue/settings');
  return settings.vapidPublicKey || null;
}

/** FCM/APNs through the app's plugin inside the Android/iOS app, Web Push everywhere else. */
export function createPushCapability(api: ApiClient, store: SessionStore, storage: Storage): PushCapability {
  const plugin = nativePushPlugin();
  return plugin ? createNativePushTokenSource(plugin, storage) : createWebPushTokenSource(() => readVapidKey(api, store));
}
