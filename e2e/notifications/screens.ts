// What the notifications journey does on /settings/notifications, named after what a person does
// there; labels come from the app's own dictionaries.
import { expect, type Locator, type Page } from '@playwright/test';
import { texts } from '../support/texts';

const es = texts.es;
const ns = es.notificationSettings;

export type Channel = 'email' | 'sms' | 'ios' | 'android' | 'web';

/** From /settings, follows "Configurar notificaciones" and waits for the screen's sections. */
export async function openNotificationSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('link', { name: ns.open }).click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  await expect(page.getByRole('heading', { name: es.screens.notifications, level: 1 })).toBeVisible();
  await expect(channelSwitch(page, 'email')).toBeVisible();
}

/** The section "Este navegador". */
export function browserSection(page: Page): Locator {
  return page.getByRole('region', { name: ns.device.title.browser, exact: true });
}

/** A general channel switch, in the section "Por dónde te avisamos". */
export function channelSwitch(page: Page, channel: Channel): Locator {
  return page.getByRole('region', { name: ns.channels.title, exact: true }).getByRole('switch', { name: ns.channels[channel], exact: true });
}

/** Opens one kind of post in "Por tipo de publicación" and answers that kind's switch for `channel`. */
export async function openTypeSwitch(page: Page, type: string, channel: Channel): Promise<Locator> {
  const row = page.getByTestId(`type-${type}`);
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`[id="${await row.getAttribute('aria-controls')}"]`);
  const control = panel.getByRole('switch', { name: ns.channels[channel], exact: true });
  await expect(control).toBeVisible();
  return control;
}

/** Waits for the autosave to confirm: "Cambios guardados". */
export async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('notification-settings-saved')).toHaveText(ns.save.saved);
}
