// What the route setup journey does and reads on the setup screen (administrators), named after what
// an administrator does there; labels come from the screen's own dictionary chunk, its title from the
// main dictionary.
import { expect, type Locator, type Page } from '@playwright/test';
import { es as setupTexts } from '../../packages/core/src/i18n/routeSetup/es';
import { es } from '../../packages/core/src/i18n/es';
import { fill } from '../support/texts';

export const st = setupTexts.transport.setup;
/** The setup screen's name, as the link to it on a route's map says it. */
export const setupScreenName = es.screens.routeSetup;

/** The setup screen's section titled `title` (Vehicle and crew, Stops, Riders). */
export function setupSection(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** The map of the stops section (Leaflet's container, named by the app). */
export function setupMap(page: Page, routeName: string): Locator {
  return page.getByRole('region', { name: fill(st.stops.map, { name: routeName }), exact: true });
}

/** The stop rows of the list, in driving order. */
export function stopRows(page: Page): Locator {
  return page.getByRole('list', { name: st.stops.list, exact: true }).getByRole('listitem');
}

/** The names typed in the stop list, in driving order. */
export async function stopNames(page: Page): Promise<string[]> {
  const rows = stopRows(page);
  const names: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) names.push(await rows.nth(i).getByLabel(st.stops.name).inputValue());
  return names;
}

/** A stop's marker on the setup map ("3. Calle 80"). */
export function stopMarker(page: Page, routeName: string, number: number, name: string): Locator {
  return setupMap(page, routeName).getByRole('button', { name: fill(st.stops.marker, { number, name }), exact: true });
}

/**
 * Clicks the setup map `dx`, `dy` pixels from the middle of two markers: a free point of the map near
 * the route (not on a marker; the route's line lets clicks through).
 */
export async function clickMapBetween(page: Page, a: Locator, b: Locator, dx: number, dy: number): Promise<void> {
  // The mouse reaches only what is on screen: the two markers are brought to the middle of it first.
  await a.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // Scrolling slides the screen's top bar out or back in (180 ms): the markers settle before they are measured.
  await page.waitForTimeout(250);
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA && boxB, 'both markers drawn').toBeTruthy();
  const x = (boxA!.x + boxA!.width / 2 + boxB!.x + boxB!.width / 2) / 2 + dx;
  const y = (boxA!.y + boxA!.height / 2 + boxB!.y + boxB!.height / 2) / 2 + dy;
  await page.mouse.click(x, y);
}

/** Saves one section with its button and waits for its "saved" notice. */
export async function saveSection(section: Locator, button: string, saved: string): Promise<void> {
  await section.getByRole('button', { name: button, exact: true }).click();
  await expect(section.getByRole('status').filter({ hasText: saved })).toBeVisible();
}
