import { afterEach, describe, expect, it } from 'vitest';
import { closeNotificationsOfReadThreads, showUnreadOnBadge } from './appBadge';

type BadgeNavigator = Navigator & { setAppBadge?: unknown; clearAppBadge?: unknown };

describe('app badge', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'setAppBadge');
    Reflect.deleteProperty(navigator, 'clearAppBadge');
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('shows the unread count, clears it at zero, and does nothing where badges do not exist', async () => {
    const seen: Array<number | 'clear'> = [];
    await showUnreadOnBadge(3);
    Object.assign(navigator as BadgeNavigator, { setAppBadge: async (n: number) => void seen.push(n), clearAppBadge: async () => void seen.push('clear') });
    await showUnreadOnBadge(4);
    await showUnreadOnBadge(0);
    expect(seen).toEqual([4, 'clear']);
  });

  it('closes the notifications of read threads only', async () => {
    const closed: number[] = [];
    const shown = [7, 8].map((thread) => ({ data: { post: { id: thread * 10, thread } }, close: () => void closed.push(thread) }));
    const registration = { getNotifications: async () => shown };
    Object.defineProperty(navigator, 'serviceWorker', { value: { getRegistration: async () => registration }, configurable: true });
    await closeNotificationsOfReadThreads((thread) => thread === 8);
    expect(closed).toEqual([8]);
  });
});
