import { expect, test, type CDPSession, type Page } from '../support/test';
import type { NotificationSettings, PushMessage } from '../../packages/core/src/schemas/notifications';
import { callApi, openSignedIn, personIdOf, sessionTokenOf } from '../posts/people-and-api';
import { capture } from '../posts/screens';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/journey';
import { PHONE } from '../support/screenshots';
import { fill, texts } from '../support/texts';
import { browserSection, channelSwitch, expectSaved, openNotificationSettings, openTypeSwitch } from './screens';
import { startPushReceiver } from './push-receiver';
import { clickNotification, deliverPush, registerServiceWorker, serviceWorkerOf, shownNotifications } from './service-worker';

const es = texts.es;
const ns = es.notificationSettings;

const CIRCULAR = {
  title: 'Cambio de horario por jornada pedagógica',
  text: 'El viernes la salida es a las 11:30 a. m. por la jornada pedagógica de docentes.',
};

test('a parent chooses how Patio notifies them, turns on this browser and opens a teacher’s post from a push; blocked and unsupported browsers say why', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;

  // An earlier journey may have left the demo parent in English; their own language wins after sign-in.
  const parentApiToken = await apiToken(base, 'demo', 'parent');
  const parentId = personIdOf(parentApiToken);
  expect((await callApi(base, 'demo', parentApiToken, 'PATCH', `people/${parentId}`, { language: 'es' })).status).toBe(200);
  const settingsPath = `people/${parentId}/settings/notifications`;
  const before = (await callApi(base, 'demo', parentApiToken, 'GET', settingsPath)).body as NotificationSettings;

  // ── 1. On their phone the parent turns SMS on and email off for news; both survive a reload ────
  const parent = await openSignedIn(browser, 'demo', 'parent', PHONE);
  const pp = parent.page;
  await openNotificationSettings(pp);
  await expect(channelSwitch(pp, 'sms')).not.toBeChecked();
  await channelSwitch(pp, 'sms').check();
  await expectSaved(pp);
  const newsEmail = await openTypeSwitch(pp, 'news', 'email');
  await expect(newsEmail).toBeChecked();
  await newsEmail.uncheck();
  // The closed row of the kind says where it differs from the general switches.
  await expect(pp.getByTestId('type-news')).toContainText(fill(ns.types.changed, { channels: ns.channels.email }));
  await expectSaved(pp);

  await pp.reload();
  await expect(channelSwitch(pp, 'sms')).toBeChecked();
  await expect(channelSwitch(pp, 'email')).toBeChecked();
  await expect(await openTypeSwitch(pp, 'news', 'email')).not.toBeChecked();
  // What the server keeps, read with the token this browser holds.
  const parentToken = await sessionTokenOf(pp);
  const kept = await callApi(base, 'demo', parentToken, 'GET', settingsPath);
  expect(kept.status).toBe(200);
  expect(kept.body).toMatchObject({ channels: { ...before.channels, sms: true }, types: { news: { email: false } } });

  await expectNoSeriousA11yViolations(pp, '/settings/notifications with a kind of post open');
  await capture(pp, 'notifications-types', pp.getByTestId('type-news'));

  // ── 2. "Este navegador": permission is granted, but headless Chromium has no push service ─────
  await parent.context.grantPermissions(['notifications'], { origin: base });
  await pp.reload();
  const device = browserSection(pp);
  await expect(device.getByTestId('push-state')).toHaveText(ns.device.off.browser);
  await device.getByRole('button', { name: ns.device.turnOn.browser }).click();
  const turnedOn = device.getByTestId('push-state').filter({ hasText: ns.device.on.browser });
  const refused = device.getByText(ns.device.failed.subscribe, { exact: true });
  await expect(turnedOn.or(refused)).toBeVisible({ timeout: 20_000 });
  if (await refused.isVisible()) {
    // Headless Chromium refuses the subscription ("AbortError: Registration failed - permission
    // denied"): the failure is said plainly and the browser is still off, ready to try again.
    test.info().annotations.push({ type: 'push subscription', description: 'refused by this browser; the push is delivered through DevTools below' });
    await expect(device.getByTestId('push-state')).toHaveText(ns.device.off.browser);
    await expect(device.getByRole('button', { name: ns.device.turnOn.browser })).toBeEnabled();
  }
  await expectNoSeriousA11yViolations(pp, '/settings/notifications after turning this browser on');
  await capture(pp, 'notifications-browser', device);

  // ── 3. The teacher sends the parent a circular; the server's push reaches /sw.js and shows once ──
  // The parent's browser subscription, at a push service the journey runs (see push-receiver.ts).
  const receiver = await startPushReceiver();
  const deviceUuid = 'e2e-push-receiver';
  const registered = await callApi(base, 'demo', parentToken, 'POST', `people/${parentId}/devices`, { token: receiver.token, platform: 'web', model: 'Chromium', uuid: deviceUuid });
  expect(registered.status).toBe(201);
  const teacherToken = await apiToken(base, 'demo', 'teacher');
  const sent = await callApi(base, 'demo', teacherToken, 'POST', `people/${personIdOf(teacherToken)}/posts/sent`, {
    type: 'circular',
    title: CIRCULAR.title,
    description: `<p>${CIRCULAR.text}</p>`,
    audience: { people: [parentId], rules: null, relatives: false },
  });
  expect(sent.status).toBe(201);
  const post = sent.body as { id: number; thread: number };
  // The parent can read the very post the push names.
  expect((await callApi(base, 'demo', parentToken, 'GET', `posts/${post.id}`)).status).toBe(200);
  // The server fans out, encrypts for the subscription and signs with its VAPID key (spec §3 Notification).
  await expect.poll(() => receiver.received.length, { message: "the server's push reaches the parent's push service", timeout: 20_000 }).toBe(1);
  const pushed = receiver.received[0]!;
  expect(pushed.authorization).toMatch(/^vapid t=.+, k=.+$/);
  const message = pushed.message as PushMessage;
  expect(message).toEqual({ title: CIRCULAR.title, body: CIRCULAR.text, payload: expect.any(String), post: { id: post.id, thread: post.thread } });
  expect(JSON.parse(message.payload)).toMatchObject({ type: 'circular', postId: post.id, threadId: post.thread });
  expect((await callApi(base, 'demo', parentToken, 'DELETE', `people/${parentId}/devices/${deviceUuid}`)).status).toBe(204);
  await receiver.close();

  // Turning on registered /sw.js before asking for a subscription; register it if that changes.
  if ((await pp.evaluate(() => navigator.serviceWorker.getRegistration())) === undefined) await registerServiceWorker(pp);
  await pp.evaluate(() => navigator.serviceWorker.ready);
  const tag = `post-${post.id}`;
  // A push handed to a worker that is still starting can be dropped on a loaded machine (the push
  // service would resend); deliver again until it shows: the tag makes a repeat replace, not add.
  for (let attempt = 0; attempt < 3 && !(await shownNotifications(pp)).some((n) => n.tag === tag); attempt++) {
    await deliverPush(parent.context, pp, base, message);
    await expect.poll(async () => (await shownNotifications(pp)).length, { timeout: 5000 }).toBe(1).catch(() => undefined);
  }
  await expect.poll(() => shownNotifications(pp), { message: 'the notification /sw.js shows' }).toEqual([
    { title: CIRCULAR.title, body: CIRCULAR.text, tag, data: { post: message.post, payload: message.payload } },
  ]);
  // A second push about the same post replaces the notification instead of adding one.
  await deliverPush(parent.context, pp, base, { ...message, body: `${CIRCULAR.text} (actualizado)` });
  await expect.poll(async () => (await shownNotifications(pp)).map((n) => [n.tag, n.body])).toEqual([[tag, `${CIRCULAR.text} (actualizado)`]]);

  // ── 4. Clicking it brings the app to the post's thread ───────────────────────────────────────
  await clickNotification(await serviceWorkerOf(parent.context), tag);
  await expect(pp).toHaveURL(new RegExp(`/threads/feed/${post.thread}$`));
  await expect(pp.getByRole('article', { name: CIRCULAR.title }).first()).toContainText(CIRCULAR.text);
  await expect.poll(() => shownNotifications(pp), { message: 'the clicked notification is closed' }).toEqual([]);

  // ── 5. A browser without service workers, and one where notifications are blocked (spec §8) ───
  const unsupported = await openSignedIn(browser, 'demo', 'parent', PHONE);
  await unsupported.context.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'serviceWorker');
  });
  await openNotificationSettings(unsupported.page);
  const noWorker = browserSection(unsupported.page);
  await expect(noWorker.getByTestId('push-unsupported')).toHaveText(es.push.serviceWorkerUnsupported);
  await expect(noWorker).toContainText(es.push.unsupportedHint);
  await expect(noWorker.getByRole('button', { name: ns.device.turnOn.browser })).toHaveCount(0);
  await unsupported.context.close();

  const blocked = await openSignedIn(browser, 'demo', 'parent', PHONE);
  const blocking = await denyNotifications(blocked.page, base);
  await openNotificationSettings(blocked.page);
  const denied = browserSection(blocked.page);
  await expect(denied.getByTestId('push-denied')).toHaveText(es.push.permissionDenied);
  await expect(denied).toContainText(es.push.deniedHint.browser);
  await expect(denied.getByRole('button', { name: ns.device.turnOn.browser })).toHaveCount(0);
  await expectNoSeriousA11yViolations(blocked.page, '/settings/notifications with notifications blocked');
  await capture(blocked.page, 'notifications-blocked', denied);
  await blocked.context.close();
  await blocking.detach();

  // ── 6. The whole screen at both widths, then the parent's settings as they were ───────────────
  await openNotificationSettings(pp);
  await expectNoSeriousA11yViolations(pp, '/settings/notifications');
  await capture(pp, 'notifications-settings');
  await parent.context.close();
  expect((await callApi(base, 'demo', parentApiToken, 'PUT', settingsPath, before)).status).toBe(200);
});

/**
 * Blocks notifications for `origin` in the page's own browser context, as a person would in the site
 * settings. Chromium drops the override when the session that set it detaches: detach it only after
 * the check.
 */
async function denyNotifications(page: Page, origin: string): Promise<CDPSession> {
  const pageSession = await page.context().newCDPSession(page);
  const { targetInfo } = await pageSession.send('Target.getTargetInfo');
  await pageSession.detach();
  const browserSession = await page.context().browser()!.newBrowserCDPSession();
  await browserSession.send('Browser.setPermission', {
    permission: { name: 'notifications' },
    setting: 'denied',
    origin,
    browserContextId: targetInfo.browserContextId,
  });
  return browserSession;
}
