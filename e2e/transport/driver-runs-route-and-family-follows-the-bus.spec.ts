import { expect, test, type Page } from '../support/test';
import type { TransportRoute } from '../../packages/core/src/schemas/transport';
import type { NotificationSettings } from '../../packages/core/src/schemas/notifications';
import { openAsPersonNamed } from '../calendar/other-parent';
import { callApi, openSignedIn, personIdOf, sessionTokenOf } from '../posts/people-and-api';
import { capture } from '../posts/screens';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/journey';
import { readMailMatching } from '../support/mailbox';
import { DESKTOP, PHONE } from '../support/screenshots';
import { fill, texts } from '../support/texts';
import { busOf, metersBetween, pointsTowards, type Point } from './drive';
import {
  approachBanner,
  busMarker,
  busPixelsFromPickup,
  createShareLink,
  etaFact,
  etaMinutes,
  routeMap,
  saveApproachAlert,
  templatePattern,
} from './screens';
import { expireShareLink, shareTokenOf } from './share-store';
import { serveDrawnTiles } from './tiles';

const es = texts.es;
const tr = es.transport;

// The demo's Ruta 1 (apps/server/src/db/seed/demo-people.ts): driven by `driver`; the demo parent's
// daughter Valentina gets on at its second stop, Santa Bárbara, two blocks from home.
const ROUTE = 'Ruta 1';
const FIRST_STOP = 'Parque El Chicó (Cra. 7 con Cl. 93)';
const PICKUP = 'Santa Bárbara (Cl. 116 con Cra. 15)';
// The parent wants to hear from the bus 1 km (along the route) before their stop.
const ALERT_METERS = 1000;
// The route's metres are straight lines times 1.27 for the streets (core transport/eta.ts): the bus
// is within the alert 1000 / 1.27 ≈ 787 m in a straight line from the stop. It stops short of that
// by a margin, still well before the stop (its reach radius is 70 m).
const LAST_POINT_BEFORE_STOP_M = 560;
// A parent of 5A whose daughter does not ride (demo families beyond the first four).
const NON_RIDER_PARENT = 'Óscar Torres';
const PARENT_EMAIL = 'andres.gomez@example.com';

/** Live messages of a route's topic that reached a page, by type. */
function liveOfType(frames: string[], type: string, routeId: number): unknown[] {
  return frames.map((frame) => JSON.parse(frame) as { type: string; route?: number; topic?: string }).filter((m) => m.type === type && (m.route === routeId || m.topic === `transport/routes/${routeId}`));
}

/** Collects the live socket's messages of a page from its next load on. */
function listenLive(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname.endsWith('/live')) socket.on('framereceived', ({ payload }) => frames.push(String(payload)));
  });
  return frames;
}

