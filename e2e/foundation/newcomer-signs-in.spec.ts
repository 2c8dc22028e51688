import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { enterSchool, signIn } from '../support/journey';
import { captureBothWidths } from '../support/screenshots';
import { texts } from '../support/texts';

const { es, en } = texts;

test('a newcomer finds the school, signs in as a parent, switches to English and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/code$/);
  await expect(page.getByRole('heading', { name: es.code.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/code');
  await captureBothWidths(page, 'foundation-code');

  await enterSchool(page, 'demo');
  await expect(page.getByRole('heading', { name: es.login.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/login');
  await captureBothWidths(page, 'foundation-login');

  await signIn(page, 'parent');
  const nav = page.getByRole('navigation', { name: es.shell.mainNavigation });
  await expect(nav.getByRole('link', { name: es.nav.highlights })).toBeVisible();
  await expect(nav.getByRole('link', { name: es.nav.contacts })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', /^es/);
  await expectNoSeriousA11yViolations(page, '/highlights');
  await captureBothWidths(page, 'foundation-highlights');

  await nav.getByRole('link', { name: es.nav.more }).click();
  await page.getByRole('link', { name: es.screens.settings }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.getByRole('navigation', { name: en.shell.mainNavigation })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await captureBothWidths(page, 'foundation-settings-en');

  // The session (school, token, language) survives a reload.
  await page.waitForTimeout(500);
  await page.reload();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('navigation', { name: en.shell.mainNavigation })
    .getByRole('link', { name: en.nav.highlights })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();

  await page.getByRole('button', { name: en.settings.signOut, exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: en.login.title })).toBeVisible();

  // Signed out for real: a protected screen sends the visitor back to sign in.
  await page.goto('/inbox');
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown school code and a wrong password get clear translated errors', async ({ page }) => {
  await page.goto('/code');
  await page.getByLabel(es.code.label).fill('no-such-school');
  await page.getByRole('button', { name: es.code.submit }).click();
  await expect(page.getByText(es.code.unknown.replace('{{code}}', 'no-such-school'))).toBeVisible();
  await expect(page).toHaveURL(/\/code$/);

  await enterSchool(page, 'demo');
  await page.getByLabel(es.login.username).fill('parent');
  await page.getByLabel(es.login.password, { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: es.login.submit, exact: true }).click();
  await expect(page.getByText(es.login.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
