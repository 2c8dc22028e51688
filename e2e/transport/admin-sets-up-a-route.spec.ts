import { expect, test } from '../support/test';
import type { TransportRoute } from '../../packages/core/src/schemas/transport';
import type { RouteSetup } from '../../packages/core/src/schemas/transport-setup';
import { callApi, openSignedIn, sessionTokenOf } from '../posts/people-and-api';
import { capture } from '../posts/screens';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/journey';
import { DESKTOP, PHONE } from '../support/screenshots';
import { fill, texts } from '../support/texts';
import { clickMapBetween, saveSection, setupMap, setupScreenName, setupSection, st, stopMarker, stopNames, stopRows } from './setup-screen';
import { serveDrawnTiles } from './tiles';

const es = texts.es;
const tr = es.transport;

// The demo's Ruta 1 (apps/server/src/db/seed/demo-people.ts): six stops from Parque El Chicó to the
// school; the demo parent's daughter gets on at Santa Bárbara. The administrator adds a stop between
// Parque de Usaquén (06:28) and Unicentro (06:36) and moves the daughter's pick-up there.
const ROUTE = 'Ruta 1';
const BEFORE = 'Parque de Usaquén (Cl. 119 con Cra. 6)';
const AFTER = 'Unicentro (Av. 15 con Cl. 127)';
const PICKUP = 'Santa Bárbara (Cl. 116 con Cra. 15)';
const NEW_STOP = 'Calle 123 con Cra. 11';
const NEW_TIME = '06:32';

