import type { PushMessage } from '@patio/core';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { createPushSender, pushSenderFor, type PushPlatform } from './push-sender';

const message: PushMessage = { title: 't', body: 'b', payload: '{}', post: { id: 1, thread: 1 } };

function recordingLog() {
  const warnings: object[] = [];
  return { warnings, log: { info: () => undefined, warn: (obj: object) => warnings.push(obj), error: () => undefined } };
}

describe('pushSenderFor', () => {
  it('answers platform_not_configured for apps without a push service, and says so once per platform', async () => {
    const { warnings, log } = recordingLog();
    const sender = createPushSender({ dataDir: '/nonexistent' } as AppConfig, log);
    for (const platform of ['android', 'ios', 'android'] as PushPlatform[]) {
      expect(await sender.send({ platform, token: 'token' }, message, { idempotencyKey: 'k' })).toEqual({ ok: false, gone: false, retry: false, reason: 'platform_not_configured' });
    }
    // A second sender (another test app) does not repeat it either. The record is the process's, so an
    // earlier test file in this worker may already have said it: at most once per platform, never again.
    const other = createPushSender({ dataDir: '/nonexistent' } as AppConfig, log);
    await other.send({ platform: 'ios', token: 'token' }, message, { idempotencyKey: 'k' });
    const platforms = warnings.map((w) => (w as { platform: string }).platform);
    expect(new Set(platforms).size).toBe(platforms.length);
    expect(platforms.every((p) => p === 'android' || p === 'ios')).toBe(true);
    const said = warnings.length;
    await other.send({ platform: 'android', token: 'token' }, message, { idempotencyKey: 'k' });
    await sender.send({ platform: 'ios', token: 'token' }, message, { idempotencyKey: 'k' });
    expect(warnings).toHaveLength(said);
  });

  it('refuses an unknown platform without forgetting the device', async () => {
    const { log } = recordingLog();
    const sender = createPushSender({ dataDir: '/nonexistent' } as AppConfig, log);
    expect(await sender.send({ platform: 'toString' as PushPlatform, token: 't' }, message, { idempotencyKey: 'k' })).toEqual({ ok: false, gone: false, retry: false, reason: 'unknown_platform' });
  });

  it('keeps one sender per config', () => {
    const { log } = recordingLog();
    const config = { dataDir: '/nonexistent' } as AppConfig;
    expect(pushSenderFor(config, log)).toBe(pushSenderFor(config, log));
    expect(pushSenderFor({ ...config }, log)).not.toBe(pushSenderFor(config, log));
  });
});
