// The service worker side of the journey. Headless Chromium cannot reach a push service, so a push
// is handed to /sw.js through the DevTools protocol, as the browser would hand over one from the
// server, and a click on a notification is a NotificationEvent dispatched inside the worker.
import { expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import type { PushMessage } from '../../packages/core/src/schemas/notifications';

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

/** The notifications /sw.js shows right now, as the page's registration lists them. */
export async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
}

/** Registers /sw.js from the page (as the app does before subscribing) and waits for it to be active. */
export async function registerServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
}

/** Delivers `message` to the origin's service worker as a push from the push service would arrive. */
export async function deliverPush(context: BrowserContext, page: Page, origin: string, message: PushMessage): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  const scope = `${origin}/`;
  await expect.poll(() => registrations.get(scope), { message: `a service worker registration for ${scope}` }).toBeTruthy();
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registrations.get(scope)!, data: JSON.stringify(message) });
  await cdp.detach();
}

/** The context's service worker (Playwright reports it once it has started). */
export async function serviceWorkerOf(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? context.waitForEvent('serviceworker');
}

/**
 * Clicks the notification tagged `tag` the way the browser would: a `notificationclick` on the
 * worker's global scope carrying that very notification.
 */
export async function clickNotification(worker: Worker, tag: string): Promise<void> {
  const found = await worker.evaluate(async (wanted) => {
    // Typed by hand: e2e compiles with the DOM library, not the WebWorker one.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) return false;
    // A synthetic event may not extend its lifetime: the handler's waitUntil throws after it has
    // started the navigation, which is what the journey checks.
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    return true;
  }, tag);
  expect(found, `a notification tagged ${tag}`).toBe(true);
}
