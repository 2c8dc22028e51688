// What the posts journey does on its screens, named after what a person does there; labels come from
// the app's own dictionaries.
import { expect, type Locator, type Page } from '@playwright/test';
import { captureBothWidths } from '../support/screenshots';
import { directoryTexts, fill, texts } from '../support/texts';

const es = texts.es;
const dir = directoryTexts.es;

/** A dictionary text with its {{count}} as a number to read back. */
export function countPattern(template: string): RegExp {
  const [before, after] = template.split(/\{\{[^}]*\}\}/);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escape(before)}(\\d+)${escape(after ?? '')}$`);
}

/**
 * The rule builder's live count once it has settled: the rows are sent 400 ms after the last change
 * and the count of the previous rows stays on screen meanwhile, so it is read twice a second apart.
 */
export async function settledCount(page: Page): Promise<number> {
  const pattern = countPattern(dir.compose.rules.count_other);
  const status = page.getByText(pattern);
  const counting = page.getByLabel(dir.compose.rules.counting);
  const read = async () => Number((await status.textContent())?.match(pattern)?.[1]);
  let count = 0;
  await expect(async () => {
    await expect(counting).toHaveCount(0);
    const first = await read();
    await page.waitForTimeout(1_000);
    await expect(counting).toHaveCount(0);
    expect(await read()).toBe(first);
    count = first;
  }).toPass({ timeout: 20_000 });
  return count;
}

/** Turns a switch on; scrolled to the middle first, as the compose screen's publish bar sticks to the bottom. */
export async function switchOn(page: Page, label: string): Promise<void> {
  const control = page.getByRole('switch', { name: label });
  await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await control.check();
  await expect(control).toBeChecked();
}

/** One thread of the folder on screen, found by its title. */
export function threadRow(page: Page, title: string): Locator {
  return page.getByRole('list', { name: es.threads.list.label }).getByRole('listitem').filter({ hasText: title });
}

/** Waits until a folder has loaded: its list, or its empty state. */
export async function folderLoaded(page: Page, emptyTitle: string): Promise<void> {
  await expect(page.getByRole('list', { name: es.threads.list.label }).or(page.getByRole('heading', { name: emptyTitle }))).toBeVisible();
}

/** Both widths, with the pointer parked out of the way so no row shows its hover colour. */
export async function capture(page: Page, name: string, showing?: Locator): Promise<void> {
  await page.mouse.move(0, 0);
  await captureBothWidths(page, name, showing);
}

/** The app's main navigation (side bar on a computer, tab bar on a phone). */
export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: es.shell.mainNavigation });
}

/** Selects one thread of the folder on screen by its title and applies an action of the selection bar. */
export async function actOnSelected(page: Page, title: string, action: string): Promise<void> {
  await page.getByRole('checkbox', { name: fill(es.threads.list.select, { title }) }).check();
  await page.getByRole('group', { name: es.threads.selection.actions }).getByRole('button', { name: action, exact: true }).click();
}
