import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken, enterSchool, signIn } from '../support/journey';
import { captureBothWidths } from '../support/screenshots';
import { texts } from '../support/texts';

const es = texts.es;
// A round purple emblem, 48 px: the logo the administrator uploads.
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAYAAABXAvmHAAAACXBIWXMAAAPoAAAD6AG1e1JrAAADhUlEQVRoge1ZS09TQRS+3RpdGWM602JU/BUucKMUFsYXCIguTKSdKbg1go8mvlgjgZ5zYYtRN0YT5NE/gKASY0T/gVpBxCjFzZjTV2JpS2fuvb1qOMmXNLe3p99355wzZ861rG37D0zuGd4pud0qGQwKDs8kh/eS4Ypk+CuPFcFhSXJ4Khjei3Food9Y/poKZIlwfCQYZiRHpQUG6zEGD2UoGSFfdaUuOLQJhm+0SVeAYLgouH3Kc+JRPnooxjHlFnFZghiHGRmyGz0hH+NwWjJc9Yq8LALWoiHocpG6CggOCe+JY2mODLqQGyogOYzWnTzP5wbHEUciqOT5RV4WRcAtQ/L2Wb/JywJCeE672giG330nzouh9K0vDAdrFuBlqXRSYq1aTHI84zdZWQHxEJ7cgr4KONlhL+8bVeNdV9X8/W71capVbSw0ZUGf6dpYZ3/2HuNQYrhYtSrlexsj53h2QKVTEaXeHq6K9GxEYfuAk1VoriwgCI91HfaGQaUSl7YkXorZRI+Kh0F/FTg+KEv+4u6xXSZdpQn5AmZuRE3C6GdPEHaUSV671SRsTMkXAO3X9UUE4dhmAQwGdROW4tmpgC+pZv3EZnh3k4DcSap2J1RtnJJXeYx16iW14PCknIAPOk4WhrtdE/Bi6LyugKVyIbSs4+TTtPPwUXnQPqGZB+lyAjZ0nGTmm1wTkJlv0lsBhpm/SsD63BFXBOiF0FSLeyH03I0QolmOhhPqbdwSMDd0QVMAvHNcRqkxc0uA3dHvQhnVPD72NSTV5xnnYZRORbQ3MsHgjiudKHWVTgUk267pxr+KB+2j5eebDNZ1nVFXaUp+2qCZkxx/lG3msqtAs0rdpxEGNXszatSJxo3aaZgoSz67CqFkxOCJZEFdZS05QfeYhI2s1on+OXHGl6bOKbGpMaPehmo7bXYE+kzXqNrQPcbkObzectBFU2LTP/AaMQbHq5IvhhLDSb/Jyk1PH6drIp/LBbuRpsR+k5YFMFwVDeMHahaQX4V234nzHIzH7ZLjbb/JCw4Jy9m7ARzxTwAMW26Y4HjFnxccLhqVV8Hgax2e+lqcQYflhdGIWzCY8u6p42TvXtxveW0iCCdoV3QxXF7VvEm5ZypAg1aaVdK4T5c0/UZwmMj1NnV+0V1q1N4SEZqY0WmJjnzZMzYNCnJYpmv0HR1GqJ+v2BJvm/Vv2W+6eP9tVDORPgAAAABJRU5ErkJggg==',
  'base64',
);
const PURPLE = '#6A1B9A';

/** Copies e2e/screenshots/<name>-{phone,desktop}.png to a folder for review. */
function keepShots(name: string, target = '/tmp/shots/appearance'): void {
  mkdirSync(target, { recursive: true });
  for (const width of ['phone', 'desktop']) {
    try {
      copyFileSync(join(import.meta.dirname, '..', 'screenshots', `${name}-${width}.png`), join(target, `${name}-${width}.png`));
    } catch {
      // The review copy is a convenience; the journey's own assertions decide.
    }
  }
}

