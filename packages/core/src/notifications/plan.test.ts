import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../schemas/notifications';
import { planDeliveries } from './plan';
import { nextDailyTime, quietHoursEnd } from './schedule';

const BOGOTA = 'America/Bogota'; // UTC-5, no daylight saving
const at = (iso: string) => Date.parse(iso) / 1000;

const person = (settings: Partial<NotificationSettings> = {}) => ({
  settings: { ...DEFAULT_NOTIFICATION_SETTINGS, ...settings },
  hasEmail: true,
  hasMobile: true,
  devices: [
    { uuid: 'phone', channel: 'android' as const },
    { uuid: 'laptop', channel: 'web' as const },
  ],
});

describe('quiet hours', () => {
  const night = { start: '22:00', end: '06:30' };
  it('hold a delivery until they end, across midnight, in the school zone', () => {
    expect(quietHoursEnd(at('2026-11-27T23:30:00-05:00'), night, BOGOTA)).toBe(at('2026-11-28T06:30:00-05:00'));
    expect(quietHoursEnd(at('2026-11-28T02:00:00-05:00'), night, BOGOTA)).toBe(at('2026-11-28T06:30:00-05:00'));
    expect(quietHoursEnd(at('2026-11-28T06:30:00-05:00'), night, BOGOTA)).toBeNull();
    expect(quietHoursEnd(at('2026-11-28T21:59:00-05:00'), night, BOGOTA)).toBeNull();
  });
  it('within one day, and none when start equals end', () => {
    expect(quietHoursEnd(at('2026-11-27T13:00:00-05:00'), { start: '12:00', end: '14:00' }, BOGOTA)).toBe(at('2026-11-27T14:00:00-05:00'));
    expect(quietHoursEnd(at('2026-11-27T11:00:00-05:00'), { start: '12:00', end: '14:00' }, BOGOTA)).toBeNull();
    expect(quietHoursEnd(at('2026-11-27T13:00:00-05:00'), { start: '12:00', end: '12:00' }, BOGOTA)).toBeNull();
  });
  it('follow a daylight-saving change (Madrid, last Sunday of October)', () => {
    // 22:00 CEST (+02) on 24 Oct 2026 to 07:00 CET (+01) on 25 Oct.
    expect(quietHoursEnd(at('2026-10-24T22:30:00+02:00'), { start: '22:00', end: '07:00' }, 'Europe/Madrid')).toBe(at('2026-10-25T07:00:00+01:00'));
  });
});

describe('daily digest time', () => {
  it('is today when still ahead, else tomorrow', () => {
    expect(nextDailyTime(at('2026-11-27T10:00:00-05:00'), '18:00', BOGOTA)).toBe(at('2026-11-27T18:00:00-05:00'));
    expect(nextDailyTime(at('2026-11-27T18:00:01-05:00'), '18:00', BOGOTA)).toBe(at('2026-11-28T18:00:00-05:00'));
  });
});

describe('planDeliveries', () => {
  const noon = at('2026-11-27T12:00:00-05:00');
  it('defaults: email and every device now, no SMS', () => {
    expect(planDeliveries(person(), 'circular', noon, BOGOTA)).toEqual([
      { channel: 'email', device: null, digest: false, notBefore: noon },
      { channel: 'android', device: 'phone', digest: false, notBefore: noon },
      { channel: 'web', device: 'laptop', digest: false, notBefore: noon },
    ]);
  });
  it('a channel off for a type, on for another; SMS only with a mobile number', () => {
    const settings = { channels: { ...DEFAULT_NOTIFICATION_SETTINGS.channels, sms: true }, types: { news: { web: false, email: false } } };
    expect(planDeliveries(person(settings), 'news', noon, BOGOTA).map((d) => d.channel)).toEqual(['sms', 'android']);
    expect(planDeliveries({ ...person(settings), hasMobile: false, hasEmail: false }, 'circular', noon, BOGOTA).map((d) => d.channel)).toEqual(['android', 'web']);
  });
  it('quiet hours and the digest hold everything but urgent notices', () => {
    const settings = { quietHours: { start: '11:00', end: '13:00' }, digest: true };
    const held = planDeliveries(person(settings), 'circular', noon, BOGOTA);
    expect(held.find((d) => d.channel === 'email')).toEqual({ channel: 'email', device: null, digest: true, notBefore: at('2026-11-27T18:00:00-05:00') });
    expect(held.find((d) => d.channel === 'android')?.notBefore).toBe(at('2026-11-27T13:00:00-05:00'));
    const urgent = planDeliveries(person(settings), 'urgent_notice', noon, BOGOTA);
    expect(urgent.every((d) => d.notBefore === noon && !d.digest)).toBe(true);
  });
});
