import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { enterSchool, expectSignInLinkWorksOnce, spanishSpeakingParent } from '../support/journey';
import { readLinkFromMail } from '../support/mailbox';
import { captureBothWidths } from '../support/screenshots';
import { texts } from '../support/texts';

const { es } = texts;
// The demo parent's address (demo-people.ts: first name and last name at example.com).
const PARENT_EMAIL = 'andres.gomez@example.com';
const SIGN_IN_LINK = /https?:\/\/\S+\/login\?school=demo&token=[A-Za-z0-9_-]+/;

test('a parent asks for a sign-in link on /login, opens the mailed link once and lands signed in', async ({ page, baseURL, browser }) => {
  page.setDefaultTimeout(15_000);
  await spanishSpeakingParent(baseURL!);

  await page.goto('/');
  await enterSchool(page, 'demo');
  await captureBothWidths(page, 'auth-login-offers-mail-link');
  await page.getByRole('button', { name: es.mailedSignIn.open }).click();
  const dialog = page.getByRole('dialog', { name: es.mailedSignIn.title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(es.mailedSignIn.login).fill('parent');
  await expectNoSeriousA11yViolations(page, '/login (email me a sign-in link)');
  await captureBothWidths(page, 'auth-sign-in-link-dialog');
  await dialog.getByRole('button', { name: es.mailedSignIn.send }).click();
  await expect(dialog.getByText(es.mailedSignIn.sent)).toBeVisible();
  await captureBothWidths(page, 'auth-sign-in-link-sent');
  await dialog.getByRole('button', { name: es.mailedSignIn.done }).click();
  await expect(dialog).toBeHidden();

  // He opens the mail on this device and lands signed in; the link works once.
  const link = new URL(await readLinkFromMail(PARENT_EMAIL, SIGN_IN_LINK));
  await expectSignInLinkWorksOnce(page, browser, link);
});
