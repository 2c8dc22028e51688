import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken, enterSchool, signIn } from '../support/journey';
import { captureBothWidths, DESKTOP, PHONE } from '../support/screenshots';
import { fill, texts } from '../support/texts';
import { es as esAdmin } from '../../packages/core/src/i18n/adminWorkspace/es';

const es = texts.es;

/** Copies e2e/screenshots/<name>-{phone,desktop}.png to a folder for review. */
function keepShots(name: string, target = '/tmp/shots/w1'): void {
  mkdirSync(target, { recursive: true });
  for (const width of ['phone', 'desktop']) {
    try {
      copyFileSync(join(import.meta.dirname, '..', 'screenshots', `${name}-${width}.png`), join(target, `${name}-${width}.png`));
    } catch {
      // The review copy is a convenience; the journey's own assertions decide.
    }
  }
}

const strip = (page: Page) => page.getByRole('navigation', { name: es.workspace.tabs });

/** The names on the open tabs, in their order on the strip. */
async function tabNames(page: Page): Promise<string[]> {
  return (await strip(page).getByRole('link').allTextContents()).map((name) => name.trim());
}

test('issue 36 item 1: the administrator opens two people and the admin tab, closes one, reloads, reorders by keyboard; the tabs stay, in order, on desktop and phone', async ({ page, baseURL }) => {
  const token = await apiToken(baseURL!, 'demo', 'admin');
  const me = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).uid as number;
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await enterSchool(page, 'demo');
  await signIn(page, 'admin');
  // Nothing is open yet: no strip at all.
  await expect(strip(page)).toHaveCount(0);

  // Two people of the directory, not the administrator herself.
  await page.goto('/people?tab=directory');
  const rows = page.getByRole('main').locator('a[href^="/person/"]');
  await expect(rows.first()).toBeVisible();
  const ids = [...new Set((await rows.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))).map((href) => Number(href.split('/')[2])))].filter((id) => id > 0 && id !== me).slice(0, 2);
  expect(ids).toHaveLength(2);
  const names: string[] = [];
  for (const id of ids) {
    const person = await (await fetch(`${baseURL}/api/demo/people/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
    names.push([person.firstName, person.lastName].map((part: string) => part.trim()).filter(Boolean).join(' '));
  }

  for (const [index, id] of ids.entries()) {
    if (index > 0) {
      // The directory pages as it scrolls: the second person is looked up by name.
      await page.goto('/people?tab=directory');
      await page.getByRole('main').getByRole('searchbox').fill(names[index]);
    }
    await page.getByRole('main').locator(`a[href="/person/${id}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/person/${id}$`));
    await expect(strip(page).getByRole('link', { name: names[index] })).toHaveAttribute('aria-current', 'page');
  }

  // More › Administración opens the admin tab.
  await page.getByRole('navigation', { name: es.shell.mainNavigation }).getByRole('link', { name: es.nav.more }).click();
  await page.getByRole('link', { name: es.screens.admin }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(strip(page).getByRole('link', { name: es.workspace.admin })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => tabNames(page)).toEqual([names[0], names[1], es.workspace.admin]);

  // The admin tab's menu moves inside the tab, and the tab remembers where.
  const menu = page.getByRole('navigation', { name: esAdmin.adminWorkspace.menu });
  await menu.getByRole('link', { name: es.screens.extracurricular }).click();
  await expect(page.getByRole('heading', { level: 1, name: es.screens.extracurricular })).toBeVisible();
  await captureBothWidths(page, 'admin-tab-extracurricular');
  keepShots('admin-tab-extracurricular');
  await menu.getByRole('link', { name: es.screens.adminTest }).click();
  await expect(page.getByRole('link', { name: es.screens.testCalendar })).toHaveAttribute('href', '/test/calendar');
  await expectNoSeriousA11yViolations(page, 'admin tab, Test');
  await captureBothWidths(page, 'admin-tab-test');
  keepShots('admin-tab-test');
  await expect(strip(page).getByRole('link', { name: es.workspace.admin })).toHaveAttribute('href', '/admin/test');

  // Opening a person again focuses their tab instead of opening another.
  await strip(page).getByRole('link', { name: names[1] }).click();
  await expect(page).toHaveURL(new RegExp(`/person/${ids[1]}`));
  await expect.poll(() => tabNames(page)).toEqual([names[0], names[1], es.workspace.admin]);

  // Closing a tab in the background leaves the screen where it is.
  await strip(page).getByRole('button', { name: fill(es.workspace.close, { name: names[0] }) }).click();
  await expect.poll(() => tabNames(page)).toEqual([names[1], es.workspace.admin]);
  await expect(page).toHaveURL(new RegExp(`/person/${ids[1]}`));

  await page.reload();
  await expect.poll(() => tabNames(page)).toEqual([names[1], es.workspace.admin]);

  // The keyboard moves a tab: space picks it up, an arrow moves it, space drops it.
  const admin = strip(page).getByRole('link', { name: es.workspace.admin });
  await admin.focus();
  // Each step waits for what a screen reader hears: the strip measures its tabs between key presses.
  const heard = strip(page).getByRole('status');
  await page.keyboard.press('Space');
  // Picked up, then at once over its own place.
  await expect(heard).toHaveText(fill(es.workspace.dnd.over, { name: es.workspace.admin, position: 2, count: 2 }));
  await page.keyboard.press('ArrowLeft');
  await expect(heard).toHaveText(fill(es.workspace.dnd.over, { name: es.workspace.admin, position: 1, count: 2 }));
  await page.keyboard.press('Space');
  await expect(heard).toHaveText(fill(es.workspace.dnd.dropped, { name: es.workspace.admin, position: 1, count: 2 }));
  await expect.poll(() => tabNames(page)).toEqual([es.workspace.admin, names[1]]);
  await page.reload();
  await expect.poll(() => tabNames(page)).toEqual([es.workspace.admin, names[1]]);
  await expectNoSeriousA11yViolations(page, 'workspace tab strip');
  await captureBothWidths(page, 'workspace-tabs');
  keepShots('workspace-tabs');

  // A phone shows a switcher with the count, listing the same tabs with their close buttons.
  await page.setViewportSize(PHONE);
  await expect(strip(page)).toHaveCount(0);
  const switcher = page.getByRole('button', { name: fill(es.workspace.switcher_other, { count: 2 }) });
  await switcher.click();
  const list = page.getByRole('navigation', { name: es.workspace.tabs });
  await expect.poll(async () => (await list.getByRole('link').allTextContents()).map((name) => name.trim())).toEqual([es.workspace.admin, names[1]]);
  await expect(list.getByRole('button', { name: fill(es.workspace.close, { name: names[1] }) })).toBeVisible();
  // The list fades in: contrast is measured once it is fully drawn, not halfway through.
  const shownOpacity = () =>
    list.evaluate((element) => {
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      return opacity;
    });
  await expect.poll(shownOpacity).toBe(1);
  await expectNoSeriousA11yViolations(page, 'workspace tab switcher');
  await captureBothWidths(page, 'workspace-switcher');
  keepShots('workspace-switcher');

  // From the list to the person's tab, back where it was left.
  await page.setViewportSize(PHONE);
  await list.getByRole('link', { name: names[1] }).click();
  await expect(page).toHaveURL(new RegExp(`/person/${ids[1]}$`));
});
