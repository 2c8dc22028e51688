import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { captureBothWidths } from '../support/screenshots';
import { texts } from '../support/texts';

const { de, fr } = texts;

test.use({ locale: 'de-DE' });

test('a German browser sees the school code screen in German, switches to French, and the choice holds on /login', async ({ page }) => {
  page.setDefaultTimeout(15_000);
  await page.goto('/code');
  await expect(page.getByRole('heading', { name: de.code.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expectNoSeriousA11yViolations(page, '/code in German');
  await captureBothWidths(page, 'onboarding-code-de');

  await page.getByRole('combobox', { name: de.languageChoice.label }).selectOption('fr');
  await expect(page.getByRole('heading', { name: fr.code.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('combobox', { name: fr.languageChoice.label })).toHaveValue('fr');

  // The choice is kept for the session: the next screen and a reload stay in French.
  await page.getByLabel(fr.code.label).fill('demo');
  await page.getByRole('button', { name: fr.code.submit }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: fr.login.title })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: fr.login.title })).toBeVisible();
  await captureBothWidths(page, 'onboarding-login-fr');
});
