import { describe, expect, it } from 'vitest';
import type { CapacitorPushPlugin, NativePushPermission } from '../../app/platform/capacitor';
import { createNativePushTokenSource, NATIVE_PUSH_KEY } from './nativePushTokenSource';

function fakePlugin(receive: NativePushPermission['receive'], answer: NativePushPermission['receive'] = 'granted') {
  const handlers = new Map<string, (value: unknown) => void>();
  const log = { registered: 0, unregistered: 0, asked: 0 };
  const plugin: CapacitorPushPlugin = {
    checkPermissions: async () => ({ receive }),
    requestPermissions: async () => {
      log.asked++;
      return { receive: answer };
    },
    register: async () => {
      log.registered++;
      handlers.get('registration')?.({ value: 'fcm-token-1' });
    },
    unregister: async () => void log.unregistered++,
    addListener: (event: string, handler: (value: never) => void) => {
      handlers.set(event, handler as (value: unknown) => void);
      return { remove: () => void handlers.delete(event) };
    },
  };
  return { plugin, log };
}

describe('native push token source', () => {
  it('hands over the FCM/APNs token of the registration event when permission was given', async () => {
    const { plugin, log } = fakePlugin('granted');
    const source = createNativePushTokenSource(plugin, localStorage);
    expect(await source.getToken()).toBe('fcm-token-1');
    expect(await source.state()).toBe('on');
    await source.unsubscribe();
    expect(log.unregistered).toBe(1);
    expect(localStorage.getItem(NATIVE_PUSH_KEY)).toBeNull();
    expect(await source.state()).toBe('off');
  });

  it('neither asks nor registers at sign-in without permission', async () => {
    const { plugin, log } = fakePlugin('prompt');
    const source = createNativePushTokenSource(plugin, localStorage);
    expect(await source.getToken()).toBeNull();
    expect(log).toEqual({ registered: 0, unregistered: 0, asked: 0 });
  });

  it('reports a refusal as blocked', async () => {
    const { plugin } = fakePlugin('prompt', 'denied');
    expect(await createNativePushTokenSource(plugin, localStorage).requestPermission()).toBe('blocked');
  });
});
