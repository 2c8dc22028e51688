import type { ApiClient } from '../api/apiClient';
import { platformName } from '../platform/capacitor';

/** Key of the stable per-install id; it survives logout's storage wipe. */
export const INSTALL_ID_KEY = 'patio.installId';

/**
 * Where the push token comes from. Until the notifications capability provides one, there is none,
 * and the device is not registered: a registration without a real push address would only make the
 * server's fan-out try to deliver to nothing. The notifications capability calls setPushTokenSource.
 */
export interface PushTokenSource {
  getToken(): Promise<string | null>;
  unsubscribe(): Promise<void>;
}

let pushTokens: PushTokenSource = { getToken: async () => null, unsubscribe: async () => {} };

/** Lets the notifications capability plug in Web Push / FCM / APNs. */
export function setPushTokenSource(source: PushTokenSource): void {
  pushTokens = source;
}

export function getPushTokenSource(): PushTokenSource {
  return pushTokens;
}

/** The per-install uuid (created on first use). */
export function getInstallId(storage: Storage): string {
  let id = storage.getItem(INSTALL_ID_KEY);
  if (!id) {
    id = crypto.randomUUID();
    storage.setItem(INSTALL_ID_KEY, id);
  }
  return id;
}

/** POST people/{id}/devices when a push token exists (spec §4); answers whether it registered. */
export async function registerDevice(api: ApiClient, personId: number, storage: Storage): Promise<boolean> {
  const token = await pushTokens.getToken();
  if (!token) return false;
  await api.post(`people/${personId}/devices`, {
    token,
    platform: platformName(),
    model: navigator.userAgent.slice(0, 120),
    uuid: getInstallId(storage),
  });
  return true;
}

/** DELETE people/{id}/devices/{uuid} and push unsubscribe on logout; failures are ignored (spec §4). */
export async function unregisterDevice(api: ApiClient, personId: number, storage: Storage): Promise<void> {
  const uuid = storage.getItem(INSTALL_ID_KEY);
  await Promise.allSettled([
    uuid ? api.delete(`people/${personId}/devices/${encodeURIComponent(uuid)}`) : Promise.resolve(),
    pushTokens.unsubscribe(),
  ]);
}