test('a driver runs Ruta 1 from the phone; the family sees the bus come, the ETA fall and the approach alert, shares a link that later expires; families whose children do not ride see nothing', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const base = baseURL!;

  // ── 0. The route as the driver's phone will see it; no run left over; the parent in Spanish ─────
  const driverApiToken = await apiToken(base, 'demo', 'driver');
  const routes = (await callApi(base, 'demo', driverApiToken, 'GET', 'transport/routes')).body as TransportRoute[];
  const planned = routes.find((r) => r.name === ROUTE)!;
  expect(planned, 'the driver drives Ruta 1').toBeTruthy();
  expect(planned.canDrive).toBe(true);
  if (planned.run && planned.run.finishedAt === null) {
    expect((await callApi(base, 'demo', driverApiToken, 'POST', `transport/routes/${planned.id}/runs/${planned.run.id}/finish`)).status).toBe(200);
  }
  const routeId = planned.id;
  const stopAt = (name: string): Point => {
    const stop = planned.stops.find((s) => s.name === name)!;
    return { latitude: stop.lat, longitude: stop.lng };
  };
  const pickupId = planned.stops.find((s) => s.name === PICKUP)!.id;
  const parentApiToken = await apiToken(base, 'demo', 'parent');
  const parentId = personIdOf(parentApiToken);
  expect((await callApi(base, 'demo', parentApiToken, 'PATCH', `people/${parentId}`, { language: 'es' })).status).toBe(200);
  // The parent's approach notices sent so far (none on a fresh server), as administrators see the jobs.
  const adminToken = await apiToken(base, 'demo', 'admin');
  const approachNoticesDone = async () => {
    const jobs = (await callApi(base, 'demo', adminToken, 'GET', 'admin/jobs?state=done&limit=100')).body as { kind: string; topic: string | null; personId: number | null }[];
    return jobs.filter((j) => j.kind === 'notifications.notice' && j.topic === 'bus_approaching' && j.personId === parentId).length;
  };
  const noticesBefore = await approachNoticesDone();

  // ── 1. The parent opens Ruta 1 from the routes list on their phone and asks for an alert at 1 km ─
  const parent = await openSignedIn(browser, 'demo', 'parent', PHONE);
  const pp = parent.page;
  await serveDrawnTiles(parent.context);
  await pp.goto('/transport/routes');
  await expect(pp.getByRole('heading', { name: es.screens.transportRoutes, level: 1 })).toBeVisible();
  const parentCard = pp.getByRole('article', { name: ROUTE });
  await expect(parentCard).toContainText(tr.run.notRunning);
  await expectNoSeriousA11yViolations(pp, '/transport/routes (family)');
  await pp.getByRole('link', { name: fill(tr.routes.openMap, { name: ROUTE }) }).click();
  await expect(pp).toHaveURL(new RegExp(`/transport/routes/${routeId}/map$`));
  await expect(routeMap(pp, ROUTE)).toBeVisible();
  await expect(pp.getByRole('region', { name: tr.status.title, exact: false })).toContainText(tr.run.notRunning);
  await saveApproachAlert(pp, fill(tr.map.myStop, { name: PICKUP }), ALERT_METERS);
  const parentToken = await sessionTokenOf(pp);
  expect((await callApi(base, 'demo', parentToken, 'GET', `transport/routes/${routeId}/alerts`)).body).toEqual({ stopId: pickupId, meters: ALERT_METERS, minutes: null });
  await expect(approachBanner(pp, PICKUP)).toHaveCount(0);

  // ── 2. The driver, at the first stop, opens the tracker from the routes list and starts the run ──
  const driver = await openSignedIn(browser, 'demo', 'driver', PHONE);
  const dp = driver.page;
  await serveDrawnTiles(driver.context);
  await driver.context.grantPermissions(['geolocation'], { origin: base });
  await driver.context.setGeolocation({ ...stopAt(FIRST_STOP), accuracy: 10 });
  await dp.goto('/transport/routes');
  await dp.getByRole('link', { name: fill(tr.routes.openTracker, { name: ROUTE }) }).click();
  await expect(dp).toHaveURL(new RegExp(`/geo/targets/${planned.targetId}$`));
  const runSection = dp.getByRole('region', { name: fill(es.geo.run.titleWithVehicle, { name: ROUTE, vehicle: planned.vehicle }) });
  await expect(runSection.getByRole('status')).toHaveText(tr.run.notRunning);
  const tracking = dp.getByRole('switch', { name: es.geo.tracking.switch });
  await expect(tracking).not.toBeChecked();
  await expect(dp.getByText(es.geo.permission.grantedWhenInUse.title)).toBeVisible();
  await runSection.getByRole('button', { name: es.geo.run.start }).click();
  await expect(runSection.getByRole('status')).toHaveText(templatePattern(tr.run.onTheWaySince));
  await expect(tracking).toBeChecked();
  await expect(dp.getByText(es.geo.tracking.sharing)).toBeVisible();

  // The phone's first fix, at the first stop, is the bus's live position: the stop is reached.
  const driverToken = await sessionTokenOf(dp);
  const bus = busOf(driver.context, base, driverToken, routeId);
  await bus.moveTo(stopAt(FIRST_STOP));
  await expect(dp.getByText(templatePattern(es.geo.tracking.lastSent))).toBeVisible();
  await expect(dp.getByText(fill(es.geo.tracking.accuracy, { meters: '10' }))).toBeVisible();

  // ── 3. On the parent's map the bus appears, the first stop is passed and an ETA shows ────────────
  await expect(pp.getByRole('region', { name: tr.status.title, exact: false })).toContainText(templatePattern(tr.run.onTheWaySince, { anchored: false }));
  await expect(busMarker(pp, ROUTE)).toBeVisible();
  await expect(pp.getByRole('region', { name: tr.status.title, exact: false })).toContainText(templatePattern(tr.position.updated, { anchored: false }));
  await expect(pp.getByRole('list', { name: tr.stops.title }).getByRole('listitem').filter({ hasText: FIRST_STOP })).toContainText(tr.stops.reached);
  await expect(etaFact(pp, PICKUP)).toBeVisible();
  const firstEta = await etaMinutes(pp, PICKUP);
  const firstPixels = await busPixelsFromPickup(pp, ROUTE);
  const etas = [firstEta];

  // ── 4. The bus drives towards Santa Bárbara; the parent's map follows it live ───────────────────
  const way = pointsTowards(stopAt(FIRST_STOP), stopAt(PICKUP), 150, LAST_POINT_BEFORE_STOP_M);
  let bannerSeenAt: number | null = null;
  for (const point of way) {
    await bus.moveTo(point);
    const server = (await callApi(base, 'demo', parentToken, 'GET', `transport/routes/${routeId}`)).body as TransportRoute;
    const metersLeft = server.stops.find((s) => s.id === pickupId)!.meters!;
    if (metersLeft > ALERT_METERS) {
      // Not yet within the parent's distance: no banner.
      await expect(approachBanner(pp, PICKUP)).toHaveCount(0);
    } else if (bannerSeenAt === null) {
      // The report that brings the bus within 1 km shows the banner, at the moment the server sends the alert.
      await expect(approachBanner(pp, PICKUP)).toBeVisible();
      bannerSeenAt = bus.reported.length;
    }
    etas.push(await etaMinutes(pp, PICKUP));
  }
  expect(bannerSeenAt, 'the bus came within the alert distance').not.toBeNull();
  const last = bus.reported.at(-1)!;
  // The family's page holds the very position the phone sent, pushed over the live socket.
  await expect.poll(() => liveOfType(parent.liveFrames, 'position', routeId).length, { message: 'positions pushed live to the family' }).toBeGreaterThanOrEqual(bus.reported.length);
  const seen = (await callApi(base, 'demo', parentToken, 'GET', `transport/routes/${routeId}`)).body as TransportRoute;
  expect(metersBetween(seen.lastPosition!, last)).toBeLessThan(1);
  // The bus is drawn closer to the stop, and it is expected sooner.
  await expect.poll(() => busPixelsFromPickup(pp, ROUTE), { message: 'the bus marker moved towards the family’s stop' }).toBeLessThan(firstPixels / 2);
  test.info().annotations.push({ type: 'ETA to the pickup stop (minutes), per report', description: etas.join(' → ') });
  expect(etas.at(-1)!).toBeLessThan(firstEta);
  expect(etas, 'the ETA never goes up as the bus comes closer').toEqual([...etas].sort((a, b) => b - a));
  await expect(approachBanner(pp, PICKUP)).toBeVisible();
  await expectNoSeriousA11yViolations(pp, '/transport/routes/:id/map with the bus approaching');
  // Centred on the route's status, the bus on the map above it and the banner below it show together.
  await capture(pp, 'transport-map', pp.getByRole('region', { name: tr.status.title, exact: false }));

  await expect(dp.getByText(es.geo.tracking.sharing)).toBeVisible();
  await expectNoSeriousA11yViolations(dp, '/geo/targets/:id while running');
  await capture(dp, 'transport-tracker', runSection);

  // The approach alert went out once, as a notice to the parent: its job ran, and with email on (the
  // default) the mail is in the dev mailbox.
  await expect.poll(() => approachNoticesDone(), { message: 'the approach notice job for the parent' }).toBe(noticesBefore + 1);
  const settings = (await callApi(base, 'demo', parentToken, 'GET', `people/${parentId}/settings/notifications`)).body as NotificationSettings;
  if (settings.channels.email) {
    const mail = await readMailMatching(PARENT_EMAIL, new RegExp(`${ROUTE}: el bus se acerca`));
    expect(mail).toContain(PICKUP);
  } else {
    test.info().annotations.push({ type: 'approach mail', description: 'the parent has email turned off; only the notice job was checked' });
  }

  // ── 5. The parent shares the live map; someone without an account opens it ──────────────────────
  const url = await createShareLink(pp, fill(tr.share.hours_other, { count: 2 }));
  expect(url.startsWith(`${base}/share/demo/`)).toBe(true);
  const guestContext = await browser.newContext({ viewport: PHONE, locale: 'es-CO' });
  await serveDrawnTiles(guestContext);
  const guest = await guestContext.newPage();
  guest.setDefaultTimeout(20_000);
  const opened = await guest.goto(url);
  expect(opened?.status()).toBe(200);
  await expect(guest.getByRole('heading', { name: ROUTE, level: 1 })).toBeVisible();
  await expect(guest.getByRole('timer')).toHaveText(templatePattern(tr.shared.expiresInHours, { values: { hours: '1' }, numbers: ['minutes'] }));
  await expect(routeMap(guest, ROUTE)).toBeVisible();
  await expect(busMarker(guest, ROUTE)).toBeVisible();
  await expect(guest.getByRole('region', { name: tr.status.title, exact: true })).toContainText(tr.run.onTheWay);
  await expect(guest.getByRole('list', { name: tr.stops.title }).getByRole('listitem')).toHaveCount(planned.stops.length);
  // Read-only, and never the riders or anyone's name.
  await expect(guest.getByRole('button', { name: tr.alert.save })).toHaveCount(0);
  for (const name of ['Valentina', 'Gómez', 'Páez']) await expect(guest.locator('body')).not.toContainText(name);
  await expectNoSeriousA11yViolations(guest, '/share/:org/:token');
  await capture(guest, 'transport-share', routeMap(guest, ROUTE));

  // ── 6. Families whose children do not ride, here and at another school, see no bus ──────────────
  const other = await openAsPersonNamed(browser, base, NON_RIDER_PARENT);
  const otherFrames = listenLive(other.page);
  await other.page.goto(`/transport/routes/${routeId}/map`);
  await expect(other.page.getByRole('heading', { name: es.refusal.page.notFoundTitle })).toBeVisible();
  await expect(routeMap(other.page, ROUTE)).toHaveCount(0);
  await expect(busMarker(other.page, ROUTE)).toHaveCount(0);
  await expect(other.page.getByText(tr.run.onTheWay)).toHaveCount(0);
  await expect
    .poll(() => liveOfType(otherFrames, 'error', routeId).some((m) => (m as { error: string }).error === 'forbidden'), { message: 'the live topic refused' })
    .toBe(true);
  expect((await callApi(base, 'demo', other.token, 'GET', `transport/routes/${routeId}`)).status).toBe(404);
  expect((await callApi(base, 'demo', other.token, 'GET', 'transport/routes')).body).toEqual([]);
  expect((await callApi(base, 'demo', other.token, 'GET', `geo/targets/${planned.targetId}`)).status).toBe(404);
  expect((await callApi(base, 'demo', other.token, 'GET', `transport/routes/${routeId}/log`)).status).toBe(404);
  expect((await callApi(base, 'demo', other.token, 'POST', `transport/routes/${routeId}/shares`, { minutes: 60 })).status).toBe(404);
  await other.page.goto('/transport/routes');
  await expect(other.page.getByRole('heading', { name: tr.routes.emptyTitle })).toBeVisible();

  const norte = await openSignedIn(browser, 'norte', 'parent', PHONE);
  await norte.page.goto(`/transport/routes/${routeId}/map`);
  await expect(norte.page.getByRole('heading', { name: es.refusal.page.notFoundTitle })).toBeVisible();
  await expect(routeMap(norte.page, ROUTE)).toHaveCount(0);
  await expect(busMarker(norte.page, ROUTE)).toHaveCount(0);
  const norteToken = await sessionTokenOf(norte.page);
  expect((await callApi(base, 'norte', norteToken, 'GET', `transport/routes/${routeId}`)).status).toBe(404);
  // Another school's token is refused at this school's door.
  expect((await callApi(base, 'demo', norteToken, 'GET', `transport/routes/${routeId}`)).status).toBe(403);

  // One more report: the family gets it live, the refused pages get nothing.
  const beforeMove = liveOfType(parent.liveFrames, 'position', routeId).length;
  await bus.moveTo(pointsTowards(last, stopAt(PICKUP), 100, 0)[0]!);
  await expect.poll(() => liveOfType(parent.liveFrames, 'position', routeId).length).toBe(beforeMove + 1);
  expect(liveOfType(otherFrames, 'position', routeId)).toEqual([]);
  expect(liveOfType(norte.liveFrames, 'position', routeId)).toEqual([]);
  await other.context.close();
  await norte.context.close();

  // ── 7. The link expires: the open page says so at its next refresh, and so does a fresh load ────
  expireShareLink(url);
  await expect(guest.getByRole('heading', { name: tr.shared.expiredTitle, level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(routeMap(guest, ROUTE)).toHaveCount(0);
  const reloaded = await guest.reload();
  expect(reloaded?.status()).toBe(410);
  await expect(guest.getByRole('heading', { name: tr.shared.expiredTitle, level: 1 })).toBeVisible();
  await expect(guest.getByText(tr.shared.expiredBody)).toBeVisible();
  await expect(busMarker(guest, ROUTE)).toHaveCount(0);
  expect((await fetch(url)).status).toBe(410);
  const api = await fetch(`${base}/api/demo/transport/shares/${encodeURIComponent(shareTokenOf(url))}`);
  expect(api.status).toBe(410);
  expect(await api.json()).toMatchObject({ error: 'share_expired' });
  await expectNoSeriousA11yViolations(guest, '/share/:org/:token expired');
  await capture(guest, 'transport-share-expired');
  await guestContext.close();

  // ── 8. The driver finishes the run (asked first); the family's map says the run is over ─────────
  await runSection.getByRole('button', { name: es.geo.run.finish }).click();
  const confirm = dp.getByRole('dialog', { name: es.geo.run.confirmTitle });
  await expect(confirm).toContainText(fill(es.geo.run.confirmMessage, { name: ROUTE }));
  await confirm.getByRole('button', { name: es.geo.run.finish }).click();
  await expect(confirm).toBeHidden();
  // The routes answer only a running run, so the screens say "no run on" rather than "finished at …"
  // (RunControls and RouteStatus have words for both); either reads as the run being over.
  const over = new RegExp(`${templatePattern(tr.run.finishedAt).source}|^${tr.run.notRunning}$`);
  await expect(runSection.getByRole('status')).toHaveText(over);
  await expect(runSection.getByRole('button', { name: es.geo.run.start })).toBeVisible();
  await expect(dp.getByText(es.geo.tracking.sharing)).toHaveCount(0);
  const parentStatus = pp.getByRole('region', { name: tr.status.title, exact: false }).getByRole('listitem').first();
  await expect(parentStatus).toHaveText(over);
  await expect(approachBanner(pp, PICKUP)).toHaveCount(0);
  await expect(etaFact(pp, PICKUP)).toHaveCount(0);
  const finished = (await callApi(base, 'demo', driverToken, 'GET', `transport/routes/${routeId}`)).body as TransportRoute;
  expect(finished.run === null || finished.run.finishedAt !== null, 'no run on').toBe(true);
  expect(finished.stops.every((s) => s.eta === null)).toBe(true);
  await driver.context.close();
  await parent.context.close();

  // ── 9. Staff see every route on one map, and the run in the route's log ─────────────────────────
  const admin = await openSignedIn(browser, 'demo', 'admin', DESKTOP);
  const ap = admin.page;
  await serveDrawnTiles(admin.context);
  await ap.goto('/transport/routes');
  await expect(ap.getByRole('region', { name: tr.routes.mapLabel })).toBeVisible();
  await expect(busMarker(ap, ROUTE)).toBeVisible();
  const adminCard = ap.getByRole('article', { name: ROUTE });
  await expect(adminCard).toContainText(fill(tr.routes.vehicle, { vehicle: planned.vehicle }));
  await expect(adminCard).toContainText(tr.run.notRunning);
  await expectNoSeriousA11yViolations(ap, '/transport/routes (staff)');
  await capture(ap, 'transport-routes');

  await adminCard.getByRole('link', { name: fill(tr.routes.openLog, { name: ROUTE }) }).click();
  await expect(ap).toHaveURL(new RegExp(`/transport/routes/${routeId}/log$`));
  const log = ap.getByRole('list', { name: fill(tr.log.title, { name: ROUTE }) });
  const entries = log.getByRole('listitem');
  // Newest first: finished, the first stop reached, started.
  await expect(entries.nth(0)).toContainText(tr.log.kinds.finished);
  await expect(entries.nth(1)).toContainText(fill(tr.log.kinds.stopReached, { stop: FIRST_STOP }));
  await expect(entries.nth(2)).toContainText(tr.log.kinds.started);
  await expectNoSeriousA11yViolations(ap, '/transport/routes/:id/log');
  await capture(ap, 'transport-route-log');
  await admin.context.close();
});