test('an administrator changes the school colour and logo, and a parent then sees them in the app bar, on the sign-in screen and on a child\'s ID card', async ({ page, browser, baseURL }) => {
  const adminToken = await apiToken(baseURL!, 'demo', 'admin');
  const original = await (await fetch(`${baseURL}/api/demo/settings/appearance`, { headers: { authorization: `Bearer ${adminToken}` } })).json();
  try {
    await page.goto('/');
    await enterSchool(page, 'demo');
    await signIn(page, 'admin');
    await page.goto('/settings');
    const section = page.getByRole('region', { name: es.appearance.title });
    await expect(section).toBeVisible();

    await section.locator('input[type=file]').setInputFiles({ name: 'escudo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await expect(section.getByRole('img', { name: es.appearance.logoPreview })).toBeVisible();
    const color = section.getByRole('textbox', { name: es.appearance.color });
    // An unreadable colour is flagged while typing and cannot be saved.
    await color.fill('#FFFF00');
    await expect(section.getByRole('alert')).toContainText('1.1:1');
    await expect(section.getByRole('button', { name: es.appearance.save })).toBeDisabled();
    await color.fill(PURPLE);
    await color.press('Escape');
    await section.getByRole('button', { name: es.appearance.save }).click();
    await expect(section.getByText(es.appearance.saved)).toBeVisible();

    // The administrator's own app bar follows without a reload.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('navigation', { name: es.shell.mainNavigation }).getByTestId('app-bar-logo')).toHaveAttribute('src', /\/api\/demo\/settings\/appearance\/logo\/[0-9a-f]{32}\.png$/);
    await expectNoSeriousA11yViolations(page, '/settings appearance');
    await captureBothWidths(page, 'appearance-settings', section);
    keepShots('appearance-settings');

    // A parent, on another device: the sign-in screen and the app bar carry the logo and the colour.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    await phone.goto('/');
    await enterSchool(phone, 'demo');
    await expect(phone.getByRole('img', { name: /.+/ }).first()).toHaveAttribute('src', /\/settings\/appearance\/logo\//);
    await expectNoSeriousA11yViolations(phone, '/login with the school logo');
    await captureBothWidths(phone, 'appearance-login');
    keepShots('appearance-login');
    await signIn(phone, 'parent');
    const bar = phone.locator('header').first();
    await expect(bar.getByTestId('app-bar-logo')).toBeVisible();
    // The bar is the school colour, darkened only as far as white text needs (4.5:1).
    const background = await bar.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgb(25, 124, 166)');
    expect(background).toMatch(/^rgb\(10[0-6], 2[0-7], 1[45]\d\)$/);
    await expectNoSeriousA11yViolations(phone, '/highlights in the school colour');
    await captureBothWidths(phone, 'appearance-app-bar');
    keepShots('appearance-app-bar');

    // The parent opens a child's profile: the school ID card carries the same logo and band colour.
    await phone.getByRole('navigation', { name: es.shell.mainNavigation }).getByRole('link', { name: es.nav.more }).click();
    await phone.getByRole('link', { name: es.screens.myChildren }).click();
    await expect(phone).toHaveURL(/\/people\/\d+\/children$/);
    await phone.getByRole('list', { name: es.screens.children }).getByRole('link').first().click();
    const card = phone.getByRole('article', { name: es.idCard.title });
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name: /^Logo de .+/ })).toHaveAttribute('src', /\/settings\/appearance\/logo\//);
    expect(await card.locator('header').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(background);
    // Phone-first: the card fits the 390 px screen in credit-card proportions.
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.width / box.height).toBeGreaterThan(1.5);
    await expect(phone.getByRole('button', { name: es.idCard.print })).toBeVisible();
    await expectNoSeriousA11yViolations(phone, "a child's profile with the school ID card");
    await captureBothWidths(phone, 'idcard', card);
    keepShots('idcard', '/tmp/shots/idcard');
    // Printed, the card is all there is: no app bar, navigation, other sections or the button itself.
    await phone.emulateMedia({ media: 'print' });
    await expect(card).toBeVisible();
    await expect(phone.getByRole('button', { name: es.idCard.print })).toBeHidden();
    await expect(phone.getByRole('navigation', { name: es.shell.mainNavigation })).toBeHidden();
    await expect(phone.getByRole('heading', { level: 1 })).toBeHidden();
    await phone.evaluate(() => window.scrollTo(0, 0));
    await phone.screenshot({ path: '/tmp/shots/idcard/idcard-print.png' });
    await phone.emulateMedia({ media: null });
    await context.close();
  } finally {
    // Other journeys expect the demo school as seeded.
    const { name, color, logo, language, timeZone } = original;
    await fetch(`${baseURL}/api/demo/settings/appearance`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, color, logo, language, timeZone, signInMethods: { link: original.signInMethods.link } }),
    });
  }
});
