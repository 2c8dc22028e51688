// What the transport journey does and reads on its screens (tracker, family map, share page), named
// after what a person does there; labels come from the app's own dictionaries.
import { expect, type Locator, type Page } from '@playwright/test';
import { fill, texts } from '../support/texts';

const es = texts.es;
const tr = es.transport;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A dictionary text as a pattern: a placeholder given in `values` is that text, one named in `numbers`
 * a captured number, any other anything.
 */
export function templatePattern(template: string, options: { values?: Record<string, string>; numbers?: string[]; anchored?: boolean } = {}): RegExp {
  const { values = {}, numbers = [], anchored = true } = options;
  const body = template
    .split(/(\{\{\s*\w+[^}]*\}\})/)
    .map((part) => {
      const name = part.match(/^\{\{\s*(\w+)/)?.[1];
      if (name === undefined) return escape(part);
      if (name in values) return escape(values[name]!);
      return numbers.includes(name) ? '(\\d+)' : '.*?';
    })
    .join('');
  return new RegExp(anchored ? `^${body}$` : body);
}

/** The route's map (Leaflet's container, named by the app). */
export function routeMap(page: Page, routeName: string): Locator {
  return page.getByRole('region', { name: fill(tr.map.label, { name: routeName }), exact: true });
}

/** The bus on a map: a drawn marker titled "Bus de Ruta 1. Actualizado …". */
export function busMarker(page: Page, routeName: string): Locator {
  return page.locator('.leaflet-marker-icon').and(page.getByTitle(new RegExp(`^${escape(fill(tr.map.bus, { name: routeName, updated: '' }))}`)));
}

/** The "the bus is approaching your stop" banner of the family's map. */
export function approachBanner(page: Page, stopName: string): Locator {
  return page.getByRole('status').filter({ hasText: templatePattern(tr.map.approaching, { values: { stop: stopName }, anchored: false }) });
}

/** The line of the route's status that says when the bus reaches a stop of the family. */
export function etaFact(page: Page, stopName: string): Locator {
  return page.getByRole('listitem').filter({ hasText: fill(tr.eta.label, { stop: stopName }) });
}

/** Minutes until the bus reaches the family's stop, as the status says it ("… · en 6 minutos"; "llegando" is 0). */
export async function etaMinutes(page: Page, stopName: string): Promise<number> {
  const text = (await etaFact(page, stopName).textContent()) ?? '';
  const patterns = [tr.eta.inMinutes_one, tr.eta.inMinutes_other].map((template) => templatePattern(template, { numbers: ['count'], anchored: false }));
  for (const pattern of patterns) {
    const count = text.match(pattern)?.[1];
    if (count !== undefined) return Number(count);
  }
  if (templatePattern(tr.eta.arriving, { anchored: false }).test(text)) return 0;
  throw new Error(`no ETA in "${text}"`);
}

/** Screen pixels between the centres of two elements. */
async function pixelsBetween(a: Locator, b: Locator): Promise<number> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA && boxB, 'both drawn on the map').toBeTruthy();
  return Math.hypot(boxA!.x + boxA!.width / 2 - (boxB!.x + boxB!.width / 2), boxA!.y + boxA!.height / 2 - (boxB!.y + boxB!.height / 2));
}

/**
 * How far the bus is drawn from the family's pickup stop, in screen pixels. The family's stops are the
 * larger circles in the accent colour (TransportMap.tsx): the pickup on Ruta 1 is the southern one, the
 * other is the school at the end of the route.
 */
export async function busPixelsFromPickup(page: Page, routeName: string): Promise<number> {
  const mine = page.locator('.leaflet-overlay-pane path[stroke="#a61e4d"]');
  await expect(mine).toHaveCount(2);
  const ys = await Promise.all([0, 1].map(async (i) => (await mine.nth(i).boundingBox())?.y ?? 0));
  const pickup = mine.nth(ys[0]! > ys[1]! ? 0 : 1);
  return pixelsBetween(busMarker(page, routeName), pickup);
}

/** Saves the family's "approaching" alert: `meters` before `stopLabel` (as the stop picker lists it). */
export async function saveApproachAlert(page: Page, stopLabel: string, meters: number): Promise<void> {
  const section = page.getByRole('region', { name: tr.alert.title, exact: true });
  await section.getByLabel(tr.alert.stop, { exact: true }).selectOption({ label: stopLabel });
  await section.getByRole('radiogroup', { name: tr.alert.when }).getByText(tr.alert.modes.distance, { exact: true }).click();
  await expect(section.getByRole('radio', { name: tr.alert.modes.distance, exact: true })).toBeChecked();
  await section.getByLabel(tr.alert.meters).fill(String(meters));
  await section.getByRole('button', { name: tr.alert.save }).click();
  await expect(section.getByRole('status').filter({ hasText: tr.alert.saved })).toBeVisible();
}

/** Creates a share link of the chosen life on the family's map and answers its address. */
export async function createShareLink(page: Page, durationLabel: string): Promise<string> {
  const section = page.getByRole('region', { name: tr.share.title, exact: true });
  await section.getByLabel(tr.share.duration, { exact: true }).selectOption({ label: durationLabel });
  await section.getByRole('button', { name: tr.share.create }).click();
  const link = section.getByLabel(tr.share.link, { exact: true });
  await expect(link).toHaveValue(/\/share\//);
  await expect(section.getByRole('status').filter({ hasText: templatePattern(tr.share.expires) })).toBeVisible();
  return link.inputValue();
}
