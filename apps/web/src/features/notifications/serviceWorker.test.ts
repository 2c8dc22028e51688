import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// public/sw.js runs as it is in the browser; here it runs against a stand-in of its global scope.
const source = readFileSync(join(import.meta.dirname, '../../../public/sw.js'), 'utf8');

interface Shown {
  title: string;
  options: { body: string; tag?: string; icon: string; data: { post: { id: number; thread: number }; payload: string } };
  closed: boolean;
}

function startWorker({ windows = [] as Array<{ url: string; navigate?: (url: string) => Promise<unknown> }> } = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: Shown[] = [];
  const log = { badge: [] as number[], opened: [] as string[], navigated: [] as string[], focused: 0 };
  const scope = {
    location: { origin: 'https://patio.test' },
    addEventListener: (type: string, handler: (event: unknown) => void) => listeners.set(type, handler),
    skipWaiting: () => undefined,
    navigator: { setAppBadge: async (count: number) => void log.badge.push(count), clearAppBadge: async () => void log.badge.push(0) },
    registration: {
      showNotification: async (title: string, options: Shown['options']) => {
        shown.push({ title, options, closed: false });
      },
      getNotifications: async () => shown.filter((n) => !n.closed),
    },
    clients: {
      claim: async () => undefined,
      matchAll: async () =>
        windows.map((w) => ({
          url: w.url,
          focus: async () => {
            log.focused++;
            throw new Error('Not allowed to focus a window');
          },
          navigate: w.navigate ?? (async (url: string) => void log.navigated.push(url)),
        })),
      openWindow: async (url: string) => void log.opened.push(url),
    },
  };
  new Function('self', source)(scope);
  const dispatch = async (type: string, event: object) => {
    const waits: Array<Promise<unknown>> = [];
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { dispatch, shown, log };
}

const push = (message: unknown) => ({ data: { json: () => message, text: () => JSON.stringify(message) } });
const message = { title: 'Circular 12', body: 'Salida pedagógica el viernes', payload: '{"kind":"post"}', post: { id: 41, thread: 7 } };

describe('service worker', () => {
  it('shows a push as a notification tagged by its post, and counts it on the badge', async () => {
    const { dispatch, shown, log } = startWorker();
    await dispatch('push', push(message));
    await dispatch('push', push({ ...message, post: { id: 42, thread: 8 } }));
    expect(shown[0]).toEqual({
      title: 'Circular 12',
      options: { body: 'Salida pedagógica el viernes', tag: 'post-41', icon: '/favicon.svg', data: { post: { id: 41, thread: 7 }, payload: '{"kind":"post"}' } },
      closed: false,
    });
    expect(log.badge).toEqual([1, 2]);
  });

  it('opens the thread in a window of the site on a click, even when focusing is refused', async () => {
    const { dispatch, log } = startWorker({ windows: [{ url: 'https://other.test/' }, { url: 'https://patio.test/inbox' }] });
    const notification = { data: { post: { id: 41, thread: 7 } }, closed: false, close() { this.closed = true; } };
    await dispatch('notificationclick', { notification });
    expect(notification.closed).toBe(true);
    expect(log.focused).toBe(1);
    expect(log.navigated).toEqual(['https://patio.test/threads/feed/7']);
    expect(log.opened).toEqual([]);
  });

  it('opens a new window when there is none, or it cannot be navigated', async () => {
    const none = startWorker();
    await none.dispatch('notificationclick', { notification: { data: { post: { id: 1, thread: 3 } }, close() {} } });
    expect(none.log.opened).toEqual(['https://patio.test/threads/feed/3']);
    const uncontrolled = startWorker({ windows: [{ url: 'https://patio.test/', navigate: () => Promise.reject(new TypeError('not controlled')) }] });
    await uncontrolled.dispatch('notificationclick', { notification: { data: { post: { id: 1, thread: 3 } }, close() {} } });
    expect(uncontrolled.log.opened).toEqual(['https://patio.test/threads/feed/3']);
  });

  it('opens the path a notice about no post names (the bus map), never another site', async () => {
    const { dispatch, shown, log } = startWorker();
    await dispatch('push', push({ title: 'Ruta 1', body: 'El bus llega en 5 min', payload: '{}', url: '/transport/routes/4/map' }));
    await dispatch('push', push({ title: 'Ruta 1', body: 'Otro sitio', payload: '{}', url: '//evil.test/' }));
    expect(shown.map((n) => (n.options.data as { url?: string }).url)).toEqual(['/transport/routes/4/map', undefined]);
    await dispatch('notificationclick', { notification: { data: shown[0]!.options.data, close() {} } });
    await dispatch('notificationclick', { notification: { data: shown[1]!.options.data, close() {} } });
    expect(log.opened).toEqual(['https://patio.test/transport/routes/4/map', 'https://patio.test/inbox']);
  });
});
