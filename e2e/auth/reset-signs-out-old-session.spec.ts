import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { enterSchool, signIn, submitSignIn } from '../support/journey';
import { readLinkFromMail } from '../support/mailbox';
import { captureBothWidths } from '../support/screenshots';
import { fill, texts } from '../support/texts';

const es = texts.es;
// A mother of the demo school with an email and no password yet (a family that joined mid-year).
const MOTHER_EMAIL = 'carolina.salcedo@example.com';
const RESET_LINK = /\/reset-password\?school=demo&token=([A-Za-z0-9_-]+)/;
const FIRST_PASSWORD = 'Mariposas del parque 31';
const SECOND_PASSWORD = 'Tormenta sobre los cerros 58';
// The other device the resets happen on: her phone.
const PHONE_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240205.004) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/**
 * The forgot-password mail flow through the API, as the person would go through it on another device:
 * asks for a link, reads the newest mail (not `previousLink`), sets `password`. Answers the link and the username.
 */
async function resetByMail(baseURL: string, password: string, previousLink?: string): Promise<{ link: string; username: string }> {
  const asked = await fetch(`${baseURL}/api/demo/password-resets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: MOTHER_EMAIL }),
  });
  expect(asked.status).toBe(202);
  let link = '';
  await expect
    .poll(async () => {
      link = await readLinkFromMail(MOTHER_EMAIL, RESET_LINK);
      return link !== previousLink;
    }, { message: 'a new reset mail', timeout: 15_000 })
    .toBe(true);
  const done = await fetch(`${baseURL}/api/demo/password-resets/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': PHONE_AGENT },
    body: JSON.stringify({ token: link.match(RESET_LINK)![1], password }),
  });
  expect(done.status).toBe(200);
  return { link, username: (await done.json()).username };
}

test('a password reset on another device signs the old browser session out within 5 s', async ({ page, baseURL }) => {
  page.setDefaultTimeout(15_000);
  const first = await resetByMail(baseURL!, FIRST_PASSWORD);

  await page.goto('/');
  await enterSchool(page, 'demo');
  await signIn(page, first.username, FIRST_PASSWORD);

  // /settings lists where she is signed in: this browser, marked as this device, and the phone the reset signed in.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: es.sessions.title });
  await expect(section).toBeVisible();
  await expect(section.getByTestId('settings-session')).toHaveCount(2);
  await expect(section.getByTestId('settings-session').filter({ hasText: es.sessions.thisDevice })).toContainText(/Linux · Chrome \d+/);
  await expect(section.getByRole('button', { name: fill(es.sessions.revokeLabel, { device: 'Android · Pixel 8' }) })).toBeVisible();
  await expect(section.getByRole('button', { name: es.sessions.signOutEverywhere })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/settings (signed-in devices)');
  await captureBothWidths(page, 'auth-signed-in-devices', section);

  // She resets her password elsewhere (a lost phone, say): this browser is back at sign-in within 5 s, with no click.
  await resetByMail(baseURL!, SECOND_PASSWORD, first.link);
  await expect(page).toHaveURL(/\/login/, { timeout: 5_000 });
  await expect(page.getByLabel(es.login.username)).toBeVisible();

  // The old password no longer works; the new one does.
  await submitSignIn(page, first.username, FIRST_PASSWORD);
  await expect(page.getByText(es.login.invalidCredentials)).toBeVisible();
  await submitSignIn(page, first.username, SECOND_PASSWORD);
  await expect(page).toHaveURL(/\/settings$/);
  // The phone's first session ended with the reset; the second reset's and this new one remain.
  await expect(page.getByRole('region', { name: es.sessions.title }).getByTestId('settings-session')).toHaveCount(2);
});