test('an administrator sets up Ruta 1: adds a stop on the map, names, times and moves it, saves, gives a rider that stop; the route’s map shows it to the family, who cannot open the setup', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;

  // ── 0. Ruta 1 as it is, to leave it so for the journeys after this one; no run on ──────────────
  const adminToken = await apiToken(base, 'demo', 'admin');
  const routes = (await callApi(base, 'demo', adminToken, 'GET', 'transport/routes')).body as TransportRoute[];
  const planned = routes.find((r) => r.name === ROUTE)!;
  expect(planned.canManage, 'administrators set routes up').toBe(true);
  if (planned.run && planned.run.finishedAt === null) {
    const driverToken = await apiToken(base, 'demo', 'driver');
    expect((await callApi(base, 'demo', driverToken, 'POST', `transport/routes/${planned.id}/runs/${planned.run.id}/finish`)).status).toBe(200);
  }
  const routeId = planned.id;
  const original = (await callApi(base, 'demo', adminToken, 'GET', `transport/routes/${routeId}/setup`)).body as RouteSetup;
  expect(original.stops.map((s) => s.name)).toContain(BEFORE);
  const beforeNumber = original.stops.findIndex((s) => s.name === BEFORE) + 1;
  const pickupId = original.stops.find((s) => s.name === PICKUP)!.id;
  // The parent's child who rides Ruta 1 from Santa Bárbara, as the family's own view of the route names them.
  const parentApiToken = await apiToken(base, 'demo', 'parent');
  const familyView = (await callApi(base, 'demo', parentApiToken, 'GET', `transport/routes/${routeId}`)).body as TransportRoute;
  const child = familyView.riders.find((r) => r.pickupStopId === pickupId)!.person;
  const childBefore = original.riders.find((r) => r.person.id === child.id)!;

  const admin = await openSignedIn(browser, 'demo', 'admin', DESKTOP);
  const page = admin.page;
  await serveDrawnTiles(admin.context);
  try {
    // ── 1. From the routes list, the administrator opens Ruta 1's setup ─────────────────────────────
    await page.goto('/transport/routes');
    await page.getByRole('article', { name: ROUTE }).getByRole('link', { name: fill(st.openSetup, { name: ROUTE }) }).click();
    await expect(page).toHaveURL(new RegExp(`/transport/routes/${routeId}/setup$`));
    await expect(page.getByRole('heading', { level: 1, name: fill(st.title, { name: ROUTE }) })).toBeVisible();
    const crew = setupSection(page, st.crew.title);
    await expect(crew.getByLabel(st.crew.vehicle)).toHaveValue(original.vehicle);
    await expect(stopRows(page)).toHaveCount(original.stops.length);
    await expect(stopMarker(page, ROUTE, beforeNumber, BEFORE)).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/transport/routes/:id/setup');

    // ── 2. A click on the map, beside the street between Usaquén and Unicentro, adds a stop there ────
    const stops = setupSection(page, st.stops.title);
    await expect(stops.getByText(st.stops.placingNew)).toBeVisible();
    await clickMapBetween(page, stopMarker(page, ROUTE, beforeNumber, BEFORE), stopMarker(page, ROUTE, beforeNumber + 1, AFTER), 45, -25);
    const total = original.stops.length + 1;
    await expect(stopRows(page)).toHaveCount(total);
    const added = stopRows(page).last();
    await expect(added.getByText(/^Ubicación: \d+\.\d{5}, -\d+\.\d{5}$/)).toBeVisible();
    // The keyboard is in the new stop's name: the administrator types it, then its planned time.
    await expect(added.getByLabel(st.stops.name)).toBeFocused();
    await page.keyboard.type(NEW_STOP);
    await added.getByLabel(st.stops.time).fill(NEW_TIME);
    await expect(stopMarker(page, ROUTE, total, NEW_STOP)).toBeVisible();
    await expect(stops.getByText(st.unsaved)).toBeVisible();

    // ── 3. Moved up, with the buttons, to drive after Usaquén; then saved as one list ───────────────
    for (let number = total; number > beforeNumber + 1; number--) await stops.getByRole('button', { name: fill(st.stops.moveUp, { number }), exact: true }).click();
    await expect(stops.getByText(fill(st.stops.moved, { name: NEW_STOP, number: beforeNumber + 1, total }))).toBeAttached();
    const expectedOrder = [...original.stops.slice(0, beforeNumber).map((s) => s.name), NEW_STOP, ...original.stops.slice(beforeNumber).map((s) => s.name)];
    expect(await stopNames(page)).toEqual(expectedOrder);
    await expect(stopMarker(page, ROUTE, beforeNumber + 1, NEW_STOP)).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/transport/routes/:id/setup with a stop added');
    await saveSection(stops, st.stops.save, st.stops.saved);
    await expect(stops.getByText(st.unsaved)).toHaveCount(0);
    const saved = (await callApi(base, 'demo', adminToken, 'GET', `transport/routes/${routeId}/setup`)).body as RouteSetup;
    expect(saved.stops.map((s) => s.name)).toEqual(expectedOrder);
    const newStop = saved.stops[beforeNumber];
    expect(newStop).toMatchObject({ name: NEW_STOP, position: beforeNumber + 1, scheduledTime: NEW_TIME });
    // Placed where it was clicked: between the two stops it drives between (give or take the offset).
    const [usaquen, unicentro] = [original.stops[beforeNumber - 1], original.stops[beforeNumber]];
    expect(newStop.lat).toBeGreaterThan(Math.min(usaquen.lat, unicentro.lat) - 0.01);
    expect(newStop.lat).toBeLessThan(Math.max(usaquen.lat, unicentro.lat) + 0.01);
    for (const [i, stop] of original.stops.entries()) expect(saved.stops.find((s) => s.id === stop.id), `stop ${i + 1} kept its id`).toMatchObject({ name: stop.name, scheduledTime: stop.scheduledTime });

    // ── 4. The daughter gets on at the new stop from now on ─────────────────────────────────────────
    const riders = setupSection(page, st.riders.title);
    const row = riders.getByRole('group', { name: child.name, exact: true });
    await row.getByLabel(st.riders.pickup).selectOption({ label: `${beforeNumber + 1}. ${NEW_STOP}` });
    await expect(riders.getByText(st.unsaved)).toBeVisible();
    await row.getByRole('button', { name: fill(st.riders.saveNamed, { name: child.name }) }).click();
    await expect(riders.getByRole('status').filter({ hasText: fill(st.riders.saved, { name: child.name }) })).toBeVisible();
    const withRider = (await callApi(base, 'demo', adminToken, 'GET', `transport/routes/${routeId}/setup`)).body as RouteSetup;
    expect(withRider.riders.find((r) => r.person.id === child.id)).toMatchObject({ pickupStopId: newStop.id, dropoffStopId: childBefore.dropoffStopId });
    expect(withRider.stops.find((s) => s.id === newStop.id)!.riders).toBe(1);
    await expectNoSeriousA11yViolations(page, '/transport/routes/:id/setup after saving');
    await capture(page, 'transport-setup-map', setupMap(page, ROUTE));
    await capture(page, 'transport-setup', stops.getByRole('group', { name: fill(st.stops.stop, { number: beforeNumber + 1 }) }));
    await capture(page, 'transport-setup-riders', row);

    // ── 5. The route's map shows the new stop, in order and with its time ───────────────────────────
    await page.getByRole('link', { name: fill(tr.routes.openMap, { name: ROUTE }) }).click();
    await expect(page).toHaveURL(new RegExp(`/transport/routes/${routeId}/map$`));
    const mapStops = page.getByRole('list', { name: tr.stops.title, exact: true }).getByRole('listitem');
    await expect(mapStops).toHaveCount(total);
    await expect(mapStops.nth(beforeNumber)).toContainText(NEW_STOP);
    await expect(mapStops.nth(beforeNumber)).toContainText(fill(tr.stops.scheduled, { time: NEW_TIME }));
    await expect(page.getByRole('link', { name: setupScreenName, exact: true })).toBeVisible();

    // ── 6. The family sees it as their stop; the setup is not theirs to open ────────────────────────
    const parent = await openSignedIn(browser, 'demo', 'parent', PHONE);
    const pp = parent.page;
    await serveDrawnTiles(parent.context);
    await pp.goto(`/transport/routes/${routeId}/map`);
    const familyStops = pp.getByRole('list', { name: tr.stops.title, exact: true }).getByRole('listitem');
    await expect(familyStops.nth(beforeNumber)).toContainText(NEW_STOP);
    await expect(familyStops.nth(beforeNumber)).toContainText(tr.stops.mine);
    await expect(pp.getByRole('link', { name: /Configurar/ })).toHaveCount(0);
    await pp.goto(`/transport/routes/${routeId}/setup`);
    await expect(pp.getByRole('heading', { name: es.refusal.page.notAllowedTitle })).toBeVisible();
    await expect(pp.getByRole('region', { name: st.stops.title, exact: true })).toHaveCount(0);
    await expect(setupMap(pp, ROUTE)).toHaveCount(0);
    const parentToken = await sessionTokenOf(pp);
    expect((await callApi(base, 'demo', parentToken, 'GET', `transport/routes/${routeId}/setup`)).status).toBe(403);
    expect((await callApi(base, 'demo', parentToken, 'PUT', `transport/routes/${routeId}/riders/${child.id}`, { pickupStopId: pickupId, dropoffStopId: null })).status).toBe(403);
    await expectNoSeriousA11yViolations(pp, '/transport/routes/:id/setup refused to a family');
    await parent.context.close();
  } finally {
    // Ruta 1 as it was: the rider's stops first (a stop with riders cannot go), then the stop list.
    await callApi(base, 'demo', adminToken, 'PUT', `transport/routes/${routeId}/riders/${child.id}`, { pickupStopId: childBefore.pickupStopId, dropoffStopId: childBefore.dropoffStopId });
    const restored = await callApi(base, 'demo', adminToken, 'PUT', `transport/routes/${routeId}/stops`, {
      stops: original.stops.map((s) => ({ id: s.id, name: s.name, lat: s.lat, lng: s.lng, scheduledTime: s.scheduledTime })),
    });
    expect(restored.status, 'Ruta 1 restored for the journeys after this one').toBe(200);
    await admin.context.close();
  }
});
