import { expect, test } from '../support/test';
import { startTestProvider, type TestProvider } from '../../apps/server/src/test/oidc-provider';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { enterSchool } from '../support/journey';
import { captureBothWidths } from '../support/screenshots';
import { fill, texts } from '../support/texts';

const { es } = texts;

// The app runs with OIDC_GOOGLE_* pointing at this provider (playwright.config.ts): a real OpenID
// provider (oidc-provider) on 127.0.0.1 playing Google, which signs in the demo parent at once.
let google: TestProvider;

test.beforeAll(async ({ baseURL }) => {
  google = await startTestProvider({
    port: Number(process.env.PATIO_E2E_OIDC_PORT),
    clients: [{ client_id: 'patio-e2e', client_secret: 'patio-e2e-secret', redirect_uris: [`${baseURL}/oauth/google/callback`] }],
  });
});
test.afterAll(async () => {
  await google?.close();
});

test('a parent signs in with Google from the code screen to the highlights, then sees and unlinks the account', async ({ page }) => {
  // The demo parent's email (apps/server/src/db/seed/demo-people.ts), verified by "Google".
  google.signInAs({ sub: 'google-parent-1', email: 'andres.gomez@example.com', email_verified: true, given_name: 'Andrés', family_name: 'Gómez' });

  await page.goto('/code');
  await enterSchool(page, 'demo');
  const button = page.getByRole('button', { name: es.login.withGoogle });
  await expect(button).toBeVisible();
  // Only the providers the school offers: Office 365 and Apple are not configured.
  await expect(page.getByRole('button', { name: es.login.withOffice })).toHaveCount(0);
  await expect(page.getByRole('button', { name: es.login.withApple })).toHaveCount(0);
  await captureBothWidths(page, 'auth-sso-login', button);

  await button.click();
  await expect(page).toHaveURL(/\/highlights$/);
  const nav = page.getByRole('navigation', { name: es.shell.mainNavigation });
  await expect(nav.getByRole('link', { name: es.nav.highlights })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/highlights after Google');
  await captureBothWidths(page, 'auth-sso-highlights');

  // /settings lists the linked Google account; unlinking it is one click.
  await page.goto('/settings');
  const linked = page.getByRole('region', { name: es.sso.links.title });
  await expect(linked.getByText('Google · andres.gomez@example.com')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/settings with a linked account');
  await captureBothWidths(page, 'auth-sso-settings', linked);
  await linked.getByRole('button', { name: fill(es.sso.links.remove, { provider: 'Google' }) }).click();
  await expect(linked.getByText(fill(es.sso.links.removed, { provider: 'Google' }))).toBeVisible();
  await expect(linked.getByText(fill(es.sso.links.empty, { providers: 'Google' }))).toBeVisible();
});

test('an answer whose state is not the one this tab stored shows the spec §8 text', async ({ page }) => {
  await page.goto('/code');
  await enterSchool(page, 'demo');
  await page.goto('/oauth/google/callback?code=forged-code&state=forged-state');
  await expect(page.getByRole('alert')).toHaveText(es.sso.invalidState);
  await expect(page.getByRole('link', { name: es.sso.backToLogin })).toBeVisible();
  await captureBothWidths(page, 'auth-sso-invalid-state');
});
