import { afterEach, describe, expect, it } from 'vitest';
import { base64UrlToBytes, createWebPushTokenSource } from './webPushTokenSource';
import { removePushBrowser, stubPushBrowser } from './notifications.fixtures';

const KEY = 'AQIDBAUG-_8';

describe('web push token source', () => {
  afterEach(removePushBrowser);

  it('gives no token and never prompts without an earlier permission', async () => {
    const browser = stubPushBrowser({ permission: 'default' });
    const source = createWebPushTokenSource(async () => KEY);
    expect(await source.getToken()).toBeNull();
    expect(browser.permission).toBe('default');
    expect(browser.subscribed).toBe(0);
    expect(await source.state()).toBe('off');
  });

  it('gives no token where service workers do not exist', async () => {
    const source = createWebPushTokenSource(async () => KEY);
    expect(await source.getToken()).toBeNull();
    expect(await source.state()).toBe('unsupported');
  });

  it('subscribes silently with permission and gives the subscription as JSON', async () => {
    const browser = stubPushBrowser({ permission: 'granted' });
    const source = createWebPushTokenSource(async () => KEY);
    const token = await source.getToken();
    expect(JSON.parse(token!)).toEqual({ endpoint: 'https://push.example/abc', expirationTime: null, keys: { p256dh: 'BPub', auth: 'Auth' } });
    expect(browser.subscribeOptions).toEqual({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(KEY) });
    expect(await source.state()).toBe('on');
    // The same subscription is handed over again, not a new one.
    await source.getToken();
    expect(browser.subscribed).toBe(1);
  });

  it('gives no token when the server has no VAPID key', async () => {
    stubPushBrowser({ permission: 'granted' });
    expect(await createWebPushTokenSource(async () => null).getToken()).toBeNull();
  });

  it('reads base64url keys', () => {
    expect([...base64UrlToBytes(KEY)]).toEqual([1, 2, 3, 4, 5, 6, 251, 255]);
  });
});
